import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminEmailHandlers } from "../../tests/mocks/upstream/admin-emails";
import { action, loader } from "./_default.admin.e-mails";

// /admin/e-mails (issue 32 item 1, decision 147): the provider's e-mails newest first with status, tries and the
// server's last answer, a status filter and pages; "Send again" on a failed one (PATCH /api/admin/e-mail/:id) back to
// the same list with a toast; refusals said in a toast; bad posts a 400; a non-evolve user refused, nothing sent.
const t = useRouteTest();

function setUp(options: { evolve?: boolean } = {}) {
  const mock = adminEmailHandlers();
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const { load, send: submit } = t.route("/admin/e-mails", { loader, action });
type Data = Awaited<ReturnType<typeof loader>>;

describe("/admin/e-mails", () => {
  it("lists the e-mails: to, kind, status with its time, tries and the last error", async () => {
    const { queries } = setUp();
    const data = (await load()) as Data;
    expect(data).toMatchObject({ status: "", total: 3, page: 1, pages: 1 });
    expect(data.rows[0]).toMatchObject({
      id: "3",
      to: "person3@northwind.test",
      kind: "Order to approve",
      subject: "Order SO-1 awaits your approval",
      status: "pending",
      statusWords: "Waiting",
      tries: 2,
      lastError: "451 4.3.0 Mailbox busy",
    });
    expect(data.rows[0].outcomeAt).toMatch(/^next try \d\d\.\d\d\.\d\d \d\d:\d\d$/);
    expect(data.rows[1]).toMatchObject({ statusWords: "Failed", kind: "Invitation", tries: 8 });
    expect(data.rows[1].outcomeAt).toMatch(/^given up /);
    expect(data.rows[2]).toMatchObject({ statusWords: "Sent", lastError: null });
    expect(data.rows[2].outcomeAt).toMatch(/^sent /);
    expect(Object.fromEntries(queries[0])).toEqual({ $limit: "16", $skip: "0" });
  });

  it("the status filter is sent; an unknown one shows all; page 2 skips 16", async () => {
    const { queries } = setUp();
    expect(((await load("?status=failed&page=2")) as Data).status).toBe("failed");
    expect(Object.fromEntries(queries[0])).toEqual({ status: "failed", $limit: "16", $skip: "16" });
    await load("?status=lost");
    expect(queries[1].has("status")).toBe(false);
  });

  it("Send again puts a failed e-mail back in the queue and returns to the same list with a toast", async () => {
    const { writes } = setUp();
    const result = await submit({ intent: "send-again", emailId: "2" }, "?status=failed&page=1");
    expect(writes).toEqual([{ method: "PATCH", path: "/api/admin/e-mail/2", body: { sendAgain: true } }]);
    expect(locationOf(result)).toBe("/admin/e-mails?status=failed&page=1");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "E-mail 2 is queued to be sent again" });
  });

  it("an e-mail not failed (409) or gone (404) is said in a toast", async () => {
    setUp();
    const sent = await submit({ intent: "send-again", emailId: "1" });
    expect(locationOf(sent)).toBe("/admin/e-mails");
    expect(await toastOf(sent)).toEqual({
      kind: "error",
      message: "This e-mail has not failed (it may have been sent again already): nothing was changed",
    });
    const gone = await submit({ intent: "send-again", emailId: "99" });
    expect(await toastOf(gone)).toEqual({ kind: "error", message: "There is no such e-mail" });
  });

  it.each([{ intent: "send-again", emailId: "x" }, { intent: "send-again" }, { intent: "delete", emailId: "2" }])(
    "bad input %j → 400, nothing sent",
    async (form) => {
      const { writes } = setUp();
      const result = (await submit(form as Record<string, string>)) as { init: ResponseInit; data: any };
      expect(result.init.status).toBe(400);
      if ("emailId" in form) expect(result.data.fieldErrors).not.toEqual({});
      else expect(result.data.fieldErrors).toEqual({ emailId: "Choose an e-mail to send again" });
      expect(writes).toEqual([]);
    },
  );

  it("a non-evolve user is refused: page and post, nothing asked or sent", async () => {
    const { writes, queries } = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    expect(locationOf(await submit({ intent: "send-again", emailId: "2" }))).toBe("/");
    expect(writes).toEqual([]);
    expect(queries).toEqual([]);
  });
});
