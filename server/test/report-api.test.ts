import type { Knex } from "knex";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../services/reports/params";
import { addUser, NORTHWIND, useProvider } from "./fixtures";

/**
 * Decision 122: POST/GET/PATCH /api/report over HTTP, with the provider's own report worker running (each task is
 * waited for by its status, never by a time).
 */
let db: Knex;
let buyer: string;

const OK = { type: "orders-by-status", from: "2026-10-01", to: "2026-10-31" };
const tasks = async () => Number((await db("report_tasks").count({ n: "*" }).first())?.n ?? 0);

/** Polls the task until the worker has finished it (no time limit of its own: the test's timeout is the bound). */
async function finished(token: string, taskId: string, query = ""): Promise<any> {
  for (;;) {
    const res = await p.api("GET", `/api/report/${taskId}${query}`, { token });
    if (res.body.status === "success" || res.body.status === "failed") return res.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const { p } = useProvider();
beforeAll(async () => {
  db = p.db;
  buyer = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
});

describe("POST /api/report: bad input is a field error and writes nothing", () => {
  it.each([
    ["an unknown type", { ...OK, type: "orders" }, { type: MESSAGES.type }],
    ["no type", { from: OK.from, to: OK.to }, { type: MESSAGES.type }],
    ["malformed dates", { ...OK, from: "2026-13-01", to: "31/10/2026" }, { from: MESSAGES.date, to: MESSAGES.date }],
    ["a day that does not exist", { ...OK, to: "2026-02-30" }, { to: MESSAGES.date }],
    ["no dates", { type: OK.type }, { from: MESSAGES.date, to: MESSAGES.date }],
    ["reversed dates", { ...OK, from: "2026-10-31", to: "2026-10-01" }, { from: MESSAGES.reversed }],
    ["24 months or more", { ...OK, from: "2024-11-01", to: "2026-11-01" }, { to: MESSAGES.span }],
    ["another customer's department", { ...OK, departments: ["302"] }, { departments: "Unknown department: 302" }],
    ["an unknown department", { ...OK, departments: ["301", "99999"] }, { departments: "Unknown department: 99999" }],
    ["a department that is not an id", { ...OK, departments: ["x"] }, { departments: "Unknown department: x" }],
    ["another customer's employee", { ...OK, employees: ["5101"] }, { employees: "Unknown employee: 5101" }],
    ["employees not a list", { ...OK, employees: "5004" }, { employees: "Unknown employee: 5004" }],
    [
      "everything at once",
      { type: "x", from: "2026-10-31", to: "2026-10-01", departments: [302], employees: [5101] },
      {
        type: MESSAGES.type,
        from: MESSAGES.reversed,
        departments: "Unknown department: 302",
        employees: "Unknown employee: 5101",
      },
    ],
  ])("%s", async (_what, body, errors) => {
    const before = await tasks();
    const res = await p.api("POST", "/api/report", { token: buyer, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ name: "BadRequest", errors });
    expect(Object.keys(res.body.errors).sort()).toEqual(Object.keys(errors).sort());
    expect(await tasks()).toBe(before);
  });

  it("just under 24 months is allowed", async () => {
    const res = await p.api("POST", "/api/report", {
      token: buyer,
      body: { ...OK, from: "2024-11-01", to: "2026-10-31" },
    });
    expect(res.status).toBe(201);
    await finished(buyer, res.body.task.taskId);
  });
});

describe("report tasks", () => {
  it("a new task is pending, then runs in the background to success with a paged result", async () => {
    const res = await p.api("POST", "/api/report", {
      token: buyer,
      body: { ...OK, departments: ["301"], employees: [] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      task: {
        taskId: expect.stringMatching(/^\d+$/),
        type: "orders-by-status",
        status: "pending",
        success: null,
        createdAt: "2026-11-21T09:00:00.000Z",
        startedAt: null,
        finishedAt: null,
        params: { from: "2026-10-01", to: "2026-10-31", departments: ["301"], employees: [] },
        reason: null,
        rowCount: null,
      },
    });
    const done = await finished(buyer, res.body.task.taskId);
    expect(done).toMatchObject({
      status: "success",
      success: true,
      reason: null,
      rowCount: 4,
      result: { total: 4, limit: 100, skip: 0 },
    });
    expect(done.result.rows[0]).toEqual({ status: "Billed", orders: 1, subTotal: 20 });
    const page = await p.api("GET", `/api/report/${res.body.task.taskId}?$limit=2&$skip=1`, { token: buyer });
    expect(page.body.result).toEqual({
      total: 4,
      limit: 2,
      skip: 1,
      rows: [
        { status: "Partially Fulfilled", orders: 1, subTotal: 20 },
        { status: "Pending Approval", orders: 1, subTotal: 20 },
      ],
    });
    for (const query of ["?$limit=5001", "?$skip=-1", "?$limit=x", "?type=orders"]) {
      expect((await p.api("GET", `/api/report/${res.body.task.taskId}${query}`, { token: buyer })).status, query).toBe(
        400,
      );
    }
  });

  it("every report type runs to success through the worker", async () => {
    for (const type of [
      "orders-by-status",
      "spend-by-month",
      "top-products",
      "spend-by-department",
      "spend-by-cost-centre",
      "allowance-usage",
      "approval-turnaround",
    ]) {
      const res = await p.api("POST", "/api/report", { token: buyer, body: { ...OK, type } });
      const done = await finished(buyer, res.body.task.taskId);
      expect({ type, status: done.status, reason: done.reason }).toEqual({ type, status: "success", reason: null });
      expect(done.result.total).toBe(done.rowCount);
    }
  });

  it("a new task clears the caller's earlier successes; failed and pending tasks stay; the list is newest first", async () => {
    const user = await addUser(db, "lister@report.test", [{ customerId: NORTHWIND, permissions: ["viewReporting"] }]);
    const token = await p.login(user.email);
    const first = await p.api("POST", "/api/report", { token, body: OK });
    await finished(token, first.body.task.taskId);
    const [failed] = await db("report_tasks")
      .insert({
        customer_id: NORTHWIND,
        user_id: user.userId,
        type: "top-products",
        params_json: "{}",
        status: "failed",
        success: false,
        reason: "The report took longer than 60 seconds",
        created_at: "2026-11-20T09:00:00.000Z",
      })
      .returning("id");
    const failedId = String(typeof failed === "object" ? failed.id : failed);
    const second = await p.api("POST", "/api/report", { token, body: { ...OK, type: "spend-by-month" } });
    const list = await p.api("GET", "/api/report", { token });
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.data.map((t: any) => t.taskId)).toEqual([second.body.task.taskId, failedId]);
    expect(list.body.total).toBe(2);
    expect(list.body.data[1]).toMatchObject({
      status: "failed",
      success: false,
      reason: "The report took longer than 60 seconds",
    });
    expect((await p.api("GET", `/api/report/${first.body.task.taskId}`, { token })).status).toBe(404);
    expect((await p.api("GET", "/api/report?type=orders", { token })).status).toBe(400);
  });

  it("retry: a failed task goes back to pending and runs again; any other → 409", async () => {
    const [row] = await db("report_tasks")
      .insert({
        customer_id: NORTHWIND,
        user_id: 1,
        type: "spend-by-month",
        params_json: JSON.stringify({ from: "2026-09-01", to: "2026-10-31", departments: [], employees: [] }),
        status: "failed",
        success: false,
        reason: "The report could not be finished",
        attempts: 3,
        created_at: "2026-11-21T08:00:00.000Z",
      })
      .returning("id");
    const id = String(typeof row === "object" ? row.id : row);
    const res = await p.api("PATCH", `/api/report/${id}`, { token: buyer, body: { retry: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ taskId: id, status: "pending", success: null, reason: null, finishedAt: null });
    const done = await finished(buyer, id);
    expect(done).toMatchObject({
      status: "success",
      result: {
        rows: [
          { month: "2026-09", orders: 0, subTotal: 0 },
          { month: "2026-10", orders: 4, subTotal: 80 },
        ],
      },
    });
    const again = await p.api("PATCH", `/api/report/${id}`, { token: buyer, body: { retry: true } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ name: "Conflict", message: MESSAGES.retry });
    expect((await p.api("PATCH", `/api/report/${id}`, { token: buyer, body: { retry: false } })).status).toBe(400);
  });
});

describe("who may see what", () => {
  it("403 without viewReporting, for every call", async () => {
    const requester = await p.login("requester@demo.test");
    expect((await p.api("POST", "/api/report", { token: requester, body: OK })).status).toBe(403);
    expect((await p.api("GET", "/api/report", { token: requester })).status).toBe(403);
    expect((await p.api("GET", "/api/report/1", { token: requester })).status).toBe(403);
    expect((await p.api("PATCH", "/api/report/1", { token: requester, body: { retry: true } })).status).toBe(403);
    expect((await p.api("GET", "/api/report")).status).toBe(401);
  });

  it("another user's, another customer's and unknown tasks are 404s", async () => {
    const mine = await p.api("POST", "/api/report", { token: buyer, body: OK });
    const id = mine.body.task.taskId;
    const colleague = await addUser(db, "colleague@report.test", [
      { customerId: NORTHWIND, permissions: ["viewReporting", "viewAllOrders"] },
    ]);
    const other = await p.login(colleague.email);
    expect((await p.api("GET", `/api/report/${id}`, { token: other })).status).toBe(404);
    expect((await p.api("PATCH", `/api/report/${id}`, { token: other, body: { retry: true } })).status).toBe(404);
    expect((await p.api("GET", "/api/report", { token: other })).body.data).toEqual([]);
    // the same user at another business unit
    const atHarbour = await p.login("buyer@demo.test");
    await p.api("POST", "/api/select-customer", { token: atHarbour, body: { contactId: "5101" } });
    expect((await p.api("GET", `/api/report/${id}`, { token: atHarbour })).status).toBe(404);
    expect((await p.api("GET", "/api/report", { token: atHarbour })).body.data.map((t: any) => t.taskId)).not.toContain(
      id,
    );
    for (const unknown of ["999999", "abc", "0"])
      expect((await p.api("GET", `/api/report/${unknown}`, { token: buyer })).status).toBe(404);
    await finished(buyer, id);
  });

  it("without viewAllOrders a report covers the caller's own orders only", async () => {
    const own = await addUser(db, "own@report.test", [{ customerId: NORTHWIND, permissions: ["viewReporting"] }]);
    const token = await p.login(own.email);
    await db("orders").insert({
      id: 31,
      tran_id: "SO300031",
      customer_id: NORTHWIND,
      placed_by_user_id: own.userId,
      contact_id: own.contactIds[0],
      contact_name: "Own",
      created_date: "2026-10-20T10:00:00.000Z",
      order_status: "Billed",
      sub_total: 12.5,
      search_text: "",
    });
    const res = await p.api("POST", "/api/report", { token, body: OK });
    const done = await finished(token, res.body.task.taskId);
    expect(done.result.rows).toEqual([{ status: "Billed", orders: 1, subTotal: 12.5 }]);
  });
});
