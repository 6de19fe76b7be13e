import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { orderAnswer, orderHandlers, type OrderCalls } from "../../tests/mocks/upstream/orders";
import { get, locationOf, post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { action, loader } from "./_default.order-to-approve.$orderId";
import { loader as listLoader } from "./_default.order-to-approve._index";

const t = useRouteTest();
const approver = () =>
  sessionAnswer({ permissions: ["viewOrderHistory", "orderApproval"], setting: { isApprover: true } });

type FormAnswer = {
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

async function decide(form: Record<string, string>, orderId = "3") {
  return settle(async () =>
    action({
      request: post(`/order-to-approve/${orderId}`, form, await sessionCookie()),
      params: { orderId },
      context: testLoadContext(),
    }),
  );
}

describe("/order-to-approve/{orderId}", () => {
  it("approves: PATCH {decision: approve}, then back to the list with a toast", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn(approver(), ...orderHandlers([orderAnswer()], calls));
    const result = await decide({ intent: "approve" });
    expect(locationOf(result)).toBe("/order-to-approve");
    expect((result as Response).headers.get("Set-Cookie")).toMatch(/__portal_session=/);
    expect(calls.patches).toEqual([{ id: "3", body: { decision: "approve" } }]);
  });

  it("approves with a note: it is sent as the decision's note, the order's picking note upstream (issue 14 item 8)", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn(approver(), ...orderHandlers([orderAnswer()], calls));
    expect(locationOf(await decide({ intent: "approve", pickingNote: "  Deliver to gate 3 " }))).toBe(
      "/order-to-approve",
    );
    expect(calls.patches).toEqual([{ id: "3", body: { decision: "approve", note: "Deliver to gate 3" } }]);
  });

  it("approves with a blank note as without one", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn(approver(), ...orderHandlers([orderAnswer()], calls));
    expect(locationOf(await decide({ intent: "approve", pickingNote: "   " }))).toBe("/order-to-approve");
    expect(calls.patches).toEqual([{ id: "3", body: { decision: "approve" } }]);
  });

  it("a picking note over 2000 characters → 400 on its field, nothing sent upstream", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn(approver(), ...orderHandlers([orderAnswer()], calls));
    const result = (await decide({ intent: "approve", pickingNote: "x".repeat(2001) })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.pickingNote).toBe("Keep the picking note under 2000 characters");
    expect(calls.patches).toEqual([]);
  });

  it("rejects with the note", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn(approver(), ...orderHandlers([orderAnswer()], calls));
    expect(locationOf(await decide({ intent: "reject", note: "  Over budget " }))).toBe("/order-to-approve");
    expect(calls.patches).toEqual([{ id: "3", body: { decision: "reject", note: "Over budget" } }]);
  });

  it.each<Record<string, string>>([{ intent: "reject" }, { intent: "reject", note: "   " }])(
    "reject without a note %j → 400, nothing sent upstream",
    async (form) => {
      const calls: OrderCalls = { lists: [], patches: [] };
      t.signIn(approver(), ...orderHandlers([orderAnswer()], calls));
      const result = (await decide(form)) as FormAnswer;
      expect(result.init.status).toBe(400);
      expect(result.data.fieldErrors.note).toBe("Enter a rejection note for the requester");
      expect(calls.patches).toEqual([]);
    },
  );

  it("an unknown intent → 400", async () => {
    t.signIn(approver(), ...orderHandlers());
    const result = (await decide({ intent: "delete" })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe("Choose Approve or Reject");
  });

  it("a second decision is refused with the provider's message (409), the first stands", async () => {
    t.signIn(approver(), ...orderHandlers([orderAnswer()]));
    expect(locationOf(await decide({ intent: "approve" }))).toBe("/order-to-approve");
    const second = (await decide({ intent: "reject", note: "Too late" })) as FormAnswer;
    expect(second.init.status).toBe(409);
    expect(second.data.formError).toBe("Order SO100003 has already been approved");
  });

  it("another customer's order → 404 with a message", async () => {
    t.signIn(approver(), ...orderHandlers([orderAnswer()]));
    const result = (await decide({ intent: "approve" }, "77")) as FormAnswer;
    expect(result.init.status).toBe(404);
  });

  it("a user with orderApproval but not an approver cannot decide (403) and is sent home from the page", async () => {
    const notApprover = sessionAnswer({ permissions: ["orderApproval"], setting: { isApprover: false } });
    t.signIn(notApprover, ...orderHandlers());
    expect(((await decide({ intent: "approve" })) as Response).status).toBe(403);
    const page = await settle(async () =>
      loader({
        request: get("/order-to-approve/3", await sessionCookie()),
        params: { orderId: "3" },
        context: testLoadContext(),
      }),
    );
    expect(locationOf(page)).toBe("/");
  });
});

describe("/order-to-approve", () => {
  it.each([
    ["", { orderToApprove: "true", orderStatus: "Pending Approval" }],
    ["?view=approved", { orderToApprove: "true", decision: "approved" }],
    ["?view=rejected&page=2", { orderToApprove: "true", decision: "rejected", $skip: "16" }],
  ])("%s asks for the right list", async (search, expected) => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn(approver(), ...orderHandlers([orderAnswer()], calls));
    const data = await listLoader({
      request: get(`/order-to-approve${search}`, await sessionCookie()),
      params: {},
      context: testLoadContext(),
    });
    expect(Object.fromEntries(calls.lists.at(-1)!)).toMatchObject(expected);
    expect(data.total).toBe(1);
  });
});
