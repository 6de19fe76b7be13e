import { describe, expect, it } from "vitest";
import { DEFAULT_PORTAL_URL } from "../config";
import { orderLink } from "../services/orders/notifications";
import { useProvider } from "./fixtures";

// Issue 14 item 8: the order e-mails link to the exact order, absolutely (PORTAL_URL), and the requester hears of
// the approver's decision with its note.

const PORTAL = DEFAULT_PORTAL_URL;
const { p, tokens } = useProvider({
  approver: "approver@demo.test",
  requester: "requester@demo.test",
});

const mails = (to: string, kind: string) => p.db("outbox").where({ to_email: to, kind }).orderBy("id", "asc");

/** A requester's order awaiting approval: its id and tranId. */
async function placeForApproval(): Promise<{ id: string; tranId: string }> {
  const res = await p.api("POST", "/api/order", {
    token: tokens.requester,
    body: { orderType: "standard", items: [{ internalId: "20002", qty: 1 }], addressId: "701" },
  });
  expect(res.status).toBe(201);
  expect(res.body.pendingWebApproval).toBe(true);
  return { id: res.body.internalId, tranId: res.body.tranId };
}

describe("orderLink", () => {
  it("is the portal's address and the order's screen, with one slash between", () => {
    expect(orderLink("https://portal.example.com", "order-to-approve", 12)).toBe(
      "https://portal.example.com/order-to-approve/12",
    );
    expect(orderLink("https://portal.example.com/", "order-history", 12)).toBe(
      "https://portal.example.com/order-history/12",
    );
  });
});

describe("order e-mails", () => {
  it("the approver's e-mail links absolutely to the order to approve", async () => {
    const order = await placeForApproval();
    const [mail] = (await mails("approver@demo.test", "approval")).slice(-1);
    expect(mail.subject).toBe(`Order ${order.tranId} awaits your approval`);
    expect(mail.body).toBe(
      `Rory Requester placed order ${order.tranId}. Review it at ${PORTAL}/order-to-approve/${order.id}`,
    );
  });

  it("approving with a note: the note is the picking note, and the requester is told with the note and a link to the order", async () => {
    const order = await placeForApproval();
    const before = (await mails("requester@demo.test", "decision")).length;
    const res = await p.api("PATCH", `/api/order/${order.id}`, {
      token: tokens.approver,
      body: { decision: "approve", note: "  Leave at gate 3 " },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orderStatus: "Pending Fulfillment",
      pickingNote: "Leave at gate 3",
      approval: { decision: "approved" },
    });
    const sent = await mails("requester@demo.test", "decision");
    expect(sent).toHaveLength(before + 1);
    expect(sent[before].subject).toBe(`Order ${order.tranId} approved`);
    expect(sent[before].body).toBe(
      `Your order ${order.tranId} has been approved and goes to the warehouse.\nPicking note: Leave at gate 3\nSee the order at ${PORTAL}/order-history/${order.id}`,
    );
  });

  it("approving without a note keeps the order's picking note and says no note", async () => {
    const order = await placeForApproval();
    await p.db("orders").where("id", Number(order.id)).update({ picking_note: "From checkout" });
    const res = await p.api("PATCH", `/api/order/${order.id}`, {
      token: tokens.approver,
      body: { decision: "approve", note: "   " },
    });
    expect(res.status).toBe(200);
    expect(res.body.pickingNote).toBe("From checkout");
    const [mail] = (await mails("requester@demo.test", "decision")).slice(-1);
    expect(mail.body).toBe(
      `Your order ${order.tranId} has been approved and goes to the warehouse.\nSee the order at ${PORTAL}/order-history/${order.id}`,
    );
  });

  it("rejecting: the requester is told with the reason and a link to the order", async () => {
    const order = await placeForApproval();
    const res = await p.api("PATCH", `/api/order/${order.id}`, {
      token: tokens.approver,
      body: { decision: "reject", note: "Over budget" },
    });
    expect(res.status).toBe(200);
    const [mail] = (await mails("requester@demo.test", "decision")).slice(-1);
    expect(mail.subject).toBe(`Order ${order.tranId} rejected`);
    expect(mail.body).toBe(
      `Your order ${order.tranId} has been rejected.\nReason: Over budget\nSee the order at ${PORTAL}/order-history/${order.id}`,
    );
  });

  it("a refused decision e-mails no one", async () => {
    const order = await placeForApproval();
    expect(
      (await p.api("PATCH", `/api/order/${order.id}`, { token: tokens.approver, body: { decision: "approve" } }))
        .status,
    ).toBe(200);
    const before = (await mails("requester@demo.test", "decision")).length;
    expect(
      (
        await p.api("PATCH", `/api/order/${order.id}`, {
          token: tokens.approver,
          body: { decision: "reject", note: "Too late" },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await p.api("PATCH", `/api/order/${order.id}`, {
          token: tokens.approver,
          body: { decision: "approve", note: "x".repeat(2001) },
        })
      ).status,
    ).toBe(400);
    expect(
      (await p.api("PATCH", `/api/order/${order.id}`, { token: tokens.requester, body: { decision: "approve" } }))
        .status,
    ).toBe(403);
    expect(await mails("requester@demo.test", "decision")).toHaveLength(before);
  });
});

describe("GET /api/order by the status labels users see (issue 14 item 5)", () => {
  it("several statuses at once, without the web flags", async () => {
    const buyer = await p.login("buyer@demo.test");
    await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
    await p.db("orders").where("id", 2).update({ order_status: "Pending Fulfilment" });
    const inProcess = await p.api(
      "GET",
      "/api/order?orderStatus[$in]=Pending%20Fulfillment,Pending%20Fulfilment&webRejected=false&pendingWebApproval=false",
      { token: buyer },
    );
    await p.db("orders").where("id", 2).update({ order_status: "Billed" });
    expect(inProcess.status).toBe(200);
    const statuses = new Set(inProcess.body.data.map((o: any) => o.orderStatus));
    expect([...statuses].sort()).toEqual(["Pending Fulfillment", "Pending Fulfilment"]);
    expect(inProcess.body.data.map((o: any) => o.internalId)).toEqual(expect.arrayContaining(["1", "2"]));
    expect(inProcess.body.data.every((o: any) => !o.webRejected && !o.pendingWebApproval)).toBe(true);
  });
});
