import { describe, expect, it } from "vitest";
import {
  categoryTrail,
  defaultCatalogue,
  listingSearch,
  parseStockFilter,
  searchScope,
  stockFilterQuery,
  visibleCatalogues,
} from "./catalogue-listing";

const account = (...permissions: string[]) => ({ permissions, isEvolveUser: false });

describe("catalogue choice by permission", () => {
  it("lists my, full and user catalogues in that order, as permitted", () => {
    expect(visibleCatalogues(account("canViewUserCatalogue", "canViewFullCatalogue", "canViewMyCatalogue"))).toEqual([
      "my",
      "full",
      "user",
    ]);
    expect(visibleCatalogues(account("canViewFullCatalogue"))).toEqual(["full"]);
    expect(visibleCatalogues(account("canViewManpack"))).toEqual([]);
  });
  it("opens the first permitted catalogue, or none", () => {
    expect(defaultCatalogue(account("canViewFullCatalogue", "canViewMyCatalogue"))).toBe("my");
    expect(defaultCatalogue(account("canViewUserCatalogue"))).toBe("user");
    expect(defaultCatalogue(account())).toBeNull();
  });
  it("searches the full catalogue when allowed, else the user's own", () => {
    expect(searchScope(account("canViewMyCatalogue", "canViewFullCatalogue"))).toBe("full");
    expect(searchScope(account("canViewMyCatalogue"))).toBe("my");
    expect(searchScope(account("canViewUserCatalogue"))).toBeNull();
  });
});

describe("stock filter", () => {
  it("reads only the two known values", () => {
    expect(parseStockFilter("in-stock")).toBe("in-stock");
    expect(parseStockFilter("special-order")).toBe("special-order");
    expect(parseStockFilter("all")).toBeUndefined();
    expect(parseStockFilter(null)).toBeUndefined();
  });
  it("maps to upstream fields", () => {
    expect(stockFilterQuery("in-stock")).toEqual({ inStock: "true" });
    expect(stockFilterQuery("special-order")).toEqual({ isSpecialOrder: "true" });
    expect(stockFilterQuery(undefined)).toEqual({});
  });
});

describe("listing links", () => {
  it("builds links that keep filters and reset the page on a filter change", () => {
    const here = new URLSearchParams("colour=navy&page=3");
    expect(listingSearch(here, { page: 4 })).toBe("?colour=navy&page=4");
    expect(listingSearch(here, { page: 1 })).toBe("?colour=navy");
    expect(listingSearch(here, { colour: "black" })).toBe("?colour=black");
    expect(listingSearch(here, { colour: null })).toBe("");
  });
});

describe("categoryTrail", () => {
  const tree = [
    { internalId: "10", slug: "hi-vis", children: [{ internalId: "12", slug: "hi-vis-jackets", children: [] }] },
    { internalId: "14", slug: "workwear", children: [] },
  ];
  it("follows slugs down the tree", () => {
    expect(categoryTrail(tree, "hi-vis/hi-vis-jackets")?.map((c) => c.internalId)).toEqual(["10", "12"]);
    expect(categoryTrail(tree, "")).toEqual([]);
  });
  it("answers null for an unknown segment", () => {
    expect(categoryTrail(tree, "hi-vis/nope")).toBeNull();
    expect(categoryTrail(tree, "nope")).toBeNull();
  });
});
