import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addToBasket, basketAddPayload, basketCount, basketTotal, type BasketLine } from "./basket";

const line = (productId: string, qty: number, price: unknown = 10, extra: Partial<BasketLine> = {}): BasketLine => ({
  productId,
  qty,
  price,
  parentId: productId,
  name: `Item ${productId}`,
  ...extra,
});

describe("basketAddPayload (SPEC §3)", () => {
  it("sends price, qty, productId, parentId = productId, name", () => {
    expect(basketAddPayload({ productId: "20001", name: "Hi-vis vest", price: 4.5 }, 3)).toEqual({
      price: 4.5,
      qty: 3,
      productId: "20001",
      parentId: "20001",
      name: "Hi-vis vest",
    });
  });
});

describe("addToBasket (SPEC §4)", () => {
  it("adds a new product", () => {
    expect(addToBasket([line("a", 1)], line("b", 2))).toEqual([line("a", 1), line("b", 2)]);
  });

  it("sums quantities for the same product", () => {
    expect(addToBasket([line("a", 1), line("b", 2)], line("a", 3))).toEqual([line("a", 4), line("b", 2)]);
  });

  it.each([0, -1])("qty %s removes the product's line", (qty) => {
    expect(addToBasket([line("a", 1), line("b", 2)], { productId: "a", qty })).toEqual([line("b", 2)]);
  });

  it("removing a product that is not there changes nothing", () => {
    expect(addToBasket([line("a", 1)], { productId: "z", qty: 0 })).toEqual([line("a", 1)]);
  });

  it("re-adding a removed-flagged line replaces it instead of summing", () => {
    const result = addToBasket([line("a", 5, 10, { removeItem: true })], line("a", 2));
    expect(result).toHaveLength(1);
    expect(result[0].qty).toBe(2);
    expect(result[0].removeItem).toBeUndefined();
  });

  it("does not change the lines it was given", () => {
    const lines = Object.freeze([line("a", 1)]);
    addToBasket(lines, line("a", 1));
    expect(lines[0].qty).toBe(1);
  });

  it("property: the count after adding is the count before plus the qty added", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ productId: fc.constantFrom<string>("a", "b", "c", "d"), qty: fc.integer({ min: 1, max: 20 }) }),
          {
            selector: (l) => l.productId,
          },
        ),
        fc.constantFrom<string>("a", "b", "e"),
        fc.integer({ min: 1, max: 20 }),
        (lines, productId, qty) => {
          const after = addToBasket(lines, { productId, qty });
          expect(basketCount(after)).toBe(basketCount(lines) + qty);
          expect(after.filter((l) => l.productId === productId)).toHaveLength(1);
        },
      ),
    );
  });
});

describe("basketCount and basketTotal", () => {
  const lines = [line("a", 2, 4.99), line("b", 1, "10.01"), line("c", 7, 100, { removeItem: true })];

  it("lines flagged as removed are not counted", () => {
    expect(basketCount(lines)).toBe(3);
    expect(basketTotal(lines)).toBe(19.99);
  });

  it("an empty basket is 0 and £0", () => {
    expect(basketCount([])).toBe(0);
    expect(basketTotal([])).toBe(0);
  });
});
