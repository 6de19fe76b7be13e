import { describe, expect, it } from "vitest";
import { currentPage, pageControls, pageCount, pageHref, pageLinks, type PageControl } from "./paging";

describe("pageCount", () => {
  it.each([
    [0, undefined, 1],
    [-3, undefined, 1],
    [1, undefined, 1],
    [16, undefined, 1],
    [17, undefined, 2],
    [32, undefined, 2],
    [33, undefined, 3],
    [10, 5, 2],
    [11, 5, 3],
  ])("%i rows in pages of %s → %i pages", (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});

describe("currentPage", () => {
  it.each([
    ["1", 20, 1],
    ["2", 20, 2],
    ["9", 20, 2],
    ["x", 20, 1],
    [null, 20, 1],
    ["0", 20, 1],
    ["-2", 20, 1],
    ["1.5", 20, 1],
    ["3", 0, 1],
  ])("?page=%j of %i rows → page %i", (value, total, page) => {
    expect(currentPage(value, total)).toBe(page);
  });
});

describe("pageLinks", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [1, 10, [1, 2, null, 10]],
    [10, 10, [1, null, 9, 10]],
    [3, 5, [1, 2, 3, 4, 5]],
  ])("page %i of %i → %j", (page, pages, links) => {
    expect(pageLinks(page, pages)).toEqual(links);
  });
});

describe("pageHref", () => {
  it.each([
    ["/order-history?status=Billed&sort=createdDate", 2, "/order-history?status=Billed&sort=createdDate&page=2"],
    ["/order-history?status=Billed&page=3", 4, "/order-history?status=Billed&page=4"],
    ["/order-history?page=3&status=Billed", 1, "/order-history?status=Billed"],
    ["/saved-punchout-baskets", 2, "/saved-punchout-baskets?page=2"],
    ["/saved-punchout-baskets?page=2", 1, "/saved-punchout-baskets"],
    ["/search?q=hi+vis", 3, "/search?q=hi+vis&page=3"],
  ])("%s, page %i → %s", (base, page, href) => {
    expect(pageHref(base, page)).toBe(href);
  });
});

describe("pageControls: first, previous, numbers, next, last (issue 14 item 6)", () => {
  /** The bar as a short text: F P 1 [2] 3 … 9 N L. */
  const bar = (controls: PageControl[]) =>
    controls
      .map((c) =>
        c.kind === "gap" ? "…" : c.kind === "page" ? (c.current ? `[${c.page}]` : `${c.page}`) : `${c.kind}:${c.page}`,
      )
      .join(" ");

  it.each([
    [1, 1, ""],
    [1, 2, "[1] 2 next:2 last:2"],
    [2, 2, "first:1 previous:1 1 [2]"],
    [1, 23, "[1] 2 … 23 next:2 last:23"],
    [12, 23, "first:1 previous:11 1 … 11 [12] 13 … 23 next:13 last:23"],
    [23, 23, "first:1 previous:22 1 … 22 [23]"],
    [99, 23, "first:1 previous:22 1 … 22 [23]"],
  ])("page %i of %i → %s", (page, pages, expected) => {
    expect(bar(pageControls(page, pages))).toBe(expected);
  });

  it("property: first/previous only off the first page, next/last only off the last, exactly one current page", () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let page = 1; page <= pages; page++) {
        const controls = pageControls(page, pages);
        const kinds = controls.map((c) => c.kind);
        expect(kinds.includes("first")).toBe(page > 1);
        expect(kinds.includes("previous")).toBe(page > 1);
        expect(kinds.includes("next")).toBe(page < pages);
        expect(kinds.includes("last")).toBe(page < pages);
        expect(controls.filter((c) => c.kind === "page" && c.current).length).toBe(pages > 1 ? 1 : 0);
      }
    }
  });
});
