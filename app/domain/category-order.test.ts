import { describe, expect, it } from "vitest";
import { DEFAULT_CATEGORY_ORDER, categoryRank, sortCategories, type CategoryOrderEntry } from "./category-order";

const cat = (internalId: string, slug: string, children: { internalId: string; slug: string }[] = []) => ({ internalId, slug, children });

describe("sortCategories (SPEC §9)", () => {
  it("puts top levels in table order, by slug, whatever their ids", () => {
    const sorted = sortCategories([cat("901", "gloves"), cat("902", "hi-vis"), cat("903", "healthcare")]);
    expect(sorted.map((c) => c.slug)).toEqual(["hi-vis", "gloves", "healthcare"]);
  });

  it("matches by id too", () => {
    expect(sortCategories([{ internalId: 27 }, { internalId: 10 }]).map((c) => c.internalId)).toEqual([10, 27]);
  });

  it("unknown ids sort last, keeping their own order", () => {
    const sorted = sortCategories([cat("x2", "zeta"), cat("a", "hi-vis"), cat("x1", "alpha")]);
    expect(sorted.map((c) => c.slug)).toEqual(["hi-vis", "zeta", "alpha"]);
  });

  it("sorts children by their entry; unknown children last", () => {
    const sorted = sortCategories([
      cat("10", "hi-vis", [
        { internalId: "99", slug: "hi-vis-misc" },
        { internalId: "13", slug: "hi-vis-trousers" },
        { internalId: "11", slug: "hi-vis-vests" },
      ]),
    ]);
    expect(sorted[0].children.map((c) => c.slug)).toEqual(["hi-vis-vests", "hi-vis-trousers", "hi-vis-misc"]);
  });

  it("leaves the children of an unknown top level alone", () => {
    const top = cat("x", "other", [{ internalId: "2", slug: "b" }, { internalId: "1", slug: "a" }]);
    expect(sortCategories([top])[0]).toBe(top);
  });

  it("takes another table", () => {
    const table: CategoryOrderEntry[] = [{ keys: ["b"], children: [] }, { keys: ["a"], children: [] }];
    expect(sortCategories([cat("1", "a"), cat("2", "b")], table).map((c) => c.slug)).toEqual(["b", "a"]);
  });

  it("does not change the list it was given", () => {
    const list = [cat("1", "gloves"), cat("2", "hi-vis")];
    sortCategories(list);
    expect(list.map((c) => c.slug)).toEqual(["gloves", "hi-vis"]);
  });

  it("the default table has unique keys", () => {
    const keys = DEFAULT_CATEGORY_ORDER.flatMap((e) => [...e.keys, ...e.children.flat()]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("categoryRank is the table position, unknown is last", () => {
    expect(categoryRank([["a"], ["b"]], { internalId: "b" })).toBe(1);
    expect(categoryRank([["a"]], { internalId: "z" })).toBe(Number.MAX_SAFE_INTEGER);
  });
});
