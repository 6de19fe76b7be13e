import { beforeEach, describe, expect, it } from "vitest";
import { clearCategoryTrees } from "~/catalogue/category-tree.server";
import { testLoadContext } from "~/http/context";
import { categoryHandlers } from "../../tests/mocks/upstream/categories";
import { get, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader } from "./_default.product-category";

const t = useRouteTest();
// every test its own upstream answers: no category tree kept from the one before
beforeEach(clearCategoryTrees);

async function open(permissions: string[], types: string[]) {
  t.signIn({ permissions }, ...categoryHandlers({ types }));
  return loader({ request: get("/product-category", await sessionCookie()), params: {}, context: testLoadContext() });
}

describe("/product-category: the catalogue follows the permissions", () => {
  it("opens the user's own catalogue first", async () => {
    const types: string[] = [];
    const data = await open(["canViewFullCatalogue", "canViewMyCatalogue"], types);
    expect(types).toEqual(["my"]);
    expect(data.catalogue?.to).toBe("/categories/my");
    expect(data.categories.map((c) => c.to)).toEqual(["/categories/my/workwear", "/categories/my/hi-vis"]);
  });

  it("opens the full catalogue when that is all the user has", async () => {
    const types: string[] = [];
    const data = await open(["canViewFullCatalogue"], types);
    expect(types).toEqual(["full"]);
    expect(data.catalogue?.name).toBe("Full catalogue");
  });

  it("shows no catalogue to a user without one, calling nothing", async () => {
    const types: string[] = [];
    const data = await open(["canViewManpack"], types);
    expect(data).toEqual({ catalogue: null, categories: [] });
    expect(types).toEqual([]);
  });
});
