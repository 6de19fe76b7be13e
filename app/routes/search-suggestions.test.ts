import { describe, expect, it } from "vitest";
import { itemAnswer, itemHandlers, list } from "../../tests/mocks/upstream/items";
import { get, locationOf, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader } from "./search-suggestions";

// GET /search-suggestions?q= (issue 34 item 1, decision 159): the header search box's suggestions
const t = useRouteTest();

async function suggest(path: string, permissions: string[], seen: URLSearchParams[], cookie?: string | null) {
  t.signIn(
    { permissions },
    ...itemHandlers({
      seen,
      answer: () =>
        list(
          [
            itemAnswer(5, { displayName: "Premium Polo Shirt", itemId: "PS100", slug: "premium-polo-shirt" }),
            itemAnswer(6),
          ],
          2,
        ),
    }),
  );
  const request = get(path, cookie === null ? undefined : (cookie ?? (await sessionCookie())));
  return (await t.run(loader, request)) as Response;
}

describe("/search-suggestions?q=", () => {
  it("asks the provider's search for 8 products of the user's catalogue and answers name, code and link", async () => {
    const seen: URLSearchParams[] = [];
    const res = await suggest("/search-suggestions?q=+navy+polo+", ["canViewFullCatalogue"], seen);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Object.fromEntries(seen[0])).toEqual({
      q: "navy polo",
      scope: "full",
      visibleInCatalogue: "true",
      $limit: "8",
    });
    expect(await res.json()).toEqual({
      q: "navy polo",
      suggestions: [
        { name: "Premium Polo Shirt", code: "PS100", href: "/product/premium-polo-shirt" },
        { name: "Product 6", code: "P6", href: "/product/product-6" },
      ],
    });
  });

  it("searches the user's own catalogue without the full one", async () => {
    const seen: URLSearchParams[] = [];
    await suggest("/search-suggestions?q=vest", ["canViewMyCatalogue"], seen);
    expect(seen[0].get("scope")).toBe("my");
  });

  it("asks nothing for fewer than two characters, or without a catalogue to search", async () => {
    const seen: URLSearchParams[] = [];
    const short = await suggest("/search-suggestions?q=+b+", ["canViewFullCatalogue"], seen);
    expect(await short.json()).toEqual({ q: "b", suggestions: [] });
    const none = await suggest("/search-suggestions?q=boots", [], seen);
    expect(await none.json()).toEqual({ q: "boots", suggestions: [] });
    expect(seen).toEqual([]);
  });

  it("refuses a query over 100 characters with a 400 and a message, asking nothing", async () => {
    const seen: URLSearchParams[] = [];
    const res = await suggest(`/search-suggestions?q=${"a".repeat(101)}`, ["canViewFullCatalogue"], seen);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Search for at most 100 characters." });
    expect(seen).toEqual([]);
  });

  it("sends a visitor without a session to log in", async () => {
    const seen: URLSearchParams[] = [];
    const res = await suggest("/search-suggestions?q=boots", ["canViewFullCatalogue"], seen, null);
    expect(locationOf(res)).toMatch(/^\/login/);
    expect(seen).toEqual([]);
  });
});
