import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { productListQuery } from "./product-query";

describe("productListQuery (SPEC §7 listing parameters)", () => {
  it("page 1 asks for priced, visible items", () => {
    expect(productListQuery({ page: 1 })).toEqual({
      $limit: "16",
      $skip: "0",
      includePricing: "true",
      visibleInCatalogue: "true",
    });
  });

  it("every filter at once", () => {
    expect(
      productListQuery({
        page: "2",
        categoryId: "11",
        en: "EN ISO 20471",
        colour: "Yellow",
        q: "vest",
        sort: "price-desc",
        scope: "full",
        catalogueId: "3",
      }),
    ).toEqual({
      $limit: "16",
      $skip: "16",
      "$sort[price]": "-1",
      "class.internalId": "11",
      en: "EN ISO 20471",
      colour: "Yellow",
      q: "vest",
      scope: "full",
      catalogueId: "3",
      includePricing: "true",
      visibleInCatalogue: "true",
    });
  });

  it.each([
    ["name-asc", "$sort[displayName]", "1"],
    ["name-desc", "$sort[displayName]", "-1"],
    ["price-asc", "$sort[price]", "1"],
  ] as const)("sort %s → %s=%s", (sort, key, value) => expect(productListQuery({ page: 1, sort })[key]).toBe(value));

  it.each([[{ sort: "cheapest" }], [{ scope: "everything" }], [{ q: "" }], [{ colour: "  " }], [{ page: "-3" }]])(
    "a bad value %j is dropped",
    (bad) => expect(productListQuery({ page: 1, ...(bad as object) })).toEqual(productListQuery({ page: 1 })),
  );

  it("property: any search text is passed through trimmed", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ""),
        (q) => {
          expect(productListQuery({ page: 1, q }).q).toBe(q.trim());
        },
      ),
    );
  });
});
