import { describe, expect, it } from "vitest";
import { HARBOUR, NORTHWIND, useProvider } from "./fixtures";

/** Issue 21 items 1–2 (decision 131): a customer's my catalogue and the category manager, as the customers then see them. */

const { p, tokens } = useProvider({
  admin: "admin@demo.test",
  buyer: { email: "buyer@demo.test", contactId: 5001 },
});

const call = (method: string, path: string, body?: unknown, token = tokens.admin) =>
  p.api(method, path, { token, body });
const auditCount = async () => Number((await p.db("audit_log").count({ n: "*" }).first())?.n ?? 0);
const lastAudit = async () => (await call("GET", "/api/admin/audit?$limit=1")).body.data[0];
const myCodes = async () =>
  (await call("GET", "/api/item?scope=my", undefined, tokens.buyer)).body.data.map((i: any) => i.itemId);
const adminCodes = async (customerId = NORTHWIND) =>
  (await call("GET", `/api/admin/my-catalogue?customerId=${customerId}`)).body.data.map((e: any) => e.item.itemCode);

describe("my catalogue", () => {
  it("lists a customer's my catalogue; unknown customers are 404, a missing one 400", async () => {
    const res = await call("GET", `/api/admin/my-catalogue?customerId=${NORTHWIND}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, limit: 100, skip: 0 });
    expect(res.body.data[0]).toMatchObject({
      position: 1,
      item: { id: "20010", itemCode: "WK-TRS", displayName: "Work Trousers", price: 18 },
      categories: [{ id: "20", name: "Northwind Picks" }],
    });
    expect((await call("GET", "/api/admin/my-catalogue?customerId=9999")).status).toBe(404);
    expect((await call("GET", "/api/admin/my-catalogue")).body.errors).toHaveProperty("customerId");
    expect((await call("GET", `/api/admin/my-catalogue?customerId=${NORTHWIND}&x=1`)).body.errors).toEqual({
      x: "Unknown parameter",
    });
  });

  it("adds, orders and removes products; the customer's my listing follows at once; each write audited", async () => {
    expect(await myCodes()).toEqual(["WK-TRS"]);
    const before = await auditCount();
    const add = await call("POST", "/api/admin/my-catalogue", {
      customerId: NORTHWIND,
      itemId: "20030",
      categoryId: 20,
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({
      position: 2,
      item: { id: "20030", itemCode: "WD-TUN" },
      categories: [{ id: "20" }],
    });
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      service: "admin/my-catalogue",
      method: "create",
      customer: { id: String(NORTHWIND) },
      after: { itemCode: "WD-TUN", position: 2 },
    });
    expect(await myCodes()).toEqual(["WK-TRS", "WD-TUN"]);
    await call("POST", "/api/admin/my-catalogue", { customerId: NORTHWIND, itemId: 20001, categoryId: "20" });
    expect(await myCodes()).toEqual(["WK-TRS", "WD-TUN", "HV-JKT"]);

    const up = await call("PATCH", `/api/admin/my-catalogue/20001?customerId=${NORTHWIND}`, { move: "up" });
    expect(up.status).toBe(200);
    expect(up.body.data.map((e: any) => e.item.itemCode)).toEqual(["WK-TRS", "HV-JKT", "WD-TUN"]);
    const first = await call("PATCH", `/api/admin/my-catalogue/20030?customerId=${NORTHWIND}`, { position: 1 });
    expect(first.body.data.map((e: any) => e.position)).toEqual([1, 2, 3]);
    expect(await myCodes()).toEqual(["WD-TUN", "WK-TRS", "HV-JKT"]);
    expect(
      (await call("GET", "/api/my-menu-hierarchy", undefined, tokens.buyer)).body.data.map((i: any) => i.itemId),
    ).toEqual(["WD-TUN", "WK-TRS", "HV-JKT"]);
    // an explicit $sort still wins
    expect(
      (await call("GET", "/api/item?scope=my&$sort[displayName]=1", undefined, tokens.buyer)).body.data.map(
        (i: any) => i.itemId,
      ),
    ).toEqual(["HV-JKT", "WD-TUN", "WK-TRS"]);
    expect(await lastAudit()).toMatchObject({ method: "patch", before: { position: 3 }, after: { position: 1 } });
    // the first one up: nothing changes, nothing audited
    const count = await auditCount();
    expect((await call("PATCH", `/api/admin/my-catalogue/20030?customerId=${NORTHWIND}`, { move: "up" })).status).toBe(
      200,
    );
    expect(await auditCount()).toBe(count);

    const removed = await call("DELETE", `/api/admin/my-catalogue/20010?customerId=${NORTHWIND}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ customerId: String(NORTHWIND), itemId: "20010", removed: true });
    expect(await myCodes()).toEqual(["WD-TUN", "HV-JKT"]);
    expect(await lastAudit()).toMatchObject({ method: "remove", before: { itemCode: "WK-TRS" }, after: null });
    expect(await adminCodes()).toEqual(["WD-TUN", "HV-JKT"]);
    // another customer's my catalogue is untouched
    expect(await adminCodes(HARBOUR)).toEqual([]);
  });

  it("refuses bad input with field errors and writes nothing", async () => {
    const before = await auditCount();
    const links = await p.db("item_categories").count({ n: "*" }).first();
    const cases: Array<[unknown, Record<string, string> | number]> = [
      [{ customerId: NORTHWIND, itemId: 20002, categoryId: 20 }, { itemId: "must be a product, not a variant" }],
      [
        { customerId: NORTHWIND, itemId: 20010, categoryId: 21 },
        { categoryId: "must be one of this customer's my categories" },
      ],
      [
        { customerId: NORTHWIND, itemId: 20010 },
        { categoryId: "Choose a category: this customer has no my category named 'Trousers'" },
      ],
      [{ customerId: NORTHWIND, itemId: 20010, extra: 1 }, { extra: "Unknown field" }],
      [
        { customerId: "x", itemId: -1 },
        { customerId: "must be an id (digits)", itemId: "must be an id (digits)" },
      ],
      [{ customerId: 9999, itemId: 20010, categoryId: 20 }, 404],
      [{ customerId: NORTHWIND, itemId: 99999, categoryId: 20 }, 404],
      [{ customerId: NORTHWIND, itemId: 20030, categoryId: 20 }, 409],
    ];
    for (const [body, expected] of cases) {
      const res = await call("POST", "/api/admin/my-catalogue", body);
      if (typeof expected === "number") expect(res.status, JSON.stringify(body)).toBe(expected);
      else {
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors).toEqual(expected);
      }
    }
    expect(
      (await call("PATCH", `/api/admin/my-catalogue/20030?customerId=${NORTHWIND}`, { position: 9 })).body.errors,
    ).toEqual({ position: "must be from 1 to 2" });
    expect((await call("PATCH", `/api/admin/my-catalogue/20030?customerId=${NORTHWIND}`, {})).body.errors).toEqual({
      body: "Nothing to change",
    });
    expect(
      (await call("PATCH", `/api/admin/my-catalogue/20030?customerId=${NORTHWIND}`, { move: "sideways" })).status,
    ).toBe(400);
    expect((await call("PATCH", `/api/admin/my-catalogue/20010?customerId=${NORTHWIND}`, { move: "up" })).status).toBe(
      404,
    );
    expect((await call("DELETE", `/api/admin/my-catalogue/20010?customerId=${NORTHWIND}`)).body.message).toBe(
      "Product '20010' is not in this customer's my catalogue",
    );
    expect((await call("DELETE", "/api/admin/my-catalogue/abc?customerId=1001")).status).toBe(404);
    expect((await call("DELETE", "/api/admin/my-catalogue/20030")).status).toBe(400);
    expect(await auditCount()).toBe(before);
    expect(await p.db("item_categories").count({ n: "*" }).first()).toEqual(links);
  });

  it("finds products to add by name or code (no variants)", async () => {
    const res = await call("GET", "/api/admin/product?q=hv-");
    expect(res.status).toBe(200);
    expect(res.body.data.map((i: any) => i.itemCode)).toEqual(["HV-JKT"]);
    expect(res.body.data[0]).toMatchObject({ id: "20001", className: "Jackets" });
  });
});

describe("category manager", () => {
  const tree = async (query = "") => (await call("GET", `/api/admin/category${query}`)).body;
  const customerTree = async () =>
    (await call("GET", "/api/userCategory?type=full", undefined, tokens.buyer)).body.data;

  it("answers the full tree with positions, and a customer's my tree", async () => {
    const full = await tree();
    expect(full.data.map((n: any) => [n.id, n.position, n.children.map((c: any) => c.id)])).toEqual([
      ["10", 1, ["11"]],
      ["12", 2, []],
    ]);
    expect(full.data[0]).toMatchObject({
      name: "Hi-Vis",
      fullSlug: "hi-vis",
      type: "full",
      customerId: null,
      parentId: null,
      isHidden: false,
    });
    const my = await tree(`?type=my&customerId=${HARBOUR}`);
    expect(my.data.map((n: any) => n.name)).toEqual(["Harbour Picks"]);
    expect((await call("GET", "/api/admin/category?type=my")).body.errors).toEqual({
      customerId: "is needed for my and manpack trees",
    });
    expect((await call("GET", `/api/admin/category?customerId=${HARBOUR}`)).body.errors).toEqual({
      customerId: "goes with type my or manpack only",
    });
    expect((await call("GET", "/api/admin/category?type=my&customerId=9999")).status).toBe(404);
    const one = await call("GET", "/api/admin/category/11");
    expect(one.body).toMatchObject({
      id: "11",
      name: "Jackets",
      parentId: "10",
      path: [{ id: "10", name: "Hi-Vis" }],
      itemCount: 1,
    });
    expect((await call("GET", "/api/admin/category/999")).status).toBe(404);
  });

  it("reorders, renames, hides and moves; the customer's calls follow; audited", async () => {
    const before = await auditCount();
    const moved = await call("PATCH", "/api/admin/category/12", { move: "up" });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: "12", position: 1 });
    expect((await customerTree()).map((n: any) => n.name)).toEqual(["Trousers", "Hi-Vis"]);
    expect(await lastAudit()).toMatchObject({
      service: "admin/category",
      method: "patch",
      before: { position: 2 },
      after: { position: 1 },
    });

    await call("PATCH", "/api/admin/category/10", { name: "  High Visibility " });
    expect((await customerTree()).map((n: any) => n.name)).toEqual(["Trousers", "High Visibility"]);
    expect((await customerTree())[1].slug).toBe("hi-vis");

    // move Jackets under Trousers: its address follows; its products are found under Trousers
    const under = await call("PATCH", "/api/admin/category/11", { parentId: "12" });
    expect(under.body).toMatchObject({ parentId: "12", fullSlug: "trousers/jackets", path: [{ id: "12" }] });
    expect((await customerTree())[0].children.map((c: any) => c.name)).toEqual(["Jackets"]);
    const inTrousers = await call("GET", "/api/item?class.internalId=12&scope=full", undefined, tokens.buyer);
    expect(inTrousers.body.data.map((i: any) => i.itemId)).toContain("HV-JKT");

    // hide Trousers: it and everything below it leave the customer's tree; shown again, they come back
    await call("PATCH", "/api/admin/category/12", { isHidden: true });
    expect((await customerTree()).map((n: any) => n.name)).toEqual(["High Visibility"]);
    expect((await tree()).data[0]).toMatchObject({
      id: "12",
      isHidden: true,
      children: [{ id: "11", isHidden: true }],
    });
    await call("PATCH", "/api/admin/category/12", { isHidden: false });
    expect((await customerTree())[0].children.map((c: any) => c.name)).toEqual(["Jackets"]);

    // back to the top level, first
    const top = await call("PATCH", "/api/admin/category/11", { parentId: null, position: 1 });
    expect(top.body).toMatchObject({ parentId: null, position: 1, fullSlug: "jackets" });
    expect((await customerTree()).map((n: any) => n.name)).toEqual(["Jackets", "Trousers", "High Visibility"]);
    expect(await auditCount()).toBe(before + 6);
  });

  it("refuses a move under itself or its descendants, across trees, and bad input — nothing written", async () => {
    await call("PATCH", "/api/admin/category/11", { parentId: 10 });
    const before = await auditCount();
    const rows = await p.db("categories").orderBy("id").select("*");
    const self = await call("PATCH", "/api/admin/category/10", { parentId: 10 });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({
      parentId: "A category cannot be moved under itself or one of its own subcategories",
    });
    expect((await call("PATCH", "/api/admin/category/10", { parentId: 11 })).body.errors).toEqual({
      parentId: "A category cannot be moved under itself or one of its own subcategories",
    });
    expect((await call("PATCH", "/api/admin/category/10", { parentId: 20 })).body.errors).toEqual({
      parentId: "must be a category of the same tree",
    });
    expect((await call("PATCH", "/api/admin/category/10", { parentId: 999 })).status).toBe(404);
    expect((await call("PATCH", "/api/admin/category/999", { name: "X" })).status).toBe(404);
    expect((await call("PATCH", "/api/admin/category/10", { name: " " })).body.errors).toEqual({
      name: "must not be empty",
    });
    expect((await call("PATCH", "/api/admin/category/10", { position: 5 })).body.errors).toEqual({
      position: "must be from 1 to 2",
    });
    expect((await call("PATCH", "/api/admin/category/10", { move: "up", position: 1 })).body.errors).toHaveProperty(
      "move",
    );
    expect((await call("PATCH", "/api/admin/category/10", { colour: "red" })).body.errors).toMatchObject({
      colour: "Unknown field",
    });
    expect((await call("PATCH", "/api/admin/category/10", {})).body.errors).toEqual({ body: "Nothing to change" });
    expect(await auditCount()).toBe(before);
    expect(await p.db("categories").orderBy("id").select("*")).toEqual(rows);
  });
});
