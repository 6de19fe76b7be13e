// Issue 15 item 7 (decision 103): adding a wearer. POST /api/contact refuses a grade that is not one of the
// customer's, a department or cost centre that is not one of its active ones and an employee reference another
// contact has (any case; two at once: one written), writing nothing; a new wearer starts with their grade's standard
// allowances. GET /api/grade lists the customer's grades. SQLite, and PostgreSQL with TEST_DATABASE_URL.
import { beforeAll, describe, expect, it } from "vitest";
import { standardAllowances, type GradeAllowance } from "../services/account/grades";
import { HARBOUR, useProvider } from "./fixtures";

const { p, tokens } = useProvider({
  manpack: "manpack@demo.test", // Harbour (contact 5103): canViewManpack, manpackOrders, addManpackUser
  requester: "requester@demo.test", // Northwind, stock only
});
beforeAll(async () => {
  const sister = (id: number, extra: object = {}) => ({
    id,
    customer_id: HARBOUR,
    first_name: "Sis",
    last_name: `Ter${id}`,
    grade: "Sister",
    employee_ref: `HS-${id}`,
    manpack_user: true,
    is_inactive: false,
    ...extra,
  });
  await p.db("contacts").insert([sister(5110), sister(5111), sister(5112), sister(5113, { is_inactive: true })]);
  const budget = (contact_id: number, type: string, qty: number, reset_days: number | null, used_qty = 1) => ({
    customer_id: HARBOUR,
    contact_id,
    type,
    qty,
    reset_days,
    reset_date: reset_days ? "2027-03-01" : null,
    used_qty,
    allocation_type: type,
    allocation_type_name: type === "Tunic" ? "Tunics and tops" : type,
  });
  await p
    .db("contact_budgets")
    .insert([
      budget(5110, "Tunic", 4, 365),
      budget(5110, "Footwear", 1, 365),
      budget(5111, "Tunic", 4, 365, 4),
      budget(5112, "Tunic", 6, 365),
      budget(5112, "Footwear", 1, 365),
      budget(5112, "Special", 9, null),
      budget(5113, "Special", 9, null),
      budget(5113, "Lanyard", 2, null),
    ]);
  await p.db("departments").insert({ id: 304, customer_id: HARBOUR, name: "Closed ward", is_inactive: true });
  await p.db("cost_centres").insert({ id: 404, customer_id: HARBOUR, name: "Old CC", is_inactive: true });
});

const add = (body: object, token = tokens.manpack) => p.api("POST", "/api/contact", { token, body });
const wearer = (extra: object = {}) => ({
  firstName: "Nia",
  lastName: "New",
  email: "nia.new@harbour.test",
  grade: "Sister",
  employeeRef: "HS-9001",
  department: "302",
  costCentre: "402",
  ...extra,
});
const counts = async () => ({
  contacts: Number((await p.db("contacts").count({ n: "*" }).first())?.n),
  budgets: Number((await p.db("contact_budgets").count({ n: "*" }).first())?.n),
});

describe("GET /api/grade", () => {
  it("the grades of the customer's active wearers and of its entitlements, each once, sorted", async () => {
    const grades = async (token: string) => (await p.api("GET", "/api/grade", { token })).body;
    expect(await grades(tokens.manpack)).toEqual({
      total: 2,
      limit: 2,
      skip: 0,
      data: [{ name: "A" }, { name: "Sister" }],
    });
    await p.db("entitlements").insert({ customer_id: HARBOUR, grade: "Matron", item_id: 20030 });
    expect((await grades(tokens.manpack)).data.map((g: { name: string }) => g.name)).toEqual(["A", "Matron", "Sister"]);
    expect((await grades(tokens.requester)).data).toEqual([{ name: "A" }]); // Northwind's own
  });

  it("refuses a query parameter (400), no log-in (401)", async () => {
    const res = await p.api("GET", "/api/grade?name=A", { token: tokens.manpack });
    expect([res.status, res.body.message]).toEqual([400, 'Unknown query parameter "name"']);
    expect((await p.api("GET", "/api/grade")).status).toBe(401);
  });
});

describe("POST /api/contact: adding a wearer", () => {
  it("201: the wearer as the customer spells the grade, with the grade's standard allowances, nothing used, the first period from today", async () => {
    const res = await add(wearer({ grade: "sister", employeeRef: " HS-9001 " }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      firstName: "Nia",
      lastName: "New",
      email: "nia.new@harbour.test",
      grade: "Sister",
      employeeRef: "HS-9001",
      budgetType: "Quantity",
      isInactive: false,
      manpackUser: true,
      department: { internalId: "302", name: "Wards" },
      costCentre: { internalId: "402", name: "Wards CC" },
    });
    // Tunic: 4 (two of three) over 6; Footwear: two of three hold it; Special: one of three (the leaver is not counted)
    expect(
      res.body.budgets.map((b: any) => [b.type, b.qty, b.usedQty, b.resetDays, b.resetDate, b.allocationTypeName]),
    ).toEqual([
      ["Tunic", 4, 0, 365, "2027-11-21", "Tunics and tops"],
      ["Footwear", 1, 0, 365, "2027-11-21", "Footwear"],
    ]);
    expect(res.body.nextResetDate).toBe("2027-11-21");
    const row = await p.db("contacts").where("id", Number(res.body.internalId)).first();
    expect([row.customer_id, row.employee_ref, row.grade]).toEqual([HARBOUR, "HS-9001", "Sister"]);
  });

  it("a grade whose wearers hold no budgets, or a contact who is not a wearer: no budgets", async () => {
    await p.db("entitlements").insert({ customer_id: HARBOUR, grade: "Porter", item_id: 20030 });
    const porter = await add(wearer({ grade: "Porter", employeeRef: "HP-1" }));
    expect([porter.status, porter.body.budgets, porter.body.budgetType]).toEqual([201, [], null]);
    const office = await add(wearer({ employeeRef: "HO-1", manpackUser: false }));
    expect([office.status, office.body.budgets, office.body.manpackUser]).toEqual([201, [], false]);
  });

  it.each([
    [
      "another contact's employee reference, in any case",
      { employeeRef: "e5102" },
      "employeeRef",
      'Invalid value at field "employeeRef": employee reference e5102 already belongs to another contact',
    ],
    [
      "a grade that is not the customer's",
      { grade: "Astronaut" },
      "grade",
      'Invalid value at field "grade": Astronaut is not one of this customer\'s grades',
    ],
    [
      "another customer's department",
      { department: "301" },
      "department",
      'Invalid value at field "department": not one of this customer\'s active departments',
    ],
    [
      "an unknown department",
      { department: "999" },
      "department",
      'Invalid value at field "department": not one of this customer\'s active departments',
    ],
    [
      "an inactive department",
      { department: "304" },
      "department",
      'Invalid value at field "department": not one of this customer\'s active departments',
    ],
    [
      "another customer's cost centre",
      { costCentre: "401" },
      "costCentre",
      'Invalid value at field "costCentre": not one of this customer\'s active cost centres',
    ],
    [
      "an inactive cost centre",
      { costCentre: "404" },
      "costCentre",
      'Invalid value at field "costCentre": not one of this customer\'s active cost centres',
    ],
    ["a first name over 100 characters", { firstName: "x".repeat(101) }, "firstName", undefined],
    ["an e-mail address that is not one", { email: "nia" }, "email", undefined],
  ])("400 for %s, naming the field; nothing written", async (_label, change, field, message) => {
    const before = await counts();
    const res = await add(wearer({ employeeRef: "HS-9100", ...change }));
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe(field);
    if (message) expect(res.body.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("the same reference in another customer is not a duplicate; no reference is never one", async () => {
    const buyer = await p.login("buyer@demo.test");
    await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
    const res = await add({ firstName: "Nor", lastName: "Thwind", employeeRef: "HS-9001", grade: "A" }, buyer);
    expect(res.status).toBe(201);
    expect(res.body.budgets.map((b: any) => [b.type, b.qty, b.usedQty])).toEqual([["Jacket", 2, 0]]);
    for (const n of [1, 2])
      expect((await add(wearer({ employeeRef: undefined, lastName: `Noref${n}` }))).status).toBe(201);
    expect((await add(wearer({ employeeRef: "", lastName: "Blank" }))).body.employeeRef).toBeNull();
  });

  it("two wearers added at once with one reference: one is written, the other refused as a duplicate", async () => {
    const before = await counts();
    const [a, b] = await Promise.all([
      add(wearer({ employeeRef: "HS-RACE" })),
      add(wearer({ employeeRef: "hs-race", lastName: "Twin" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body.data.field).toBe("employeeRef");
    expect((await counts()).contacts).toBe(before.contacts + 1);
    expect((await counts()).budgets).toBe(before.budgets + 2);
  });

  it("403 without addManpackUser; 401 without a log-in", async () => {
    expect((await add(wearer({ employeeRef: "HS-9200" }), tokens.requester)).status).toBe(403);
    expect((await p.api("POST", "/api/contact", { body: wearer({ employeeRef: "HS-9201" }) })).status).toBe(401);
  });
});

describe("standardAllowances: a grade's standard allowances from its wearers' budgets", () => {
  const b = (
    contact_id: number,
    type: string,
    qty: number,
    reset_days: number | null = 365,
    name: string | null = type,
  ): GradeAllowance & { contact_id: number } => ({
    contact_id,
    type,
    qty,
    reset_days,
    allocation_type: type,
    allocation_type_name: name,
  });
  const short = (out: GradeAllowance[]) => out.map((a) => `${a.type}:${a.qty}/${a.reset_days}`);
  it.each([
    ["no wearers", 0, [], []],
    [
      "every wearer alike",
      2,
      [b(1, "Tops", 5), b(1, "Bottoms", 3), b(2, "Tops", 5), b(2, "Bottoms", 3)],
      ["Tops:5/365", "Bottoms:3/365"],
    ],
    ["the allowance most hold", 3, [b(1, "Points", 100), b(2, "Points", 120), b(3, "Points", 100)], ["Points:100/365"]],
    ["a tie: the larger quantity", 2, [b(1, "Points", 100), b(2, "Points", 120)], ["Points:120/365"]],
    ["a tie of quantity: the longer period", 2, [b(1, "Tops", 5, 180), b(2, "Tops", 5, 365)], ["Tops:5/365"]],
    [
      "a type held by exactly half is kept, by fewer left out",
      4,
      [b(1, "Tops", 5), b(2, "Tops", 5), b(3, "PPE", 1)],
      ["Tops:5/365"],
    ],
    ["wearers without budgets count", 3, [b(1, "Tops", 5)], []],
    [
      "a wearer's second budget of a type is not counted",
      2,
      [b(1, "Tops", 5), b(1, "Tops", 9), b(2, "Tops", 9), b(3, "Tops", 9)],
      ["Tops:9/365"],
    ],
    ["no reset days", 1, [b(1, "Tops", 5, null)], ["Tops:5/null"]],
  ])("%s", (_label, wearers, budgets, expected) => {
    expect(short(standardAllowances(wearers, budgets))).toEqual(expected);
  });

  it("keeps the allocation type and its readable name", () => {
    expect(standardAllowances(1, [b(1, "Tops", 5, 365, "Shirts and tops")])).toEqual([
      { type: "Tops", qty: 5, reset_days: 365, allocation_type: "Tops", allocation_type_name: "Shirts and tops" },
    ]);
  });
});
