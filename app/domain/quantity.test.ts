import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  checkOrderQuantity,
  clampQuantity,
  isMinusDisabled,
  isPlusDisabled,
  minimumSaleQuantity,
  nextQuantity,
  quantityRule,
  quantityStep,
  steppedQuantity,
} from "./quantity";

describe("selector constants (SPEC §5, §9)", () => {
  it("min 0, max 99, step 1", () => {
    expect([QUANTITY_MIN, QUANTITY_MAX, QUANTITY_STEP]).toEqual([0, 99, 1]);
  });
});

describe("item step and minimum (SPEC §3 Item)", () => {
  it.each([
    [{ reorderMultiple: 6 }, 6],
    [{ reorderMultiple: "12" }, 12],
    [{}, 1],
    [{ reorderMultiple: null }, 1],
    [{ reorderMultiple: 0 }, 1],
    [{ reorderMultiple: -2 }, 1],
    [{ reorderMultiple: 2.5 }, 1],
    [{ reorderMultiple: "" }, 1],
    [{ quantityStep: 4 }, 4],
    [{ quantityStep: 4, reorderMultiple: 6 }, 4],
    [{ quantityStep: 0, reorderMultiple: 6 }, 6],
  ])("quantityStep(%j) → %s", (item, step) => expect(quantityStep(item)).toBe(step));

  it.each([
    [{ minimumSaleQuantity: 10 }, 10],
    [{ minimumSaleQuantity: "5" }, 5],
    [{}, 1],
    [{ minimumSaleQuantity: 0 }, 1],
  ])("minimumSaleQuantity(%j) → %s", (item, min) => expect(minimumSaleQuantity(item)).toBe(min));

  it("quantityRule bundles both", () => {
    expect(quantityRule({ reorderMultiple: 5, minimumSaleQuantity: 10 })).toEqual({ step: 5, minimum: 10 });
  });
});

describe("minus and plus controls (SPEC §5)", () => {
  it.each([
    [{ qty: 0 }, true],
    [{ qty: 1 }, false],
    [{ qty: 5, step: 6 }, true],
    [{ qty: 6, step: 6 }, false],
    [{ qty: 10, min: 10 }, true],
    [{ qty: 11, min: 10 }, false],
    [{ qty: 50, disabled: true }, true],
  ])("minus disabled for %j → %s", (state, expected) => expect(isMinusDisabled(state)).toBe(expected));

  it.each([
    [{ qty: 99 }, true],
    [{ qty: 98 }, false],
    [{ qty: 94, step: 6 }, true],
    [{ qty: 1, disabled: true }, true],
  ])("plus disabled for %j → %s", (state, expected) => expect(isPlusDisabled(state)).toBe(expected));

  it("steppedQuantity stays in range", () => {
    expect(steppedQuantity({ qty: 0 }, -1)).toBe(0);
    expect(steppedQuantity({ qty: 99 }, 1)).toBe(99);
    expect(steppedQuantity({ qty: 6, step: 6 }, 1)).toBe(12);
    expect(steppedQuantity({ qty: 6, step: 6 }, -1)).toBe(0);
  });

  it("property: a press never leaves 0–99, and minus is disabled exactly when it would", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }), (qty, step) => {
        const down = steppedQuantity({ qty, step }, -1);
        const up = steppedQuantity({ qty, step }, 1);
        expect(down).toBeGreaterThanOrEqual(0);
        expect(up).toBeLessThanOrEqual(99);
        expect(isMinusDisabled({ qty, step })).toBe(qty - step < 0);
      }),
    );
  });
});

describe("nextQuantity (SPEC §5 typed input)", () => {
  it.each([
    [1, "3", 3],
    [1, 3, 3],
    [1, " 12 ", 12],
    [5, "0", 0],
    [1, "150", 99],
    [1, "-4", 0],
    [1, "007", 7],
  ])("current %s, typed %j → %s", (current, typed, expected) => expect(nextQuantity(current, typed)).toBe(expected));

  it.each([
    [1, "abc"],
    [1, ""],
    [1, "2.5"],
    [1, "1e2"],
    [3, "3"],
    [3, 3],
    [99, "120"],
    [0, "-1"],
  ])("current %s, typed %j → ignored", (current, typed) => expect(nextQuantity(current, typed)).toBeNull());

  it("property: the answer is null or a different whole number in 0–99", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        fc.oneof(fc.string(), fc.integer().map(String)),
        (current, typed) => {
          const next = nextQuantity(current, typed);
          if (next !== null) {
            expect(Number.isInteger(next)).toBe(true);
            expect(next).toBeGreaterThanOrEqual(0);
            expect(next).toBeLessThanOrEqual(99);
            expect(next).not.toBe(current);
          }
        },
      ),
    );
  });

  it("clampQuantity bounds a number", () => {
    expect(clampQuantity(-3)).toBe(0);
    expect(clampQuantity(120)).toBe(99);
    expect(clampQuantity(7, 10, 20)).toBe(10);
  });
});

describe("checkOrderQuantity (server actions)", () => {
  const pack = { reorderMultiple: 5, minimumSaleQuantity: 10 };

  it.each([
    [{}, 1],
    [{}, "42"],
    [{}, 99],
    [pack, 10],
    [pack, 95],
  ])("item %j accepts %j", (item, qty) =>
    expect(checkOrderQuantity(item, qty)).toEqual({ ok: true, qty: Number(qty) }),
  );

  it.each([
    [{}, "abc", "Quantity must be a whole number"],
    [{}, 2.5, "Quantity must be a whole number"],
    [{}, "", "Quantity must be a whole number"],
    [{}, null, "Quantity must be a whole number"],
    [{}, 0, "Quantity must be at least 1"],
    [{}, -1, "Quantity must be at least 1"],
    [{}, 100, "Quantity cannot be more than 99"],
    [pack, 5, "Quantity must be at least 10"],
    [pack, 12, "Quantity must be a multiple of 5"],
    [pack, 100, "Quantity cannot be more than 99"],
  ])("item %j rejects %j: %s", (item, qty, message) =>
    expect(checkOrderQuantity(item, qty)).toEqual({ ok: false, message }),
  );

  it("0 is a removal when the caller allows it", () => {
    expect(checkOrderQuantity(pack, "0", { zeroRemoves: true })).toEqual({ ok: true, qty: 0 });
  });

  it("property: accepted quantities keep every item rule", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -5, max: 150 }),
        (step, min, qty) => {
          const result = checkOrderQuantity({ reorderMultiple: step, minimumSaleQuantity: min }, qty);
          const valid = qty >= min && qty <= 99 && qty % step === 0;
          expect(result.ok).toBe(valid);
        },
      ),
    );
  });
});
