import { describe, expect, it } from "vitest";
import {
  GALLERY_PLACEHOLDER,
  afterQuickAdd,
  colorsFromImages,
  quickViewImage,
  quickViewQuantity,
  showsNextDayDelivery,
  stockLabel,
} from "./quick-view";

describe("quick-view stock display (SPEC §4)", () => {
  it.each([
    [true, false, "In stock", true],
    [true, true, "In stock", false],
    [false, false, "Special Order Item", false],
    [false, true, null, false],
  ])("inStock %s, hasFinish %s → %j, next day %s", (inStock, hasFinish, label, nextDay) => {
    expect(stockLabel({ inStock, hasFinish })).toBe(label);
    expect(showsNextDayDelivery({ inStock, hasFinish })).toBe(nextDay);
  });
});

describe("quickViewImage", () => {
  const product = {
    image: "/p.jpg",
    colors: [
      { color: "Navy", images: ["/navy-1.jpg", "/navy-2.jpg"] },
      { color: "Black", images: [] },
    ],
  };

  it.each([
    ["Navy", "/navy-1.jpg"],
    ["navy", "/navy-1.jpg"],
    [" NAVY ", "/navy-1.jpg"],
    ["Black", "/p.jpg"],
    ["Red", "/p.jpg"],
    [null, "/p.jpg"],
    ["", "/p.jpg"],
  ])("chosen %j → %s", (chosenColor, image) => expect(quickViewImage({ ...product, chosenColor })).toBe(image));

  it("without colours it is the product image", () => {
    expect(quickViewImage({ image: "/p.jpg", chosenColor: "Navy" })).toBe("/p.jpg");
  });
});

it("qty resets to 0 after a quick add, nothing else changes", () => {
  expect(afterQuickAdd({ qty: 5, name: "Vest" })).toEqual({ qty: 0, name: "Vest" });
});

it("the quick view starts at the item's minimum, and at 0 straight after a quick add", () => {
  expect(quickViewQuantity(5, false)).toBe(5);
  expect(quickViewQuantity(5, true)).toBe(0);
});

it("the gallery placeholder is '+3'", () => expect(GALLERY_PLACEHOLDER).toBe("+3"));

it("colorsFromImages turns the upstream's colour-keyed images into a list the image rule reads", () => {
  const colors = colorsFromImages({ yellow: ["/y.svg"], navy: ["/n1.svg", "/n2.svg"] });
  expect(colors).toEqual([
    { color: "yellow", images: ["/y.svg"] },
    { color: "navy", images: ["/n1.svg", "/n2.svg"] },
  ]);
  expect(quickViewImage({ image: "/p.svg", colors, chosenColor: "Navy" })).toBe("/n1.svg");
  expect(colorsFromImages(null)).toEqual([]);
});
