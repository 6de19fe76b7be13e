import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { itemAnswer, itemHandlers, list } from "../../tests/mocks/upstream/items";
import { get, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader } from "./_default.search";

const t = useRouteTest();

async function search(path: string, permissions: string[], seen: URLSearchParams[]) {
  t.signIn({ permissions }, ...itemHandlers({ seen, answer: () => list([itemAnswer(5)], 1) }));
  return loader({ request: get(path, await sessionCookie()), params: {}, context: testLoadContext() });
}

describe("/search?q=", () => {
  it("searches name, code and description (q) in the full catalogue when allowed", async () => {
    const seen: URLSearchParams[] = [];
    const data = await search("/search?q=+jacket+&page=2", ["canViewFullCatalogue", "canViewMyCatalogue"], seen);
    expect(Object.fromEntries(seen[0])).toMatchObject({ q: "jacket", scope: "full", $skip: "16", $limit: "16" });
    expect(data.q).toBe("jacket");
    expect(data.listing?.cards.map((c) => c.name)).toEqual(["Product 5"]);
  });

  it("searches only the user's own catalogue without the full one", async () => {
    const seen: URLSearchParams[] = [];
    await search("/search?q=vest", ["canViewMyCatalogue"], seen);
    expect(seen[0].get("scope")).toBe("my");
  });

  it("shows the empty form without a query, calling nothing", async () => {
    const seen: URLSearchParams[] = [];
    const data = await search("/search", ["canViewFullCatalogue"], seen);
    expect(data).toEqual({ q: "", canSearch: true, listing: null });
    expect(seen).toEqual([]);
  });
});
