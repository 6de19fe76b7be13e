import { beforeAll, describe, expect, it } from "vitest";
import { BO_BANDB, HARBOUR, useProvider } from "./fixtures";

// GET /api/order-quote?forBasket=manpack (issue 15 item 6, decision 102): what an order of the caller's live
// wearer-pack basket would total, priced as POST /api/order (manpack) prices it — each pack's lines, a delivery charge
// per ship group (address), VAT — so the checkout's summary and a card charge are the order's own numbers.

const { p, tokens } = useProvider({
  manpack: "manpack@demo.test", // Harbour (contact 5103): canViewManpack, manpackOrders, no indAddress
  requester: "requester@demo.test", // Northwind, stock only
});
beforeAll(async () => {
  await p.db("contacts").insert({ ...BO_BANDB, department_id: 302 });
  await p.db("contacts").insert({
    id: 5105,
    customer_id: HARBOUR,
    first_name: "Ida",
    last_name: "Inactive",
    grade: "Sister",
    employee_ref: "HH-0043",
    manpack_user: true,
    is_inactive: true,
  });
  await p.db("addresses").insert({
    id: 706,
    customer_id: HARBOUR,
    label: "Harbour Wing",
    addr1: "Wing House",
    addr2: "",
    city: "Hull",
    zip: "HU1 2AB",
    addr_text: "Wing House, Hull HU1 2AB",
    created_at: new Date().toISOString(),
  });
});

const packs = (token: string, manpackPacks: unknown[]) =>
  p.api("PATCH", "/api/basket-session", { token, body: { manpack: manpackPacks } });
const quote = (token: string, query = "forBasket=manpack") => p.api("GET", `/api/order-quote?${query}`, { token });
const withPermissions = async (extra: string[]) => {
  const unit = await p.db("user_customers").where({ user_id: 4, customer_id: HARBOUR }).first();
  const before = unit.permissions_json;
  await p
    .db("user_customers")
    .where({ user_id: 4, customer_id: HARBOUR })
    .update({ permissions_json: JSON.stringify([...JSON.parse(before), ...extra]) });
  return async () =>
    p.db("user_customers").where({ user_id: 4, customer_id: HARBOUR }).update({ permissions_json: before });
};

describe("GET /api/order-quote?forBasket=manpack", () => {
  it("quotes each pack at today's prices with the default address and the cheapest method, and the order totals exactly that", async () => {
    const version = (
      await packs(tokens.manpack, [
        { employeeId: "5102", data: [{ productId: "20030", qty: 2, price: 1 }] },
        { employeeId: "5104", data: [{ productId: "20010", qty: 2 }] },
      ])
    ).body.version;
    const { status, body } = await quote(tokens.manpack);
    expect(status).toBe(200);
    // 2 × 15.75 + 2 × 18.00 = 67.50; one ship group (Harbour Hospital) by the Harbour van (£0.00); VAT 13.50
    expect(body).toEqual({
      forBasket: "manpack",
      shippingMethod: "4",
      subTotal: 67.5,
      shippingCost: 0,
      taxTotal: 13.5,
      total: 81,
      totalPence: 8100,
      basketVersion: version,
      packs: [
        { contactId: "5102", addressId: "702", shippingMethod: "4", subTotal: 31.5 },
        { contactId: "5104", addressId: "702", shippingMethod: "4", subTotal: 36 },
      ],
    });
    const order = await p.api("POST", "/api/order", {
      token: tokens.manpack,
      body: {
        orderType: "manpack",
        packs: body.packs.map((q: { contactId: string; addressId: string; shippingMethod: string }, i: number) => ({
          contactId: q.contactId,
          items: [i === 0 ? { internalId: "20030", qty: 2 } : { internalId: "20010", qty: 2 }],
          addressId: q.addressId,
          shippingMethod: q.shippingMethod,
        })),
        basketVersion: version,
      },
    });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      subTotal: body.subTotal,
      shippingCost: body.shippingCost,
      taxTotal: body.taxTotal,
      total: body.total,
    });
    // the order emptied the wearer-pack basket: nothing left to quote
    const empty = await quote(tokens.manpack);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Invalid value at field "forBasket": the wearer-pack basket is empty');
  });

  it("charges one delivery per address, by the method of its first pack, as the order does", async () => {
    const restore = await withPermissions(["indAddress"]);
    try {
      const version = (
        await packs(tokens.manpack, [
          { employeeId: "5102", addressId: "702", shippingMethod: "1", data: [{ productId: "20030", qty: 1 }] },
          { employeeId: "5104", addressId: "706", shippingMethod: "2", data: [{ productId: "20030", qty: 1 }] },
          { employeeId: "5103", addressId: "702", shippingMethod: "2", data: [{ productId: "20030", qty: 1 }] },
        ])
      ).body.version;
      const { status, body } = await quote(tokens.manpack);
      expect(status).toBe(200);
      // 3 × 15.75 = 47.25; Harbour Hospital by Standard (5.95, its first pack's), Harbour Wing by Next day (9.95)
      expect(body).toMatchObject({
        shippingMethod: "1",
        subTotal: 47.25,
        shippingCost: 15.9,
        taxTotal: 12.63,
        total: 75.78,
        totalPence: 7578,
      });
      expect(body.packs.map((q: { shippingMethod: string }) => q.shippingMethod)).toEqual(["1", "2", "2"]);
      const order = await p.api("POST", "/api/order", {
        token: tokens.manpack,
        body: {
          orderType: "manpack",
          packs: body.packs.map((q: { contactId: string; addressId: string; shippingMethod: string }) => ({
            contactId: q.contactId,
            items: [{ internalId: "20030", qty: 1 }],
            addressId: q.addressId,
            shippingMethod: q.shippingMethod,
          })),
          basketVersion: version,
        },
      });
      expect(order.status).toBe(201);
      expect(order.body).toMatchObject({ subTotal: 47.25, shippingCost: 15.9, total: 75.78 });
    } finally {
      await restore();
    }
  });

  it("leaves out packs without lines, and names refused lines, wearers and addresses as the order would (packs.N), writing nothing", async () => {
    await packs(tokens.manpack, [
      { employeeId: "5102", data: [{ productId: "20030", qty: 0 }] },
      { employeeId: "5104", data: [{ productId: "20010", qty: 3 }] },
    ]);
    const step = await quote(tokens.manpack);
    expect(step.status).toBe(400);
    expect(step.body.message).toBe('Invalid value at field "packs.0.items.0.qty": Quantity must be a multiple of 2');
    expect(step.body.data).toEqual({ field: "packs.0.items.0.qty" });

    await packs(tokens.manpack, [
      { employeeId: "5102", data: [{ productId: "20030", qty: 1 }] },
      { employeeId: "5105", data: [{ productId: "20030", qty: 1 }] },
    ]);
    const inactive = await quote(tokens.manpack);
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toBe(
      'Invalid value at field "packs.1.contactId": contact 5105 is not an active contact of this customer',
    );

    await packs(tokens.manpack, [{ employeeId: "5102", addressId: "701", data: [{ productId: "20030", qty: 1 }] }]);
    const elsewhere = await quote(tokens.manpack);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(
      `Invalid value at field "packs.0.addressId": address 701 is not one of this customer's delivery addresses`,
    );

    const version = (
      await packs(tokens.manpack, [{ employeeId: "5102", shippingMethod: "3", data: [{ productId: "20030", qty: 1 }] }])
    ).body.version;
    const retired = await quote(tokens.manpack);
    expect(retired.status).toBe(400);
    expect(retired.body.message).toBe(
      'Invalid value at field "packs.0.shippingMethod": shipping method 3 is not available',
    );
    expect((await p.api("GET", "/api/basket-session", { token: tokens.manpack })).body.version).toBe(version);
  });

  it("refuses a delivery method's minimum per ship group, naming the group's first pack (decision 073)", async () => {
    await p
      .db("carriage")
      .insert({ id: 9, description: "Free Delivery", shipping_flat_rate_amount: 0, minimum_order_amount: 150 });
    try {
      await packs(tokens.manpack, [
        { employeeId: "5102", data: [{ productId: "20030", qty: 1 }] },
        { employeeId: "5104", shippingMethod: "9", data: [{ productId: "20030", qty: 1 }] },
      ]);
      // the group takes its first pack's method (the Harbour van): no minimum
      expect((await quote(tokens.manpack)).status).toBe(200);
      await packs(tokens.manpack, [
        { employeeId: "5104", shippingMethod: "9", data: [{ productId: "20030", qty: 1 }] },
      ]);
      const refused = await quote(tokens.manpack);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'Invalid value at field "packs.0.shippingMethod": Free Delivery needs an order of £150.00 or more before VAT; this order is £15.75',
      );
    } finally {
      await p.db("carriage").where("id", 9).delete();
    }
  });

  it("takes no basket-wide shippingMethod, needs the right to order wearer packs, and hides goods amounts from a pricingHidden caller", async () => {
    await packs(tokens.manpack, [{ employeeId: "5102", data: [{ productId: "20030", qty: 1 }] }]);
    const method = await quote(tokens.manpack, "forBasket=manpack&shippingMethod=1");
    expect(method.status).toBe(400);
    expect(method.body.message).toBe(
      `Invalid query parameter "shippingMethod": a wearer-pack quote takes each pack's own method`,
    );
    const stockOnly = await quote(tokens.requester);
    expect(stockOnly.status).toBe(403);
    expect(stockOnly.body.message).toBe("Wearer-pack ordering is not allowed for this account");

    const restore = await withPermissions(["pricingHidden"]);
    try {
      const hidden = await p.login("manpack@demo.test");
      const { status, body } = await quote(hidden);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        subTotal: null,
        taxTotal: null,
        total: null,
        totalPence: null,
        shippingCost: 0,
        packs: [{ contactId: "5102", subTotal: null }],
      });
    } finally {
      await restore();
    }
  });
});
