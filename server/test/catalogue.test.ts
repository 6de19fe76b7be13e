import { describe, expect, it } from "vitest";
import { useProvider } from "./fixtures";

const { p, tokens } = useProvider({
  token: "requester@demo.test", // requester: Northwind
  harbour: "manpack@demo.test", // manpack user: Harbour
});

const names = async (qs: string, t = tokens.token) => {
  const res = await p.api("GET", `/api/item?${qs}`, { token: t });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((i: any) => i.itemId);
};

describe("GET /api/item", () => {
  it("lists active parents and standalone items by name, 16 per page", async () => {
    const res = await p.api("GET", "/api/item", { token: tokens.token });
    expect(res.body).toMatchObject({ total: 3, limit: 16, skip: 0 });
    expect(res.body.data.map((i: any) => i.itemId)).toEqual(["HV-JKT", "WD-TUN", "WK-TRS"]);
    expect(res.body.data[0]).toMatchObject({
      internalId: "20001",
      slug: "hv-jkt",
      price: 24.5,
      class: { internalId: "11", name: "Jackets" },
      enStandards: ["EN ISO 20471"],
      quantityStep: 1,
    });
    expect(res.body.data[2]).toMatchObject({
      quantityStep: 2,
      minimumSaleQuantity: 2,
      inStock: false,
      isSpecialOrder: true,
    });
  });

  it("filters: q, class.internalId[$match] (with sub-categories), $or stock/special order, colour, en, integerId, scope, catId", async () => {
    expect(await names("q=cotton")).toEqual(["WD-TUN"]);
    expect(await names("q=HV-jkt")).toEqual(["HV-JKT"]);
    expect(await names("class.internalId[$match]=10")).toEqual(["HV-JKT"]);
    expect(await names("class.internalId=12")).toEqual(["WD-TUN", "WK-TRS"]);
    expect(await names("$or[0][inStock]=true&$or[1][isSpecialOrder]=true&$sort[price]=-1")).toEqual([
      "HV-JKT",
      "WK-TRS",
      "WD-TUN",
    ]);
    expect(await names("inStock=false")).toEqual(["WK-TRS"]);
    expect(await names("colour=orange")).toEqual(["HV-JKT"]);
    expect(await names("en=20471")).toEqual(["HV-JKT"]);
    expect(await names("integerId[$in]=20001,20030&integerId[$ne]=20030")).toEqual(["HV-JKT"]);
    expect(await names("scope=my")).toEqual(["WK-TRS"]);
    expect(await names("scope=manpack")).toEqual([]);
    expect(await names("scope=manpack", tokens.harbour)).toEqual(["WD-TUN"]);
    expect(await names("catId=20")).toEqual(["WK-TRS"]);
    expect(await names("catalogueId=801")).toEqual(["WD-TUN"]);
    expect(await names("$limit=1&$skip=1")).toEqual(["WD-TUN"]);
  });

  it("leaving items out (internalId[$ne], [$nin]) still lists parents only, never their variants", async () => {
    expect(await names("internalId[$ne]=20001")).toEqual(["WD-TUN", "WK-TRS"]);
    expect(await names("internalId[$nin]=20001,99999")).toEqual(["WD-TUN", "WK-TRS"]);
    expect(await names("class.internalId=11&internalId[$ne]=99999")).toEqual(["HV-JKT"]);
  });

  it("includeChildren nests the variants; a variant is reachable by id; slug looks an item up", async () => {
    const res = await p.api("GET", "/api/item?internalId[$in]=20001&includeChildren=true", { token: tokens.token });
    expect(res.body.data[0].simples.map((s: any) => [s.internalId, s.options.size])).toEqual([
      ["20002", "M"],
      ["20003", "L"],
    ]);
    expect((await p.api("GET", "/api/item/20003", { token: tokens.token })).body).toMatchObject({
      itemId: "HV-JKT-L",
      parent: { internalId: "20001" },
    });
    expect(await names("slug=wd-tun")).toEqual(["WD-TUN"]);
    expect((await p.api("GET", "/api/item/99999", { token: tokens.token })).status).toBe(404);
    expect((await p.api("GET", "/api/item/20020", { token: tokens.token })).status).toBe(404);
  });

  it.each([
    ["scope=everything", "scope"],
    ["class.internalId[$gte]=1", "class.internalId[$gte]"],
    ["price[$gte]=cheap", "price[$gte]"],
    ["includeChildren=yes", "includeChildren"],
    ["nope=1", "nope"],
  ])("400 for %s", async (qs, name) => {
    const res = await p.api("GET", `/api/item?${qs}`, { token: tokens.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`'${name}'`);
  });

  it("my-menu-hierarchy lists the customer's own catalogue", async () => {
    const res = await p.api("GET", "/api/my-menu-hierarchy", { token: tokens.token });
    expect(res.body.data.map((i: any) => i.itemId)).toEqual(["WK-TRS"]);
  });
});

describe("categories and menus", () => {
  it("menu items answer the category tree of a type", async () => {
    const full = await p.api("GET", "/api/workwear-menu-items?type=full&list_all=true", { token: tokens.token });
    expect(full.body.data.map((c: any) => c.slug)).toEqual(["hi-vis", "trousers"]);
    expect(full.body.data[0].children[0]).toMatchObject({ internalId: "11", fullSlug: "hi-vis/jackets" });
    const my = await p.api("GET", "/api/userCategory?type=my", { token: tokens.token });
    expect(my.body.data.map((c: any) => c.name)).toEqual(["Northwind Picks"]);
    expect((await p.api("GET", "/api/userCategory?type=secret", { token: tokens.token })).status).toBe(400);
    expect((await p.api("GET", "/api/workwear-menu-items/11", { token: tokens.token })).body.name).toBe("Jackets");
  });

  it("categories filter by fullSlug (category browsing)", async () => {
    const res = await p.api("GET", "/api/workwear-categories?fullSlug=hi-vis/jackets", { token: tokens.token });
    expect(res.body.data).toEqual([expect.objectContaining({ internalId: "11", parentId: "10" })]);
  });
});

describe("ship methods, addresses, contacts", () => {
  it("carriage: active methods for everyone plus the customer's own", async () => {
    const res = await p.api("GET", "/api/carriage?isinactive[$match]=false", { token: tokens.token });
    expect(res.body.data.map((c: any) => c.description)).toEqual(["Standard delivery", "Next day"]);
    expect(res.body.data[0]).toEqual({
      internalId: "1",
      description: "Standard delivery",
      shippingflatrateamount: 5.95,
      isinactive: false,
    });
  });

  it("customer-address with details.custrecord4.value[$ne]=true hides retired ones", async () => {
    const all = await p.api("GET", "/api/customer-address?$limit=10000", { token: tokens.token });
    expect(all.body.total).toBe(3);
    const active = await p.api("GET", "/api/customer-address?$limit=10000&details.custrecord4.value[$ne]=true", {
      token: tokens.token,
    });
    expect(active.body.data.map((a: any) => a.label)).toEqual(["Northwind Depot", "Northwind Yard"]);
    expect(active.body.data[0].details).toMatchObject({
      addr1: "Northwind Depot House",
      zip: "LS1 4AP",
      addrText: "Northwind Depot House, Leeds LS1 4AP",
    });
  });

  it("contacts: filters, currentContactOnly, and wp_contact_only", async () => {
    const res = await p.api("GET", "/api/contact?isInactive=false&manpackUser=true&$limit=10000", {
      token: tokens.token,
    });
    expect(res.body.data.map((c: any) => c.internalId)).toEqual(["5004"]);
    expect(
      (await p.api("GET", "/api/contact?currentContactOnly=true", { token: tokens.token })).body.data.map(
        (c: any) => c.internalId,
      ),
    ).toEqual(["5002"]);
    expect(
      (await p.api("GET", "/api/contact?internalId[$in][]=5001&internalId[$in][]=5003", { token: tokens.token })).body
        .total,
    ).toBe(2);
    await p.db("user_customers").where("contact_id", 5002).update({ wp_contact_only: true });
    const own = await p.api("GET", "/api/contact?$limit=10000", { token: await p.login("requester@demo.test") });
    await p.db("user_customers").where("contact_id", 5002).update({ wp_contact_only: false });
    expect(own.body.data.map((c: any) => c.internalId)).toEqual(["5002"]);
  });

  it("departments (isInactive=false), cost centres, contact budgets", async () => {
    expect((await p.api("GET", "/api/department?isInactive=false", { token: tokens.token })).body.data).toEqual([
      { internalId: "301", name: "Estates", isInactive: false },
    ]);
    expect((await p.api("GET", "/api/cost-centre", { token: tokens.token })).body.data.map((c: any) => c.name)).toEqual(
      ["Estates CC"],
    );
    const budgets = await p.api("GET", "/api/contactBudget?contactId[$in]=5004&$limit=10000", { token: tokens.token });
    expect(budgets.body.data).toEqual([
      expect.objectContaining({ contactId: "5004", type: "Jacket", qty: 2, usedQty: 1 }),
    ]);
  });
});
