import { describe, expect, it } from "vitest";
import {
  PLACEHOLDER_IMAGE,
  cardEnStandards,
  cardImage,
  cardItemSchema,
  productCard,
  productLink,
} from "./product-card";

const item = {
  internalId: 20001,
  itemId: "HV100",
  displayName: "Hi-Vis Vest Class 2",
  subCategory: { name: "Hi-Vis Vests" },
  fromPrice: 4.95,
  inStock: true,
  enStandards: ["EN ISO 20471", { name: "EN 343" }, "EN ISO 20471", "EN 1149-5", "EN 14058"],
  defaultImage: "/images/hv100.svg",
  webPathImage: "/web/hv100.jpg",
  slug: "hi-vis-vest-class-2",
  features: [
    { heading: "Class 2", subheading: "EN ISO 20471" },
    { heading: "Velcro", subheading: "front fastening" },
    { heading: "ID pocket" },
    { heading: "Extra", subheading: "not shown" },
  ],
};

describe("productCard (SPEC §3, field by field)", () => {
  const card = productCard(cardItemSchema.parse(item));

  it("name from displayName", () => expect(card.name).toBe("Hi-Vis Vest Class 2"));
  it("category from the item sub-category", () => expect(card.category).toBe("Hi-Vis Vests"));
  it("fromPrice as sent", () => expect(card.fromPrice).toBe(4.95));
  it("productCode from itemId", () => expect(card.productCode).toBe("HV100"));
  it("inStock", () => expect(card.inStock).toBe(true));
  it("up to three unique EN standards", () =>
    expect(card.enStandards).toEqual(["EN ISO 20471", "EN 343", "EN 1149-5"]));
  it("the default image first", () => expect(card.image).toBe("/images/hv100.svg"));
  it("slug and link /product/{slug}", () => {
    expect(card.slug).toBe("hi-vis-vest-class-2");
    expect(card.link).toBe("/product/hi-vis-vest-class-2");
  });
  it("exactly three features, blanks filled", () => {
    expect(card.features).toEqual([
      { heading: "Class 2", subheading: "EN ISO 20471" },
      { heading: "Velcro", subheading: "front fastening" },
      { heading: "ID pocket", subheading: "" },
    ]);
  });
  it("the product id as a string", () => expect(card.productId).toBe("20001"));

  it("a bare item gets safe defaults", () => {
    expect(productCard({ internalId: "9" })).toEqual({
      productId: "9",
      name: "",
      category: "",
      fromPrice: undefined,
      productCode: "",
      inStock: false,
      enStandards: [],
      image: PLACEHOLDER_IMAGE,
      slug: "9",
      link: "/product/9",
      features: [
        { heading: "", subheading: "" },
        { heading: "", subheading: "" },
        { heading: "", subheading: "" },
      ],
    });
  });

  it("without a sub-category the item's class names the category", () => {
    expect(productCard({ internalId: 1, class: { internalId: "11", name: "Hi-Vis Vests" } }).category).toBe(
      "Hi-Vis Vests",
    );
  });

  it("a sub-category may be a plain string", () => {
    expect(productCard({ internalId: 1, subCategory: "Gloves" }).category).toBe("Gloves");
  });
});

describe("cardImage (SPEC §3 order)", () => {
  it.each([
    [{ defaultImage: "/d.jpg", webPathImage: "/w.jpg" }, "/d.jpg"],
    [{ defaultImage: "", webPathImage: "/w.jpg" }, "/w.jpg"],
    [{ defaultImage: null, webPathImage: "/w.jpg" }, "/w.jpg"],
    [{ defaultImage: "  ", webPathImage: " " }, PLACEHOLDER_IMAGE],
    [{}, "/images/placeholder.svg"],
  ])("%j → %s", (input, expected) => expect(cardImage(input)).toBe(expected));
});

it("cardEnStandards skips blanks and keeps the first three unique", () => {
  expect(cardEnStandards(["", { name: null }, "A", "A", "B"])).toEqual(["A", "B"]);
  expect(cardEnStandards(null)).toEqual([]);
});

it("productLink escapes a slug that is not URL-safe", () => {
  expect(productLink("a b/c")).toBe("/product/a%20b%2Fc");
});
