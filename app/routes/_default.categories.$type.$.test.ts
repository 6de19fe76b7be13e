import { http, HttpResponse, delay } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { clearCategoryTrees } from "~/catalogue/category-tree.server";
import { testLoadContext } from "~/http/context";
import { categoryHandlers } from "../../tests/mocks/upstream/categories";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { itemAnswer, itemHandlers, list } from "../../tests/mocks/upstream/items";
import { get, locationOf, sessionCookie, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader } from "./_default.categories.$type.$";

const t = useRouteTest();
// every test its own upstream answers: no category tree kept from the one before
beforeEach(clearCategoryTrees);
const ALL = ["canViewFullCatalogue", "canViewMyCatalogue", "canViewUserCatalogue"];

async function open(path: string, params: Record<string, string>, permissions = ALL) {
  t.signIn({ permissions });
  return settle(async () => loader({ request: get(path, await sessionCookie()), params, context: testLoadContext() }));
}

describe("/categories/{my|full}/{fullSlug…}", () => {
  it("sends SPEC §7's listing parameters for the category, page, filters and sort", async () => {
    const seen: URLSearchParams[] = [];
    const types: string[] = [];
    t.server.use(
      ...categoryHandlers({ types }),
      ...itemHandlers({ seen, answer: () => list([itemAnswer(1)], 40, 16, 16) }),
    );
    const result = (await open(
      "/categories/full/hi-vis/hi-vis-jackets?page=2&en=EN+343&colour=Yellow&stock=in-stock&sort=price-asc",
      {
        type: "full",
        "*": "hi-vis/hi-vis-jackets",
      },
    )) as Awaited<ReturnType<typeof loader>>;
    expect(types).toEqual(["full"]);
    expect(Object.fromEntries(seen[0])).toEqual({
      $limit: "16",
      $skip: "16",
      "$sort[price]": "1",
      "class.internalId": "12",
      en: "EN 343",
      colour: "Yellow",
      scope: "full",
      includePricing: "true",
      visibleInCatalogue: "true",
      inStock: "true",
    });
    expect(result.heading).toBe("Hi-Vis Jackets");
    expect(result.trail.map((c) => c.name)).toEqual(["Hi-Vis Clothing", "Hi-Vis Jackets"]);
    expect(result.listing).toMatchObject({ total: 40, page: 2, pages: 3 });
    expect(result.listing.cards[0]).toMatchObject({
      name: "Product 1",
      link: "/product/product-1",
      fromPrice: 10,
      priceText: "From £10.00",
      stockLabel: "In stock",
    });
    // the quick view opens on this page with its filters; paging keeps them too
    expect(result.listing.cards[0].quickView).toBe(
      "/categories/full/hi-vis/hi-vis-jackets?page=2&en=EN+343&colour=Yellow&stock=in-stock&sort=price-asc&quickview=product-1",
    );
    expect(result.listing.links.pageBase).toBe(
      "/categories/full/hi-vis/hi-vis-jackets?en=EN+343&colour=Yellow&stock=in-stock&sort=price-asc",
    );
  });

  it("shows the tree in the provider's display order (SPEC §9; the order is data an admin edits, decision 135), children too", async () => {
    t.server.use(...categoryHandlers(), ...itemHandlers());
    const result = (await open("/categories/my", { type: "my", "*": "" })) as Awaited<ReturnType<typeof loader>>;
    expect(result.categories.map((c) => c.name)).toEqual(["Workwear", "Hi-Vis Clothing"]);
    expect(result.categories[1].children.map((c) => c.to)).toEqual([
      "/categories/my/hi-vis/hi-vis-jackets",
      "/categories/my/hi-vis/hi-vis-vests",
    ]);
    expect(result.heading).toBe("My catalogue");
  });

  it("at the root, a tree call that fails while the products are still loading leaves no unhandled failure behind", async () => {
    // the two calls run at once; the page fails with the tree's answer, and the listing's later failure (a browser
    // that left aborts it) is awaited with it: an unhandled one stops the whole portal process (seen in an e2e run)
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", note);
    try {
      t.server.use(
        http.get(`${UPSTREAM}/api/userCategory`, () => HttpResponse.json({ message: "down" }, { status: 500 })),
        http.get(`${UPSTREAM}/api/item`, async () => {
          await delay(50);
          return HttpResponse.json({ message: "down" }, { status: 500 });
        }),
      );
      const answer = await open("/categories/my", { type: "my", "*": "" }).catch((thrown: unknown) => thrown);
      expect((answer as Response).status).toBe(502);
      await delay(150); // the listing's answer arrives after the page has failed
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", note);
    }
  });

  it("drops unknown filter values instead of failing", async () => {
    const seen: URLSearchParams[] = [];
    t.server.use(...categoryHandlers(), ...itemHandlers({ seen }));
    await open("/categories/full?page=abc&stock=lots&sort=random", { type: "full", "*": "" });
    expect(seen[0].get("$skip")).toBe("0");
    expect([...seen[0].keys()].some((k) => k.startsWith("$sort") || k === "inStock" || k === "isSpecialOrder")).toBe(
      false,
    );
  });

  it("filters special order items", async () => {
    const seen: URLSearchParams[] = [];
    t.server.use(...categoryHandlers(), ...itemHandlers({ seen }));
    await open("/categories/full?stock=special-order", { type: "full", "*": "" });
    expect(seen[0].get("isSpecialOrder")).toBe("true");
  });

  it("answers 404 for an unknown category path or catalogue type", async () => {
    t.server.use(...categoryHandlers(), ...itemHandlers());
    expect(
      ((await open("/categories/full/hi-vis/nope", { type: "full", "*": "hi-vis/nope" })) as Response).status,
    ).toBe(404);
    expect(((await open("/categories/other", { type: "other", "*": "" })) as Response).status).toBe(404);
  });

  it("sends a user without the catalogue's permission to the dashboard", async () => {
    t.server.use(...categoryHandlers(), ...itemHandlers());
    expect(locationOf(await open("/categories/my", { type: "my", "*": "" }, ["canViewFullCatalogue"]))).toBe("/");
    expect(locationOf(await open("/categories/full", { type: "full", "*": "" }, ["canViewMyCatalogue"]))).toBe("/");
  });

  it("opens the quick view named in the address on the same page", async () => {
    const item = itemAnswer(7, {}, [{ id: 71, options: { size: "M", color: "Yellow" } }]);
    t.server.use(...categoryHandlers(), ...itemHandlers({ items: [item] }));
    const result = (await open("/categories/full?quickview=product-7", { type: "full", "*": "" })) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(result.listing.quickView?.product).toMatchObject({
      name: "Product 7",
      link: "/product/product-7",
      stockLabel: "In stock",
      nextDayDelivery: true,
    });
    expect(result.listing.quickView?.product.orderable?.internalId).toBe("71");
    expect(result.listing.quickView).toMatchObject({
      close: "/categories/full",
      qty: 1,
      addedTo: "/categories/full?quickview=product-7&added=1",
    });
  });

  it("shows the quick view's quantity at 0 when the page comes back from a quick add (SPEC §4)", async () => {
    const item = itemAnswer(7, {}, [{ id: 71, options: { size: "M", color: "Yellow" } }]);
    t.server.use(...categoryHandlers(), ...itemHandlers({ items: [item] }));
    const result = (await open("/categories/full?page=2&quickview=product-7&size=M&added=1", {
      type: "full",
      "*": "",
    })) as Awaited<ReturnType<typeof loader>>;
    expect(result.listing.quickView).toMatchObject({
      qty: 0,
      close: "/categories/full?page=2",
      keep: [
        ["page", "2"],
        ["quickview", "product-7"],
      ],
    });
  });
});

describe("/categories/user/{catalogueId}/{fullSlug…}", () => {
  it("lists the user catalogue's items by catalogueId", async () => {
    const seen: URLSearchParams[] = [];
    t.signIn({ permissions: ALL }, ...categoryHandlers(), ...itemHandlers({ seen }));
    await loader({
      request: get("/categories/user/2/workwear", await sessionCookie()),
      params: { type: "user", "*": "2/workwear" },
      context: testLoadContext(),
    });
    expect(seen[0].get("catalogueId")).toBe("2");
    expect(seen[0].get("class.internalId")).toBe("14");
  });

  it("needs canViewUserCatalogue and a numeric id", async () => {
    t.signIn({ permissions: ["canViewFullCatalogue"] }, ...categoryHandlers(), ...itemHandlers());
    const denied = await settle(async () =>
      loader({
        request: get("/categories/user/2", await sessionCookie()),
        params: { type: "user", "*": "2" },
        context: testLoadContext(),
      }),
    );
    expect(locationOf(denied)).toBe("/");
    t.signIn({ permissions: ALL });
    const bad = await settle(async () =>
      loader({
        request: get("/categories/user/x", await sessionCookie()),
        params: { type: "user", "*": "x" },
        context: testLoadContext(),
      }),
    );
    expect((bad as Response).status).toBe(404);
  });

  it("takes any upstream id (up to 15 digits, decision 010) and refuses a longer one with 404 before asking", async () => {
    const seen: URLSearchParams[] = [];
    t.signIn({ permissions: ALL }, ...categoryHandlers(), ...itemHandlers({ seen }));
    const id = "123456789012345";
    await loader({
      request: get(`/categories/user/${id}`, await sessionCookie()),
      params: { type: "user", "*": id },
      context: testLoadContext(),
    });
    expect(seen.map((query) => query.get("catalogueId"))).toEqual([id]);
    const tooLong = await settle(async () =>
      loader({
        request: get(`/categories/user/${id}6`, await sessionCookie()),
        params: { type: "user", "*": `${id}6` },
        context: testLoadContext(),
      }),
    );
    expect((tooLong as Response).status).toBe(404);
    expect(seen).toHaveLength(1);
  });
});
