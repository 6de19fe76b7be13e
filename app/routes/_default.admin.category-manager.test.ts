import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminCatalogueHandlers } from "../../tests/mocks/upstream/admin-catalogue";
import { ADMIN_TOKEN } from "../../tests/mocks/upstream/admin-session";
import { action, loader } from "./_default.admin.category-manager";

// /admin/category-manager (issue 21 item 2, decision 133): the full tree (GET /api/admin/category?type=full), indented
// in display order; move up/down, hide/show and edit (rename, another parent) by PATCH /api/admin/category/:id, each
// back to the tree with a toast; the provider's 400 (under itself) under its field, 409 an error toast, 404 the 404 page.
const t = useRouteTest({ token: ADMIN_TOKEN });

function setUp(options: { evolve?: boolean } = {}) {
  const mock = adminCatalogueHandlers();
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/category-manager", { loader, action });
const load = (query = "") => route.load(query) as Promise<Awaited<ReturnType<typeof loader>>>;
const { send } = route;
const patches = (calls: ReturnType<typeof setUp>["calls"]) => calls.filter((c) => c.method === "PATCH");

describe("/admin/category-manager", () => {
  it("a user who is not an evolve user is sent to / from the page and the posts; nothing asked, nothing changed", async () => {
    const { calls } = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    expect(locationOf(await send({ intent: "move", categoryId: "20", move: "up" }))).toBe("/");
    expect(locationOf(await send({ intent: "hide", categoryId: "20" }))).toBe("/");
    expect(locationOf(await send({ intent: "edit", categoryId: "20", name: "Shoes", parentId: "" }))).toBe("/");
    expect(calls).toEqual([]);
  });

  it("the full tree, depth first in display order, indented, hidden ones marked, with the ends of each sibling list", async () => {
    const { calls } = setUp();
    const data = await load();
    expect(calls.map((c) => [c.path, c.token, c.query])).toEqual([
      ["/api/admin/category", ADMIN_TOKEN, { type: "full" }],
    ]);
    expect(data.categories.map((c) => [c.id, c.depth, c.position, c.first, c.last, c.hidden, c.address])).toEqual([
      ["10", 0, 1, true, false, false, "/hi-vis"],
      ["101", 1, 1, true, false, false, "/hi-vis/vests"],
      ["102", 1, 2, false, true, false, "/hi-vis/jackets"],
      ["20", 0, 2, false, false, false, "/footwear"],
      ["201", 1, 1, true, true, false, "/footwear/boots"],
      ["30", 0, 3, false, true, true, "/gloves"],
    ]);
    expect(data.edit).toBeNull();
  });

  it("?edit= opens the form with the valid parents only (not itself or below it); an unknown category is the 404 page", async () => {
    setUp();
    const data = await load("?edit=10");
    expect(data.edit).toEqual({
      id: "10",
      name: "Hi-Vis Clothing",
      parentId: "",
      parents: [
        { id: "20", name: "Footwear" },
        { id: "201", name: "Footwear › Boots" },
        { id: "30", name: "Gloves" },
      ],
    });
    expect((await load("?edit=102")).edit?.parentId).toBe("10");
    expect(await load("?edit=99")).toHaveProperty("status", 404);
    expect(await load("?edit=abc")).toHaveProperty("status", 404);
  });

  it("move: PATCH {move}, back to the row with a toast", async () => {
    const { calls } = setUp();
    const result = await send({ intent: "move", categoryId: "20", move: "up" });
    expect(patches(calls)).toEqual([
      expect.objectContaining({ path: "/api/admin/category/20", token: ADMIN_TOKEN, body: { move: "up" } }),
    ]);
    expect(locationOf(result)).toBe("/admin/category-manager#category-20");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "'Footwear' moved up" });
  });

  it("hide and show: PATCH {isHidden}", async () => {
    const { calls } = setUp();
    expect(await toastOf(await send({ intent: "hide", categoryId: "101" }))).toEqual({
      kind: "success",
      message: "'Hi-Vis Vests' is hidden: customers no longer see it or anything below it",
    });
    expect(await toastOf(await send({ intent: "show", categoryId: "30" }))).toEqual({
      kind: "success",
      message: "'Gloves' is shown to customers again",
    });
    expect(patches(calls).map((c) => [c.path, c.body])).toEqual([
      ["/api/admin/category/101", { isHidden: true }],
      ["/api/admin/category/30", { isHidden: false }],
    ]);
  });

  it("edit sends only what changed: a new name, a new parent, the top level; nothing changed → no call", async () => {
    const { calls } = setUp();
    const renamed = await send(
      { intent: "edit", categoryId: "102", name: "  Hi-Vis Coats ", parentId: "10" },
      "?edit=102",
    );
    expect(await toastOf(renamed)).toEqual({ kind: "success", message: "'Hi-Vis Coats' saved" });
    expect(locationOf(renamed)).toBe("/admin/category-manager#category-102");
    await send({ intent: "edit", categoryId: "201", name: "Boots", parentId: "" });
    await send({ intent: "edit", categoryId: "101", name: "Hi-Vis Vests", parentId: "20" });
    expect(patches(calls).map((c) => [c.path, c.body])).toEqual([
      ["/api/admin/category/102", { name: "Hi-Vis Coats" }],
      ["/api/admin/category/201", { parentId: null }],
      ["/api/admin/category/101", { parentId: "20" }],
    ]);
    const { calls: none } = setUp();
    const same = await send({ intent: "edit", categoryId: "20", name: "Footwear", parentId: "" });
    expect(await toastOf(same)).toEqual({ kind: "info", message: "Nothing was changed" });
    expect(patches(none)).toEqual([]);
  });

  it("the provider's 400 (under itself) shows under the parent field; its 409 is an error toast; an unknown category the 404 page", async () => {
    setUp();
    const under = (await send(
      { intent: "edit", categoryId: "10", name: "Hi-Vis Clothing", parentId: "101" },
      "?edit=10",
    )) as { data: unknown; init: ResponseInit };
    expect(under.init.status).toBe(400);
    expect(under.data).toEqual({
      ok: false,
      fieldErrors: { parentId: "A category cannot be moved under itself or one of its own subcategories" },
      formError: null,
    });
    const clash = await send({ intent: "edit", categoryId: "201", name: "Boots", parentId: "20" }, "?edit=201");
    // (the mock's clash: boots into Footwear — it is already there, so nothing changes and nothing is sent)
    expect(await toastOf(clash)).toEqual({ kind: "info", message: "Nothing was changed" });
    const { tree } = setUp();
    tree[1].children[0].parentId = "10";
    const conflict = await send({ intent: "edit", categoryId: "201", name: "Boots", parentId: "20" }, "?edit=201");
    expect(locationOf(conflict)).toBe("/admin/category-manager?edit=201");
    expect(await toastOf(conflict)).toEqual({
      kind: "error",
      message: "A category with this address already exists there",
    });
    setUp();
    expect(await send({ intent: "move", categoryId: "99", move: "up" })).toHaveProperty("status", 404);
  });

  it.each([
    { intent: "move", categoryId: "20", move: "left" },
    { intent: "move", categoryId: "x", move: "up" },
    { intent: "hide" },
    { intent: "edit", categoryId: "20", name: "   ", parentId: "" },
    { intent: "edit", categoryId: "20", name: "x".repeat(201), parentId: "" },
    { intent: "edit", categoryId: "20", name: "Shoes", parentId: "top" },
    { intent: "delete", categoryId: "20" },
  ] as Record<string, string>[])("bad input %j → 400, nothing sent", async (form) => {
    const { calls } = setUp();
    const result = (await send(form)) as { init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(calls).toEqual([]);
  });
});
