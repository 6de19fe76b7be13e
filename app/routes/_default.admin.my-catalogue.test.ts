import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminCatalogueHandlers } from "../../tests/mocks/upstream/admin-catalogue";
import { ADMIN_TOKEN, adminSessionHandlers } from "../../tests/mocks/upstream/admin-session";
import { action, loader } from "./_default.admin.my-catalogue";

// /admin/my-catalogue (issue 21 item 1, decision 133): the customer picker (GET /api/admin/customer), the customer's my
// catalogue (GET /api/admin/my-catalogue?customerId=), the product search (GET /api/admin/product?q=) and its my
// categories (GET /api/admin/category?type=my&customerId=); add (POST), remove (DELETE) and move (PATCH {move}), each
// back to the customer with a toast; the provider's 400 under its field, 409 an error toast, 404 the 404 page.
const t = useRouteTest({ token: ADMIN_TOKEN });

function setUp(options: { evolve?: boolean } = {}) {
  const mock = adminCatalogueHandlers();
  const session = adminSessionHandlers();
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers, ...session.handlers);
  return { ...mock, customerCalls: session.calls };
}
const route = t.route("/admin/my-catalogue", { loader, action });
const load = (query = "") => route.load(query) as Promise<Awaited<ReturnType<typeof loader>>>;
const send = (form: Record<string, string>, query = "?customerId=1001") => route.send(form, query);

describe("/admin/my-catalogue", () => {
  it("a user who is not an evolve user is sent to / from the page and the posts; nothing asked, nothing changed", async () => {
    const { calls, customerCalls } = setUp({ evolve: false });
    expect(locationOf(await load("?customerId=1001"))).toBe("/");
    expect(locationOf(await send({ intent: "add", customerId: "1001", itemId: "20004" }))).toBe("/");
    expect(locationOf(await send({ intent: "remove", customerId: "1001", itemId: "20001" }))).toBe("/");
    expect(locationOf(await send({ intent: "move", customerId: "1001", itemId: "20002", move: "up" }))).toBe("/");
    expect([...calls, ...customerCalls]).toEqual([]);
  });

  it("without a customer: the customer search only", async () => {
    const { calls, customerCalls } = setUp();
    const data = await load("?q=north");
    expect(data.customers).toEqual([{ id: "1001", name: "Northwind Facilities" }]);
    expect(data.customer).toBeNull();
    expect(calls).toEqual([]);
    expect(customerCalls[0]).toMatchObject({
      path: "/api/admin/customer",
      token: ADMIN_TOKEN,
      query: { q: "north", $limit: "16", $skip: "0" },
    });
  });

  it("a chosen customer: its my catalogue in order, its my categories; ?productQ= finds products, marking those already in", async () => {
    const { calls } = setUp();
    const data = await load("?customerId=1001&productQ=hv");
    expect(data.customer).toEqual({ id: "1001", name: "Northwind Facilities" });
    expect(data.entries.map((e) => [e.position, e.id, e.name, e.price, e.categories])).toEqual([
      [1, "20001", "Hi-Vis Vest Class 2", "£4.95", "Hi-Vis Vests"],
      [2, "20002", "Hi-Vis Jacket", "£24.50", "Hi-Vis Jackets"],
      [3, "20003", "Safety Boot", "£39.00", "Boots"],
    ]);
    expect(data.products?.map((p) => [p.id, p.inList])).toEqual([
      ["20001", true],
      ["20002", true],
    ]);
    expect(data.categories).toEqual([
      { id: "1101", name: "Hi-Vis Vests", hidden: false },
      { id: "1102", name: "Hi-Vis Jackets", hidden: false },
    ]);
    expect(calls.map((c) => [c.path, c.query])).toEqual(
      expect.arrayContaining([
        ["/api/admin/my-catalogue", { customerId: "1001", $limit: "100", $skip: "0" }],
        ["/api/admin/product", { q: "hv", $limit: "16", $skip: "0" }],
        ["/api/admin/category", { type: "my", customerId: "1001" }],
      ]),
    );
  });

  it("an unknown customer is the 404 page; so is a customer id that is not digits (nothing asked)", async () => {
    setUp();
    expect(await load("?customerId=99")).toHaveProperty("status", 404);
    const { calls } = setUp();
    expect(await load("?customerId=abc")).toHaveProperty("status", 404);
    expect(calls).toEqual([]);
  });

  it("add: POST {customerId, itemId, categoryId}, back to the customer (searches kept) with a toast", async () => {
    const { calls, mine } = setUp();
    const result = await send(
      { intent: "add", customerId: "1001", itemId: "20004", categoryId: "1102" },
      "?customerId=1001&productQ=gl",
    );
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/admin/my-catalogue",
      token: ADMIN_TOKEN,
      body: { customerId: "1001", itemId: "20004", categoryId: "1102" },
    });
    expect(mine.map((p) => p.id)).toEqual(["20001", "20002", "20003", "20004"]);
    expect(locationOf(result)).toBe("/admin/my-catalogue?customerId=1001&productQ=gl");
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "Rigger Glove added to the my catalogue of Northwind Facilities",
    });
  });

  it("add without a category sends none; the provider's 400s show under their fields", async () => {
    const { calls } = setUp();
    const noCategory = (await send({ intent: "add", customerId: "1001", itemId: "20004", categoryId: "" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ customerId: "1001", itemId: "20004" });
    expect(noCategory.init.status).toBe(400);
    expect(noCategory.data).toEqual({
      ok: false,
      fieldErrors: { categoryId: "Choose a category: this customer has no my category named 'Gloves'" },
      formError: null,
    });
    const variant = (await send({ intent: "add", customerId: "1001", itemId: "20011" })) as { data: unknown };
    expect(variant.data).toEqual({
      ok: false,
      fieldErrors: { itemId: "must be a product, not a variant" },
      formError: null,
    });
  });

  it("add: already there (409) is an error toast; an unknown product is the 404 page", async () => {
    setUp();
    const result = await send({ intent: "add", customerId: "1001", itemId: "20001" });
    expect(locationOf(result)).toBe("/admin/my-catalogue?customerId=1001");
    expect(await toastOf(result)).toEqual({
      kind: "error",
      message: "This product is already in this customer's my catalogue",
    });
    expect(await send({ intent: "add", customerId: "1001", itemId: "99" })).toHaveProperty("status", 404);
  });

  it("remove: DELETE /api/admin/my-catalogue/:itemId?customerId=, a toast; a second click is an error toast", async () => {
    const { calls, mine } = setUp();
    const result = await send({ intent: "remove", customerId: "1001", itemId: "20002" });
    expect(calls.find((c) => c.method === "DELETE")).toMatchObject({
      path: "/api/admin/my-catalogue/20002",
      query: { customerId: "1001" },
    });
    expect(mine.map((p) => p.id)).toEqual(["20001", "20003"]);
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "Hi-Vis Jacket has been taken out of the my catalogue",
    });
    const again = await send({ intent: "remove", customerId: "1001", itemId: "20002" });
    expect(await toastOf(again)).toEqual({
      kind: "error",
      message: "Product '20002' is not in this customer's my catalogue",
    });
  });

  it("move: PATCH {move}, back to the row with a toast naming the new place; the first moved up changes nothing", async () => {
    const { calls, mine } = setUp();
    const result = await send({ intent: "move", customerId: "1001", itemId: "20003", move: "up" });
    expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
      path: "/api/admin/my-catalogue/20003",
      query: { customerId: "1001" },
      body: { move: "up" },
    });
    expect(mine.map((p) => p.id)).toEqual(["20001", "20003", "20002"]);
    expect(locationOf(result)).toBe("/admin/my-catalogue?customerId=1001#item-20003");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Safety Boot moved up: now number 2" });
    const first = await send({ intent: "move", customerId: "1001", itemId: "20001", move: "up" });
    expect(await toastOf(first)).toEqual({ kind: "info", message: "Hi-Vis Vest Class 2 is already first" });
  });

  it.each([
    { intent: "add", customerId: "1001" },
    { intent: "add", customerId: "1001", itemId: "x1" },
    { intent: "add", customerId: "1001", itemId: "20004", categoryId: "vests" },
    { intent: "move", customerId: "1001", itemId: "20001", move: "sideways" },
    { intent: "remove", itemId: "20001" },
    { intent: "promote", customerId: "1001", itemId: "20001" },
  ] as Record<string, string>[])("bad input %j → 400, nothing sent", async (form) => {
    const { calls } = setUp();
    const result = (await send(form)) as { init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(calls).toEqual([]);
  });
});
