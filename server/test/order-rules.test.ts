// Issue 11 items 3, 4, 5 and 8: the provider itself enforces delivery-method minimums, the address permissions
// of SPEC §6, whose saved basket an order may mark, and that a live basket is ordered once.
import { beforeAll, describe, expect, it } from "vitest";
import { FREE_CARRIAGE, HARBOUR, NORTHWIND, useProvider } from "./fixtures";

let buyer: string; // Northwind, every address permission
let requester: string; // Northwind, no dellAddress / addAddress
let approver: string; // Northwind approver, no address permissions
let manpack: string; // Harbour, wearer packs without indAddress / addAddress
const FREE = FREE_CARRIAGE.id;
let wardB: string; // a second Harbour address, after the default "Harbour Hospital"

const { p } = useProvider();
beforeAll(async () => {
  await p.db("carriage").insert(FREE_CARRIAGE);
  const [ward]: Array<{ id: number } | number> = await p.db("addresses").returning("id").insert({
    customer_id: HARBOUR,
    label: "Harbour Ward B",
    addr1: "Ward B",
    addr2: "",
    city: "Hull",
    zip: "HU1 1AA",
    addr_text: "Ward B, Hull HU1 1AA",
    created_at: "2026-01-01T00:00:00.000Z",
  });
  wardB = String(typeof ward === "object" ? ward.id : ward);
  buyer = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
  [requester, approver, manpack] = await Promise.all(
    ["requester@demo.test", "approver@demo.test", "manpack@demo.test"].map((e) => p.login(e)),
  );
});

const countOrders = async () => Number((await p.db("orders").count({ n: "*" }).first())!.n);
const countAddresses = async () => Number((await p.db("addresses").count({ n: "*" }).first())!.n);
const stock = (extra: object = {}) => ({
  orderType: "standard",
  items: [{ internalId: "20002", qty: 1 }],
  addressId: "701",
  shippingMethod: "1",
  ...extra,
});
async function setPermissions(userId: number, customerId: number, change: (perms: string[]) => string[]) {
  const unit = await p.db("user_customers").where({ user_id: userId, customer_id: customerId }).first();
  await p
    .db("user_customers")
    .where({ user_id: userId, customer_id: customerId })
    .update({ permissions_json: JSON.stringify(change(JSON.parse(unit.permissions_json))) });
}

describe("delivery methods with a minimum order (item 3)", () => {
  it("refuses Free Delivery for a £24.50 order with a 400 naming shippingMethod, writing nothing", async () => {
    const before = await countOrders();
    const res = await p.api("POST", "/api/order", { token: buyer, body: stock({ shippingMethod: String(FREE) }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"shippingMethod"');
    expect(res.body.message).toContain(
      "Free Delivery needs an order of £150.00 or more before VAT; this order is £24.50",
    );
    expect(await countOrders()).toBe(before);
  });

  it("accepts it at £150 or more, with no delivery charge", async () => {
    const res = await p.api("POST", "/api/order", {
      token: buyer,
      body: stock({ shippingMethod: String(FREE), items: [{ internalId: "20002", qty: 7 }] }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subTotal: 171.5, shippingCost: 0, shippingMethod: { internalId: String(FREE) } });
  });

  it("without a shippingMethod the cheapest method the order may use is chosen, not Free Delivery below £150", async () => {
    const res = await p.api("POST", "/api/order", { token: buyer, body: stock({ shippingMethod: undefined }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ shippingMethod: { internalId: "1" }, shippingCost: 5.95 });
    const big = await p.api("POST", "/api/order", {
      token: buyer,
      body: stock({ shippingMethod: undefined, items: [{ internalId: "20002", qty: 7 }] }),
    });
    expect(big.body).toMatchObject({ shippingMethod: { internalId: String(FREE) }, shippingCost: 0 });
  });

  it("applies the rule per delivery group of a wearer-pack order", async () => {
    const body = (qty: number) => ({
      orderType: "manpack",
      packs: [
        { contactId: "5004", items: [{ internalId: "20030", qty }], addressId: "701", shippingMethod: String(FREE) },
      ],
    });
    const low = await p.api("POST", "/api/order", { token: buyer, body: body(2) });
    expect(low.status).toBe(400);
    expect(low.body.message).toContain('"packs.0.shippingMethod"');
    expect(low.body.message).toContain("this order is £31.50");
    expect((await p.api("POST", "/api/order", { token: buyer, body: body(10) })).status).toBe(201);
  });

  it("GET /api/carriage answers each method's minimum, and with forBasket=stock whether the basket reaches it", async () => {
    const list = await p.api("GET", "/api/carriage", { token: buyer });
    const free = list.body.data.find((m: any) => m.internalId === String(FREE));
    expect(free).toMatchObject({ minimumOrderAmount: 150 });
    expect(list.body.data.find((m: any) => m.internalId === "1").minimumOrderAmount).toBeUndefined();
    // priced by the provider (24.50 each), whatever price the basket line holds
    await p.api("PATCH", "/api/basket-session", {
      token: buyer,
      body: { stock: [{ productId: "20002", qty: 2, price: 100 }] },
    });
    const forBasket = await p.api("GET", "/api/carriage?forBasket=stock", { token: buyer });
    expect(forBasket.status).toBe(200);
    expect(forBasket.body.data.find((m: any) => m.internalId === String(FREE))).toMatchObject({
      available: false,
      amountNeeded: 101,
      basketSubTotal: 49,
      refusal: "Free Delivery needs an order of £150.00 or more before VAT; this order is £49.00",
    });
    expect(forBasket.body.data.find((m: any) => m.internalId === "1")).toMatchObject({
      available: true,
      amountNeeded: 0,
    });
    expect((await p.api("GET", "/api/carriage?forBasket=cart", { token: buyer })).status).toBe(400);
  });
});

describe("address permissions (item 4, SPEC §6)", () => {
  it("without dellAddress an order goes to the default (first) address only", async () => {
    const before = await countOrders();
    const other = await p.api("POST", "/api/order", { token: requester, body: stock({ addressId: "704" }) });
    expect(other.status).toBe(403);
    expect(other.body.message).toContain("Northwind Depot");
    expect(await countOrders()).toBe(before);
    expect((await p.api("POST", "/api/order", { token: requester, body: stock({ addressId: "701" }) })).status).toBe(
      201,
    );
  });

  it("without addAddress no typed address, and nothing is stored", async () => {
    const [orders, addresses] = [await countOrders(), await countAddresses()];
    const res = await p.api("POST", "/api/order", {
      token: requester,
      body: stock({ addressId: undefined, customAddress: { addr1: "1 Elsewhere", city: "York", zip: "YO1 7HH" } }),
    });
    expect(res.status).toBe(403);
    expect([await countOrders(), await countAddresses()]).toEqual([orders, addresses]);
    expect(
      (
        await p.api("POST", "/api/custom-addresses", {
          token: requester,
          body: { label: "Mine", addr1: "1 Elsewhere", city: "York", zip: "YO1 7HH" },
        })
      ).status,
    ).toBe(403);
    expect(await countAddresses()).toBe(addresses);
  });

  it("customAddressOnly must type the address", async () => {
    await setPermissions(2, NORTHWIND, (perms) => [...perms, "customAddressOnly"]);
    try {
      const picked = await p.api("POST", "/api/order", { token: requester, body: stock({ addressId: "701" }) });
      expect(picked.status).toBe(403);
      const typed = await p.api("POST", "/api/order", {
        token: requester,
        body: stock({ addressId: undefined, customAddress: { addr1: "2 Typed Road", city: "York", zip: "YO1 7HH" } }),
      });
      expect(typed.status).toBe(201);
      // the one postcode rule of portal and provider (decision 120): a malformed one refused at its field, nothing
      // written; one typed in lower case without its space is stored as Royal Mail writes it
      const [orders, addresses] = [await countOrders(), await countAddresses()];
      const malformed = await p.api("POST", "/api/order", {
        token: requester,
        body: stock({ addressId: undefined, customAddress: { addr1: "3 Typed Road", city: "York", zip: "12345" } }),
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toContain("Enter a UK postcode, like SW1A 1AA, or a BFPO number, like BFPO 801");
      expect([await countOrders(), await countAddresses()]).toEqual([orders, addresses]);
      const lower = await p.api("POST", "/api/order", {
        token: requester,
        body: stock({ addressId: undefined, customAddress: { addr1: "4 Typed Road", city: "York", zip: "yo17hh" } }),
      });
      expect(lower.status).toBe(201);
      expect((await p.db("addresses").where({ addr1: "4 Typed Road" }).first()).zip).toBe("YO1 7HH");
    } finally {
      await setPermissions(2, NORTHWIND, (perms) => perms.filter((x) => x !== "customAddressOnly"));
    }
  });

  it("wearer packs: another pack address needs indAddress", async () => {
    const pack = (addressId: string) => ({
      orderType: "manpack",
      packs: [{ contactId: "5102", items: [{ internalId: "20030", qty: 1 }], addressId, shippingMethod: "4" }],
    });
    const before = await countOrders();
    expect((await p.api("POST", "/api/order", { token: manpack, body: pack(wardB) })).status).toBe(403);
    expect(await countOrders()).toBe(before);
    expect((await p.api("POST", "/api/order", { token: manpack, body: pack("702") })).status).toBe(201);
    await setPermissions(4, HARBOUR, (perms) => [...perms, "indAddress"]);
    try {
      expect((await p.api("POST", "/api/order", { token: manpack, body: pack(wardB) })).status).toBe(201);
    } finally {
      await setPermissions(4, HARBOUR, (perms) => perms.filter((x) => x !== "indAddress"));
    }
  });

  it("wearer packs: a wp_contact_only user orders for their own contact only (SPEC §6), whatever id is posted", async () => {
    const pack = (contactId: string) => ({
      orderType: "manpack",
      packs: [{ contactId, items: [{ internalId: "20030", qty: 1 }], addressId: "702", shippingMethod: "4" }],
    });
    await p.db("user_customers").where({ user_id: 4, customer_id: HARBOUR }).update({ wp_contact_only: true });
    try {
      const before = await countOrders();
      const other = await p.api("POST", "/api/order", { token: manpack, body: pack("5102") });
      expect(other.status).toBe(403);
      expect(other.body.data?.field).toBe("packs.0.contactId");
      expect(await countOrders()).toBe(before);
      expect((await p.api("POST", "/api/order", { token: manpack, body: pack("5103") })).status).toBe(201);
    } finally {
      await p.db("user_customers").where({ user_id: 4, customer_id: HARBOUR }).update({ wp_contact_only: false });
    }
  });

  it("GET /api/customer-address says which addresses the caller may send with an order", async () => {
    const mine = await p.api("GET", "/api/customer-address?details.custrecord4.value[$ne]=true", { token: requester });
    expect(mine.body.data.map((a: any) => [a.internalId, a.isDefault, a.orderUse])).toEqual([
      ["701", true, { stock: true, wearerPack: true }],
      ["704", false, { stock: false, wearerPack: false }],
    ]);
    const all = await p.api("GET", "/api/customer-address?details.custrecord4.value[$ne]=true", { token: buyer });
    expect(all.body.data.every((a: any) => a.orderUse.stock && a.orderUse.wearerPack)).toBe(true);
  });

  it("an approver ordering a punched-out basket may use the address it was approved for", async () => {
    await p.db("saved_baskets").insert({
      id: 650,
      customer_id: NORTHWIND,
      user_id: 2,
      basket_name: "Punchout",
      is_punchout: true,
      address_id: 704,
      created_at: "2026-11-01T00:00:00.000Z",
      updated_at: "2026-11-01T00:00:00.000Z",
    });
    // an address merely written into one's own basket state is not an approval
    await p.api("PATCH", "/api/basket-session", {
      token: requester,
      body: { approvedOrderAddressId: "704", punchoutLoadedBasket: true },
    });
    expect((await p.api("POST", "/api/order", { token: requester, body: stock({ addressId: "704" }) })).status).toBe(
      403,
    );
    await p.api("PATCH", "/api/basket-session", {
      token: approver,
      body: { approvedOrderAddressId: "704", punchoutLoadedBasket: true, basketIdForApproval: "650" },
    });
    const res = await p.api("POST", "/api/order", {
      token: approver,
      body: stock({ addressId: "704", punchoutLoadedBasket: true, chosenBasket: "650" }),
    });
    expect(res.status).toBe(201);
    expect((await p.db("saved_baskets").where("id", 650).first()).checked_out).toBeTruthy();
  });

  it("amending an order's address follows the same rule", async () => {
    await setPermissions(2, NORTHWIND, (perms) => [...perms, "amendOrderDeliveryAddress"]);
    try {
      const other = await p.api("PATCH", "/api/order/3", { token: requester, body: { addressId: "704" } });
      expect(other.status).toBe(403);
      expect((await p.db("orders").where("id", 3).first()).ship_address_id).not.toBe(704);
      expect((await p.api("PATCH", "/api/order/3", { token: requester, body: { addressId: "701" } })).status).toBe(200);
    } finally {
      await setPermissions(2, NORTHWIND, (perms) => perms.filter((x) => x !== "amendOrderDeliveryAddress"));
    }
  });
});

describe("chosenBasket (item 5)", () => {
  it("a colleague's saved basket is not marked checked out", async () => {
    const res = await p.api("POST", "/api/order", { token: requester, body: stock({ chosenBasket: "601" }) });
    expect(res.status).toBe(201);
    expect((await p.db("saved_baskets").where("id", 601).first()).checked_out).toBeFalsy();
  });

  it("the caller's own loaded saved basket is", async () => {
    const res = await p.api("POST", "/api/order", { token: buyer, body: stock({ chosenBasket: "601" }) });
    expect(res.status).toBe(201);
    expect((await p.db("saved_baskets").where("id", 601).first()).checked_out).toBeTruthy();
  });

  it("the order forgets the loaded saved basket with the stock lines (decision 077)", async () => {
    await p.api("PATCH", "/api/basket-session", {
      token: buyer,
      body: { stock: [{ productId: "20002", qty: 1 }], loadedBasket: "601" },
    });
    expect((await p.api("POST", "/api/order", { token: buyer, body: stock({ chosenBasket: "601" }) })).status).toBe(
      201,
    );
    expect((await p.api("GET", "/api/basket-session", { token: buyer })).body).toMatchObject({
      stock: [],
      loadedBasket: null,
    });
  });
});

describe("a basket is ordered once (item 8)", () => {
  const fill = (token: string) =>
    p.api("PATCH", "/api/basket-session", { token, body: { stock: [{ productId: "20002", qty: 1 }] } });

  it("GET /api/basket-session answers a version that every write bumps, DELETE included", async () => {
    const a = (await p.api("GET", "/api/basket-session", { token: buyer })).body.version;
    expect(typeof a).toBe("number");
    const b = (await fill(buyer)).body.version;
    expect(b).toBeGreaterThan(a);
    const c = (await p.api("DELETE", "/api/basket-session", { token: buyer })).body.version;
    expect(c).toBeGreaterThan(b);
    expect((await p.api("GET", "/api/basket-session", { token: buyer })).body.version).toBe(c);
  });

  it("of two checkouts of the same basket at once exactly one places the order; the other is a 409", async () => {
    const version = (await fill(buyer)).body.version;
    const before = await countOrders();
    const post = (key: string) =>
      p.api("POST", "/api/order", {
        token: buyer,
        body: stock({ basketVersion: version }),
        headers: { "idempotency-key": key },
      });
    const answers = await Promise.all([post("tab-one"), post("tab-two")]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const placed = answers.find((a) => a.status === 201)!;
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.message).toBe(
      `This basket has already been ordered (${placed.body.tranId}). Your basket is now empty.`,
    );
    expect(await countOrders()).toBe(before + 1);
    // the winner's own retry still answers its order
    const retry = await p.api("POST", "/api/order", {
      token: buyer,
      body: stock({ basketVersion: version }),
      headers: { "idempotency-key": placed === answers[0] ? "tab-one" : "tab-two" },
    });
    expect([retry.status, retry.body.internalId]).toEqual([201, placed.body.internalId]);
    expect((await p.api("GET", "/api/basket-session", { token: buyer })).body.stock).toEqual([]);
  });

  it("a second tab posting after the first placed the order (its basket now empty) is told so, not 'no lines'", async () => {
    const version = (await fill(buyer)).body.version;
    const first = await p.api("POST", "/api/order", {
      token: buyer,
      body: stock({ basketVersion: version }),
      headers: { "idempotency-key": "tab-a" },
    });
    expect(first.status).toBe(201);
    const second = await p.api("POST", "/api/order", {
      token: buyer,
      body: stock({ basketVersion: version, items: [] }),
      headers: { "idempotency-key": "tab-b" },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      `This basket has already been ordered (${first.body.tranId}). Your basket is now empty.`,
    );
  });

  it("a basket changed since checkout was opened is refused", async () => {
    const version = (await fill(buyer)).body.version;
    await p.api("PATCH", "/api/basket-session", { token: buyer, body: { stock: [{ productId: "20002", qty: 3 }] } });
    const before = await countOrders();
    const res = await p.api("POST", "/api/order", { token: buyer, body: stock({ basketVersion: version }) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Your basket changed since checkout was opened: check it and place the order again.");
    expect(await countOrders()).toBe(before);
  });

  it("a wearer-pack order from the live basket is spent once too", async () => {
    const version = (
      await p.api("PATCH", "/api/basket-session", {
        token: manpack,
        body: { manpack: [{ employeeId: "5102", data: [{ productId: "20030", qty: 1 }] }] },
      })
    ).body.version;
    const body = {
      orderType: "manpack",
      basketVersion: version,
      packs: [{ contactId: "5102", items: [{ internalId: "20030", qty: 1 }], addressId: "702", shippingMethod: "4" }],
    };
    const answers = await Promise.all(
      ["pack-1", "pack-2"].map((key) =>
        p.api("POST", "/api/order", { token: manpack, body, headers: { "idempotency-key": key } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await p.api("GET", "/api/basket-session", { token: manpack })).body.manpack).toEqual([]);
  });

  it("refuses a version that is not a whole number", async () => {
    expect((await p.api("POST", "/api/order", { token: buyer, body: stock({ basketVersion: "one" }) })).status).toBe(
      400,
    );
  });
});
