import { describe, expect, it } from "vitest";
import { HARBOUR, useProvider } from "./fixtures";

const { p, tokens } = useProvider({
  buyer: { email: "buyer@demo.test", contactId: 5001 }, // Northwind selected
  approver: "approver@demo.test",
  requester: "requester@demo.test",
  manpack: "manpack@demo.test", // Harbour
  admin: "admin@demo.test",
});

const ids = (body: any) => body.data.map((o: any) => o.tranId);
const countOrders = async () => Number((await p.db("orders").count({ n: "*" }).first())!.n);

describe("GET /api/order", () => {
  it("lists the customer's orders newest first as {total, limit, skip, data}", async () => {
    const { status, body } = await p.api("GET", "/api/order", { token: tokens.buyer });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 4, limit: 16, skip: 0 });
    expect(ids(body)).toEqual(["SO100004", "SO100003", "SO100002", "SO100001"]);
    expect(body.data[0]).toMatchObject({
      internalId: "4",
      orderStatus: "Partially Fulfilled",
      subTotal: 20,
      shippingCost: 5.95,
      taxTotal: 5.19,
      total: 31.14,
      contact: { name: "Ava Approver" },
    });
    expect(body.data[0].itemList).toBeUndefined();
  });

  it("$limit, $skip and $sort page through", async () => {
    const { body } = await p.api("GET", "/api/order?$limit=2&$skip=1&$sort[createdDate]=1", { token: tokens.buyer });
    expect(body).toMatchObject({ total: 4, limit: 2, skip: 1 });
    expect(ids(body)).toEqual(["SO100002", "SO100003"]);
  });

  it("$limit=0 answers the total only (the pending count)", async () => {
    const { body } = await p.api("GET", "/api/order?$limit=0&orderToApprove=true&orderStatus=Pending%20Approval", {
      token: tokens.approver,
    });
    expect(body).toEqual({ total: 1, limit: 0, skip: 0, data: [] });
  });

  it("filters: orderStatus[$in], createdDate range, orderedBy, depot, $ne, $nin, $or, departments", async () => {
    const q = async (qs: string) => ids((await p.api("GET", `/api/order?${qs}`, { token: tokens.buyer })).body);
    expect(await q("orderStatus[$in][]=Billed&orderStatus[$in][]=Pending%20Fulfillment")).toEqual([
      "SO100002",
      "SO100001",
    ]);
    expect(await q("orderStatus[$in]=Billed,Pending%20Approval")).toEqual(["SO100003", "SO100002"]);
    expect(await q("createdDate[$gte]=2026-10-02&createdDate[$lte]=2026-10-03")).toEqual(["SO100003", "SO100002"]);
    expect(await q("orderedBy=rory")).toEqual(["SO100003"]);
    expect(await q("orderedBy=po-4")).toEqual(["SO100004"]);
    expect(await q("orderedBy=100001")).toEqual(["SO100001"]);
    expect(await q("orderedBy=%25")).toEqual([]);
    expect(await q("depot=704")).toEqual(["SO100002"]);
    expect(await q("internalId[$ne]=4&internalId[$nin][]=3")).toEqual(["SO100002", "SO100001"]);
    expect(await q("$or[0][tranId]=SO100001&$or[1][orderStatus]=Billed")).toEqual(["SO100002", "SO100001"]);
    expect(await q("departments[]=301&$limit=1")).toEqual(["SO100004"]);
  });

  it("includeExtraData adds lines and ship groups in one go", async () => {
    const { body } = await p.api("GET", "/api/order?includeExtraData=true&tranId=SO100001", { token: tokens.buyer });
    expect(body.data[0].itemList.item).toHaveLength(2);
    expect(body.data[0].totalQuantity).toBe(3);
    expect(body.data[0].shipGroupList.shipGroup[0]).toMatchObject({
      destinationAddressRef: { internalId: "701" },
      destinationAddress: "Northwind Depot House, Leeds LS1 4AP",
    });
  });

  it.each([
    ["$limit=abc", "$limit"],
    ["$limit=-1", "$limit"],
    ["$limit=10001", "$limit"],
    ["$skip=1.5", "$skip"],
    ["tranId[$bogus]=1", "tranId[$bogus]"],
    ["bogus=1", "bogus"],
    ["createdDate[$gte]=yesterday", "createdDate[$gte]"],
    ["$sort[bogus]=1", "$sort[bogus]"],
    ["$sort[createdDate]=up", "$sort[createdDate]"],
    ["internalId=abc", "internalId"],
    ["orderToApprove=maybe", "orderToApprove"],
    ["$or=x", "$or"],
    ["$or[0][nope]=1", "$or[0][nope]"],
    ["tranId[$in][a]=1", "tranId[$in]"],
  ])("400 naming the parameter for %s", async (qs, name) => {
    const { status, body } = await p.api("GET", `/api/order?${qs}`, { token: tokens.buyer });
    expect(status).toBe(400);
    expect(body.name).toBe("BadRequest");
    expect(body.message).toContain(`'${name}'`);
  });

  it("users without viewAllOrders see only their own", async () => {
    const { body } = await p.api("GET", "/api/order", { token: tokens.requester });
    expect(ids(body)).toEqual(["SO100003"]);
  });

  it("another customer's order is a 404; evolve users may act across customers", async () => {
    expect((await p.api("GET", "/api/order/5", { token: tokens.buyer })).status).toBe(404);
    expect((await p.api("GET", "/api/order/nope", { token: tokens.buyer })).status).toBe(404);
    expect((await p.api("GET", "/api/order/1", { token: tokens.buyer })).status).toBe(200);
    expect((await p.api("GET", "/api/order/1", { token: tokens.manpack })).status).toBe(404);
    expect((await p.api("GET", `/api/order?customerId=${HARBOUR}`, { token: tokens.buyer })).status).toBe(403);
    expect((await p.api("GET", "/api/order?$limit=0", { token: tokens.admin })).body.total).toBe(7);
    const asHarbour = await p.api("GET", `/api/order?customerId=${HARBOUR}`, { token: tokens.admin });
    expect(ids(asHarbour.body)).toEqual(["SO100006", "SO100005"]);
    expect((await p.api("GET", `/api/order/1?customerId=${HARBOUR}`, { token: tokens.admin })).status).toBe(404);
  });

  it("GET /api/order/:id carries lines, ship groups and despatches", async () => {
    const { body } = await p.api("GET", "/api/order/2", { token: tokens.buyer });
    expect(body.itemList.item[0]).toMatchObject({
      item: { internalId: "20002", name: "Hi-Vis Jacket M" },
      quantity: 1,
    });
    expect(body.despatches).toEqual([
      expect.objectContaining({ internalId: "901", trackingNumber: "TRK1", carrier: "DPD" }),
    ]);
  });
});

describe("GET /api/despatch", () => {
  it("is reachable through its order and scoped", async () => {
    expect((await p.api("GET", "/api/despatch/901", { token: tokens.buyer })).body).toMatchObject({
      tranId: "IF900901",
      order: { tranId: "SO100002" },
      lines: [{ quantity: 1 }],
    });
    expect((await p.api("GET", "/api/despatch/902", { token: tokens.buyer })).status).toBe(404);
    expect((await p.api("GET", "/api/despatch?orderId=2", { token: tokens.buyer })).body.total).toBe(1);
    expect((await p.api("GET", "/api/despatch?orderId=5", { token: tokens.buyer })).body.total).toBe(0);
  });
});

describe("POST /api/order", () => {
  const stock = (extra: object = {}) => ({
    orderType: "standard",
    items: [
      { internalId: "20002", qty: 2 },
      { internalId: "20010", qty: 4 },
    ],
    addressId: "701",
    shippingMethod: "1",
    deliveryInstructions: "Gate 3",
    ...extra,
  });

  it("places a stock order priced from the catalogue", async () => {
    const res = await p.api("POST", "/api/order", {
      token: tokens.buyer,
      body: stock({
        items: [
          { internalId: "20002", qty: 2, price: 0.01 },
          { internalId: 20010, qty: 4 },
        ],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.tranId).toBe(`SO${100000 + Number(res.body.internalId)}`);
    expect(res.body).toMatchObject({
      orderStatus: "Pending Fulfillment",
      subTotal: 121,
      shippingCost: 5.95,
      taxTotal: 25.39,
      message: "Gate 3",
      shippingAddress: { internalId: "701", addr1: "Northwind Depot House" },
    });
    expect(res.body.itemList.item.map((l: any) => [l.item.internalId, l.quantity, l.rate])).toEqual([
      ["20002", 2, 24.5],
      ["20010", 4, 18],
    ]);
  });

  it("writes the lines in item order and keeps the basket's order in line_no (decision 126: one lock order for the report totals)", async () => {
    const res = await p.api("POST", "/api/order", {
      token: tokens.buyer,
      body: stock({
        items: [
          { internalId: "20010", qty: 4 },
          { internalId: "20002", qty: 2 },
        ],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.itemList.item.map((l: any) => l.item.internalId)).toEqual(["20010", "20002"]);
    const written = await p
      .db("order_lines")
      .where("order_id", Number(res.body.internalId))
      .orderBy("id")
      .select("item_id", "line_no");
    expect(written).toEqual([
      { item_id: 20002, line_no: 2 },
      { item_id: 20010, line_no: 1 },
    ]);
  });

  it("honours Idempotency-Key: the same order again, no second order", async () => {
    const before = await countOrders();
    const headers = { "idempotency-key": "checkout-abc" };
    const [a, b] = await Promise.all([
      p.api("POST", "/api/order", { token: tokens.buyer, body: stock(), headers }),
      p.api("POST", "/api/order", { token: tokens.buyer, body: stock(), headers }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.internalId).toBe(b.body.internalId);
    const c = await p.api("POST", "/api/order", { token: tokens.buyer, body: stock(), headers });
    expect(c.body.internalId).toBe(a.body.internalId);
    expect(await countOrders()).toBe(before + 1);
  });

  it("records a card payment's stripeId/stripePaid and the payment method with the order", async () => {
    const res = await p.api("POST", "/api/order", {
      token: tokens.buyer,
      body: stock({
        stripeId: "pi_123",
        stripePaid: true,
        paymentMethod: { custentitypayment_method: 0, paymentToken: "pi_123", cvc: "", session: "s-1" },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ stripeId: "pi_123", stripePaid: true, paymentMethod: { internalId: "0" } });
    const plain = await p.api("POST", "/api/order", { token: tokens.buyer, body: stock() });
    expect(plain.body).toMatchObject({ stripeId: null, stripePaid: false });
  });

  it("answers a replayed Idempotency-Key before looking at the body (the basket emptied by the first order)", async () => {
    const headers = { "idempotency-key": "checkout-replay" };
    const first = await p.api("POST", "/api/order", { token: tokens.buyer, body: stock(), headers });
    expect(first.status).toBe(201);
    const before = await countOrders();
    const replay = await p.api("POST", "/api/order", { token: tokens.buyer, body: stock({ items: [] }), headers });
    expect(replay.status).toBe(201);
    expect(replay.body.internalId).toBe(first.body.internalId);
    // a fresh key with no lines is still refused
    const fresh = await p.api("POST", "/api/order", {
      token: tokens.buyer,
      body: stock({ items: [] }),
      headers: { "idempotency-key": "checkout-new" },
    });
    expect(fresh.status).toBe(400);
    expect(await countOrders()).toBe(before);
  });

  it.each([
    [{ items: [{ internalId: "20002", qty: 100 }] }, "items.0.qty"],
    [{ items: [{ internalId: "20002", qty: 0 }] }, "items.0.qty"],
    [{ items: [{ internalId: "20010", qty: 3 }] }, "items.0.qty"],
    [{ items: [{ internalId: "20002", qty: 1.5 }] }, "items.0.qty"],
    [{ items: [{ internalId: "99999", qty: 1 }] }, "items.0.internalId"],
    [{ items: [{ internalId: "20020", qty: 1 }] }, "items.0.internalId"],
    [{ items: [{ internalId: "20001", qty: 1 }] }, "items.0.internalId"],
    [{ items: [] }, "items"],
    [{ addressId: "702" }, "addressId"],
    [{ addressId: "703" }, "addressId"],
    [{ addressId: null }, "addressId"],
    [{ shippingMethod: "3" }, "shippingMethod"],
    [{ shippingMethod: "4" }, "shippingMethod"],
    [{ orderType: "other" }, "orderType"],
    [{ surprise: true }, "body"],
    [{ paymentMethod: { custentitypayment_method: 2 } }, "paymentMethod.custentitypayment_method"],
  ])("400 and nothing written for %j", async (extra, field) => {
    const before = await countOrders();
    const lines = Number((await p.db("order_lines").count({ n: "*" }).first())!.n);
    const res = await p.api("POST", "/api/order", { token: tokens.buyer, body: stock(extra) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`"${field}"`);
    expect(await countOrders()).toBe(before);
    expect(Number((await p.db("order_lines").count({ n: "*" }).first())!.n)).toBe(lines);
  });

  it("a custom address is stored as the customer's custom address", async () => {
    const res = await p.api("POST", "/api/order", {
      token: tokens.buyer,
      body: stock({ addressId: undefined, customAddress: { addr1: "1 New Road", city: "York", zip: "YO1 7HH" } }),
    });
    expect(res.status).toBe(201);
    expect(res.body.shippingAddress).toMatchObject({ addr1: "1 New Road", zip: "YO1 7HH" });
    const custom = await p.api("GET", "/api/custom-addresses", { token: tokens.buyer });
    expect(custom.body.data.map((a: any) => a.details.addr1)).toContain("1 New Road");
  });

  it("places a manpack order with lines per wearer", async () => {
    const body = {
      orderType: "manpack",
      packs: [{ contactId: "5102", items: [{ internalId: "20030", qty: 2 }], addressId: "702", shippingMethod: "4" }],
    };
    const res = await p.api("POST", "/api/order", { token: tokens.manpack, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      isWearerPack: true,
      salesOrderType: { internalId: "1" },
      employee: { internalId: "5102" },
      subTotal: 31.5,
      shippingCost: 0,
    });
    expect(res.body.itemList.item[0]).toMatchObject({
      employee: { internalId: "5102" },
      shipAddress: { internalId: "702", name: "Harbour Hospital" },
    });
    const wrong = await p.api("POST", "/api/order", {
      token: tokens.manpack,
      body: { ...body, packs: [{ ...body.packs[0], contactId: "5004" }] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('"packs.0.contactId"');
    expect(
      (await p.api("POST", "/api/order", { token: tokens.manpack, body: stock({ addressId: "702" }) })).status,
    ).toBe(403);
  });
});

describe("wearer-pack allowances", () => {
  it("charge the wearer's budget and refuse a pack over it, writing nothing", async () => {
    const token = await p.login("buyer@demo.test");
    await p.api("POST", "/api/select-customer", { token, body: { contactId: "5001" } });
    await p.db("items").where("id", 20030).update({ allocation_type: "Jacket" });
    const pack = (qty: number) => ({
      orderType: "manpack",
      packs: [{ contactId: "5004", items: [{ internalId: "20030", qty }], addressId: "701" }],
    });
    const before = await countOrders();
    const over = await p.api("POST", "/api/order", { token, body: pack(2) });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('"packs.0.items"');
    expect(over.body.message).toContain("1 Jacket allowance left");
    expect(await countOrders()).toBe(before);
    expect((await p.api("POST", "/api/order", { token, body: pack(1) })).status).toBe(201);
    expect((await p.db("contact_budgets").where("id", 1).first()).used_qty).toBe(2);
    expect((await p.api("POST", "/api/order", { token, body: pack(1) })).status).toBe(400);
  });
});

describe("approval", () => {
  let orderId: string;
  it("a requester's order starts as Pending Approval and shows in the approver's orderToApprove listing", async () => {
    const res = await p.api("POST", "/api/order", {
      token: tokens.requester,
      body: { orderType: "standard", items: [{ internalId: "20002", qty: 1 }], addressId: "701" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orderStatus: "Pending Approval", pendingWebApproval: true });
    orderId = res.body.internalId;
    const list = await p.api("GET", "/api/order?orderToApprove=true&orderStatus=Pending%20Approval", {
      token: tokens.approver,
    });
    expect(list.body.data.map((o: any) => o.internalId)).toContain(orderId);
    expect(list.body.data.find((o: any) => o.internalId === orderId).orderToApprove).toBe(true);
    const mail = await p.db("outbox").where({ to_email: "approver@demo.test", kind: "approval" });
    expect(mail.length).toBeGreaterThan(0);
    expect((await p.api("GET", "/api/order?orderToApprove=true", { token: tokens.requester })).body.total).toBe(0);
  });

  it("only an approver decides; a rejection needs a note; deciding twice is a 409", async () => {
    const decide = (token: string, body: object) => p.api("PATCH", `/api/order/${orderId}`, { token, body });
    expect((await decide(tokens.requester, { decision: "approve" })).status).toBe(403);
    expect((await decide(tokens.manpack, { decision: "approve" })).status).toBe(404);
    const noNote = await decide(tokens.approver, { decision: "reject", note: "  " });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toContain('"note"');
    expect((await decide(tokens.approver, { decision: "maybe" })).status).toBe(400);
    const ok = await decide(tokens.approver, { decision: "reject", note: "Too many" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      webRejected: true,
      rejectionNote: "Too many",
      pendingWebApproval: false,
      approval: { decision: "rejected" },
    });
    const again = await decide(tokens.approver, { decision: "approve" });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been rejected/);
  });

  it("approving moves the order to Pending Fulfillment", async () => {
    const res = await p.api("PATCH", "/api/order/3", { token: tokens.approver, body: { decision: "approve" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orderStatus: "Pending Fulfillment",
      pendingWebApproval: false,
      approval: { decision: "approved" },
    });
  });
});

describe("POST /api/re-order", () => {
  it("answers the stock lines, dropping products that no longer exist", async () => {
    await p.db("items").where("id", 20010).update({ is_inactive: true });
    const res = await p.api("POST", "/api/re-order", { token: tokens.buyer, body: { orderId: "1" } });
    await p.db("items").where("id", 20010).update({ is_inactive: false });
    expect(res.status).toBe(201);
    expect(res.body.lines).toEqual([
      expect.objectContaining({ productId: "20002", parentId: "20001", qty: 1, price: 24.5 }),
    ]);
    expect(res.body.dropped).toEqual([{ internalId: "20010", name: "Work Trousers" }]);
    expect((await p.api("POST", "/api/re-order", { token: tokens.buyer, body: { orderId: "5" } })).status).toBe(404);
  });

  it("answers per-employee lines for a wearer pack", async () => {
    const token = await p.login("manpack@demo.test");
    const res = await p.api("POST", "/api/re-order", { token, body: { orderId: "6" } });
    expect(res.body.orderType).toBe("manpack");
    expect(res.body.packs[0].employeeId).toBe("5102");
  });
});
