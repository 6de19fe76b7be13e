import { describe, expect, it } from "vitest";
import { MAX_WAITING_REPORT_TASKS, TOO_MANY_REPORT_TASKS } from "../../app/domain/report-tasks";
import { addUser, HARBOUR, NORTHWIND, useProvider } from "./fixtures";

// Issue 32 item 8(c), decision 151: a user has at most 5 report tasks waiting or running (any customer); the sixth is
// a 429 with the message, nothing written. No worker runs here, so every task stays waiting until the test moves it.

const OK = { type: "orders-by-status", from: "2026-10-01", to: "2026-10-31" };

// without its queue workers (as role `api`): the tests run reports and workers themselves
const { p } = useProvider({}, { backgroundWork: false });

let n = 0;
/** A new user with reporting at Northwind and Harbour, logged in at Northwind. */
async function reporter() {
  n += 1;
  const email = `reporter-${n}@demo.test`;
  const user = await addUser(p.db, email, [
    { customerId: NORTHWIND, permissions: ["viewReporting"] },
    { customerId: HARBOUR, permissions: ["viewReporting"] },
  ]);
  const token = await p.login(email);
  const selected = await p.api("POST", "/api/select-customer", {
    token,
    body: { contactId: String(user.contactIds[0]) },
  });
  expect(selected.status).toBe(201);
  return { ...user, token };
}
const waiting = async (userId: number) =>
  Number(
    (await p.db("report_tasks").where("user_id", userId).whereIn("status", ["pending", "running"]).count({ n: "*" }))[0]
      .n,
  );
const post = (token: string) => p.api("POST", "/api/report", { token, body: OK });

describe("at most 5 report tasks waiting or running per user", () => {
  it("the sixth is refused with 429 and the message; nothing is written", async () => {
    const u = await reporter();
    for (let i = 0; i < MAX_WAITING_REPORT_TASKS; i += 1) expect((await post(u.token)).status).toBe(201);
    const before = await p.db("report_tasks").where("user_id", u.userId).select("*");
    const sixth = await post(u.token);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(TOO_MANY_REPORT_TASKS);
    expect(sixth.body.message).toBe(
      "You already have 5 reports waiting or running. Please wait for one to finish before asking for another.",
    );
    expect(await p.db("report_tasks").where("user_id", u.userId).select("*")).toEqual(before);
  });

  it("running tasks count; finished and failed ones do not, and a freed slot can be used again", async () => {
    const u = await reporter();
    for (let i = 0; i < MAX_WAITING_REPORT_TASKS; i += 1) expect((await post(u.token)).status).toBe(201);
    const ids = (await p.db("report_tasks").where("user_id", u.userId).orderBy("id").select("id")).map((r) => r.id);
    await p.db("report_tasks").where("id", ids[0]).update({ status: "running" });
    expect((await post(u.token)).status).toBe(429);
    await p.db("report_tasks").where("id", ids[0]).update({ status: "failed", reason: "test" });
    expect((await post(u.token)).status).toBe(201);
    expect((await post(u.token)).status).toBe(429);
    // a failed task run again takes a slot too: refused while five wait
    const retry = await p.api("PATCH", `/api/report/${ids[0]}`, { token: u.token, body: { retry: true } });
    expect(retry.status).toBe(429);
    expect(retry.body.message).toBe(TOO_MANY_REPORT_TASKS);
    expect((await p.db("report_tasks").where("id", ids[0]).first()).status).toBe("failed");
    await p.db("report_tasks").where("id", ids[1]).update({ status: "success", success: true });
    const retried = await p.api("PATCH", `/api/report/${ids[0]}`, { token: u.token, body: { retry: true } });
    expect(retried.status).toBe(200);
    expect(await waiting(u.userId)).toBe(MAX_WAITING_REPORT_TASKS);
  });

  it("counts the user's tasks at every customer, and other users are not affected", async () => {
    const u = await reporter();
    for (let i = 0; i < 3; i += 1) expect((await post(u.token)).status).toBe(201);
    await p.api("POST", "/api/select-customer", { token: u.token, body: { contactId: String(u.contactIds[1]) } });
    expect((await post(u.token)).status).toBe(201);
    expect((await post(u.token)).status).toBe(201);
    expect((await post(u.token)).status).toBe(429);
    const other = await reporter();
    expect((await post(other.token)).status).toBe(201);
  });

  it("parallel posts never pass the limit", async () => {
    const u = await reporter();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(u.token)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_WAITING_REPORT_TASKS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - MAX_WAITING_REPORT_TASKS);
    expect(await waiting(u.userId)).toBe(MAX_WAITING_REPORT_TASKS);
  });
});
