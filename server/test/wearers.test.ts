// Issue 15 item 4 (decision 096): wearer entitlements on GET /api/item, allowances that reset (on read and inside the
// order's transaction, one order winning the last allowance), and the wearer listing of GET /api/contact.
import { beforeAll, describe, expect, it } from "vitest";
import { BO_BANDB, HARBOUR, NORTHWIND, useProvider } from "./fixtures";

const { p, tokens } = useProvider({
  manpack: "manpack@demo.test", // Harbour (contact 5103): canViewManpack, manpackOrders, no indAddress
  requester: "requester@demo.test", // Northwind, stock only
  buyer: "buyer@demo.test", // two business units, none selected
});
beforeAll(async () => {
  await p.db("item_categories").insert({ item_id: 20010, category_id: 22 });
  await p.db("items").where("id", 20030).update({ allocation_type: "Tunic", item_points: 5 });
  await p
    .db("contact_budgets")
    .where("id", 2)
    .update({ allocation_type: "Tunic", allocation_type_name: "Tunics and tops" });
  await p.db("contacts").insert({ ...BO_BANDB, department_id: 302, cost_centre_id: 402 });
  await p.db("contacts").where("id", 5102).update({ cost_centre_id: 402 });
});

const ids = (res: { body: any }) => res.body.data.map((i: any) => i.internalId).sort();
const items = (query: string, token = tokens.manpack) => p.api("GET", `/api/item?scope=manpack&${query}`, { token });
const entitle = (rows: Array<{ grade?: string; contact_id?: number; item_id: number }>) =>
  p.db("entitlements").insert(
    rows.map((r) => ({
      customer_id: HARBOUR,
      grade: r.grade ?? null,
      contact_id: r.contact_id ?? null,
      item_id: r.item_id,
    })),
  );

describe("entitlements on GET /api/item?scope=manpack", () => {
  it("a customer without entitlements set up: every wearer-pack item for every wearer, as before", async () => {
    expect(ids(await items(""))).toEqual(["20010", "20030"]);
    expect(ids(await items("contactId=5102"))).toEqual(["20010", "20030"]);
  });

  it("answers only what the grade, or the wearer (their grade's, and their own with contactProducts=true), is entitled to", async () => {
    await entitle([
      { grade: "A", item_id: 20030 },
      { grade: "Sister", item_id: 20010 },
      { contact_id: 5102, item_id: 20010 },
    ]);
    expect(ids(await items(""))).toEqual(["20010", "20030"]);
    expect(ids(await items("grade=A"))).toEqual(["20030"]);
    expect(ids(await items("grade=Sister"))).toEqual(["20010"]);
    expect(ids(await items("grade=Nobody"))).toEqual([]);
    expect(ids(await items("contactId=5102"))).toEqual(["20030"]);
    expect(ids(await items("contactId=5102&grade=A&contactProducts=false"))).toEqual(["20030"]);
    expect(ids(await items("contactId=5102&grade=A&contactProducts=true"))).toEqual(["20010", "20030"]);
    expect(ids(await items("contactId=5104&contactProducts=true"))).toEqual(["20010"]);
  });

  it("includeAllocation=true adds allocationType, allocationTypeName (the customer's name for it) and itemPoints", async () => {
    const plain = await items("contactId=5102");
    expect(plain.body.data[0]).not.toHaveProperty("allocationTypeName");
    const res = await items("contactId=5102&includeAllocation=true&contactProducts=true");
    const byId = Object.fromEntries(res.body.data.map((i: any) => [i.internalId, i]));
    expect(byId["20030"]).toMatchObject({
      allocationType: "Tunic",
      allocationTypeName: "Tunics and tops",
      itemPoints: 5,
    });
    expect(byId["20010"]).toMatchObject({ allocationType: null, allocationTypeName: null, itemPoints: null });
  });

  it("refuses another customer's or an unknown contact (404), a stray or mismatched parameter (400), no log-in (401), no wearer packs (403)", async () => {
    expect((await items("contactId=5004")).status).toBe(404); // Northwind's wearer
    expect((await items("contactId=99999")).status).toBe(404);
    const mismatch = await items("contactId=5102&grade=Sister");
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe("Invalid query parameter 'grade': is not this contact's grade");
    expect((await items("contactProducts=true")).body.message).toBe(
      "Invalid query parameter 'contactProducts': needs a contactId",
    );
    expect((await p.api("GET", "/api/item?scope=all&contactId=5102", { token: tokens.manpack })).body.message).toBe(
      "Invalid query parameter 'contactId': goes with scope=manpack only",
    );
    expect((await items("contactId=abc")).status).toBe(400);
    expect((await p.api("GET", "/api/item?scope=manpack&contactId=5102")).status).toBe(401);
    const stockOnly = await items("grade=A", tokens.requester);
    expect(stockOnly.status).toBe(403);
    expect(stockOnly.body.message).toBe("Wearer packs are not available to this account");
  });

  it("a wp_contact_only caller asks about their own contact only", async () => {
    await p.db("user_customers").where({ user_id: 4, customer_id: HARBOUR }).update({ wp_contact_only: true });
    try {
      expect((await items("contactId=5102")).status).toBe(404);
      expect((await items("contactId=5103")).status).toBe(200);
    } finally {
      await p.db("user_customers").where({ user_id: 4, customer_id: HARBOUR }).update({ wp_contact_only: false });
    }
  });

  it("an order refuses an item the wearer is not entitled to, naming the line, and writes nothing", async () => {
    const before = await p.db("orders").count({ n: "*" }).first();
    const res = await p.api("POST", "/api/order", {
      token: tokens.manpack,
      body: {
        orderType: "manpack",
        packs: [
          {
            contactId: "5104",
            items: [
              { internalId: "20010", qty: 2 },
              { internalId: "20030", qty: 1 },
            ],
            addressId: "702",
            shippingMethod: "4",
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Invalid value at field "packs.0.items.1.internalId": Bo Bandb is not entitled to Ward Tunic (WD-TUN)',
    );
    expect(await p.db("orders").count({ n: "*" }).first()).toEqual(before);
  });
});

const pack = (contactId: string, qty = 1) => ({
  orderType: "manpack",
  packs: [{ contactId, items: [{ internalId: "20030", qty }], addressId: "702", shippingMethod: "4" }],
});
const budget2 = () => p.db("contact_budgets").where("id", 2).first();

describe("allowances reset (clock: 2026-11-21)", () => {
  it("on read: GET /api/contactBudget answers a budget past its reset date reset, and writes it back", async () => {
    await p
      .db("contact_budgets")
      .where("id", 2)
      .update({ qty: 5, used_qty: 5, reset_days: 30, reset_date: "2026-10-01" });
    const res = await p.api("GET", "/api/contactBudget?contactId[$in]=5102", { token: tokens.manpack });
    expect(res.status).toBe(200);
    // 51 days late: two periods on
    expect(res.body.data).toEqual([
      {
        internalId: "2",
        contactId: "5102",
        type: "Tunic",
        qty: 5,
        resetDays: 30,
        resetDate: "2026-11-30",
        allocationType: "Tunic",
        allocationTypeName: "Tunics and tops",
        usedQty: 0,
        left: 5,
      },
    ]);
    expect(await budget2()).toMatchObject({ used_qty: 0, reset_date: "2026-11-30" });
  });

  it("on read: exactly on the reset date the wearer listing answers it reset", async () => {
    await p.db("contact_budgets").where("id", 2).update({ used_qty: 4, reset_date: "2026-11-21" });
    const res = await p.api("GET", "/api/contact?isInactive=false&manpackUser=true&q=hal", { token: tokens.manpack });
    expect(res.body.data[0]).toMatchObject({
      internalId: "5102",
      nextResetDate: "2026-12-21",
      budgets: [{ usedQty: 0, resetDate: "2026-12-21", left: 5 }],
    });
  });

  it("at order time: a spent allowance past its reset date is reset inside the order, then charged", async () => {
    await p.db("contact_budgets").where("id", 2).update({ used_qty: 5, reset_date: "2026-11-20" });
    const res = await p.api("POST", "/api/order", { token: tokens.manpack, body: pack("5102", 2) });
    expect(res.status).toBe(201);
    expect(await budget2()).toMatchObject({ used_qty: 2, reset_date: "2026-12-20" });
  });

  it("at order time: before the reset date a spent allowance refuses the pack", async () => {
    await p.db("contact_budgets").where("id", 2).update({ used_qty: 5, reset_date: "2026-11-22" });
    const res = await p.api("POST", "/api/order", { token: tokens.manpack, body: pack("5102") });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Invalid value at field "packs.0.items": Hal Harbour has 0 Tunic allowance left; this pack needs 1',
    );
  });

  it.each([
    ["the last unit", { used_qty: 4, reset_date: "2026-12-30" }],
    [
      "the only unit of a period that has just begun (both orders find the budget due to reset)",
      { qty: 1, used_qty: 1, reset_date: "2026-11-01" },
    ],
  ])("two orders racing for %s: one 201, one refused, charged once", async (_label, row) => {
    await p
      .db("contact_budgets")
      .where("id", 2)
      .update({ qty: 5, ...row });
    const before = Number((await p.db("orders").count({ n: "*" }).first())!.n);
    const results = await Promise.all([
      p.api("POST", "/api/order", { token: tokens.manpack, body: pack("5102") }),
      p.api("POST", "/api/order", { token: tokens.manpack, body: pack("5102") }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body.message).toBe(
      'Invalid value at field "packs.0.items": Hal Harbour has 0 Tunic allowance left; this pack needs 1',
    );
    const after = await budget2();
    expect(after.used_qty).toBe(after.qty);
    expect(Number((await p.db("orders").count({ n: "*" }).first())!.n)).toBe(before + 1);
  });
});

describe("the wearer listing: GET /api/contact?isInactive=false&manpackUser=true", () => {
  const wearers = (query = "", token = tokens.manpack) =>
    p.api("GET", `/api/contact?isInactive=false&manpackUser=true${query}`, { token });

  it("each wearer with grade, department and cost centre by name, budgets and the next reset date", async () => {
    await p
      .db("contact_budgets")
      .where("id", 2)
      .update({ qty: 5, used_qty: 3, reset_days: 365, reset_date: "2027-04-01" });
    const res = await wearers();
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((c: any) => c.internalId)).toEqual(["5104", "5102"]); // by last name
    expect(res.body.data[1]).toMatchObject({
      firstName: "Hal",
      lastName: "Harbour",
      grade: "A",
      employeeRef: "E5102",
      department: { internalId: "302", name: "Wards" },
      costCentre: { internalId: "402", name: "Wards CC" },
      budgets: [{ type: "Tunic", qty: 5, usedQty: 3, left: 2, resetDate: "2027-04-01" }],
      nextResetDate: "2027-04-01",
    });
    expect(res.body.data[0]).toMatchObject({ internalId: "5104", budgets: [], nextResetDate: null });
  });

  it.each([
    ["a name (any case, first and last)", "&q=HAL%20harb", ["5102"]],
    ["an employee reference", "&q=hh-004", ["5104"]],
    ["a department's name", "&q=ward", ["5102", "5104"]],
    ["a grade (q)", "&q=SIST", ["5104"]],
    ["a grade (grade=)", "&grade=A", ["5102"]],
    ["a department id", "&department=302", ["5102", "5104"]],
    ["LIKE characters as themselves", "&q=%25", []],
  ])("searches by %s", async (_label, query, expected) => {
    const res = await wearers(query);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: any) => c.internalId).sort()).toEqual(expected);
  });

  it("pages with $limit and $skip, with the total", async () => {
    const res = await wearers("&$limit=1&$skip=1");
    expect(res.body).toMatchObject({ total: 2, limit: 1, skip: 1 });
    expect(res.body.data.map((c: any) => c.internalId)).toEqual(["5102"]);
  });

  it("only the customer's wearers; a wp_contact_only caller gets only their own contact", async () => {
    const northwind = await p.api("GET", "/api/contact?manpackUser=true", { token: tokens.requester });
    expect(northwind.body.data.map((c: any) => c.internalId)).toEqual(["5004"]);
    await p.db("user_customers").where({ user_id: 4, customer_id: HARBOUR }).update({ wp_contact_only: true });
    try {
      expect(
        (await p.api("GET", "/api/contact", { token: tokens.manpack })).body.data.map((c: any) => c.internalId),
      ).toEqual(["5103"]);
      expect((await p.api("GET", "/api/contact/5102", { token: tokens.manpack })).status).toBe(404);
    } finally {
      await p.db("user_customers").where({ user_id: 4, customer_id: HARBOUR }).update({ wp_contact_only: false });
    }
  });

  it("refuses no log-in (401), no business unit chosen (403), another customer's contact (404), an unknown parameter (400)", async () => {
    expect((await p.api("GET", "/api/contact?manpackUser=true")).status).toBe(401);
    expect((await p.api("GET", "/api/contact?manpackUser=true", { token: tokens.buyer })).status).toBe(403);
    expect((await p.api("GET", "/api/contact/5004", { token: tokens.manpack })).status).toBe(404);
    const bad = await wearers("&search=x");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid query parameter 'search'");
    expect(NORTHWIND).toBe(1001);
  });
});
