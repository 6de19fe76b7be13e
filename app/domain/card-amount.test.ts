import { describe, expect, it } from "vitest";
import { cardCharge, chargeMatchesOrder } from "./card-amount";

describe("cardCharge", () => {
  it("adds 20 % VAT to subtotal and shipping, in whole pence", () => {
    expect(cardCharge([{ price: 24.5, qty: 2 }, { price: "6.00", qty: 4 }], 4.95)).toEqual({
      subTotal: 73,
      shippingCost: 4.95,
      taxTotal: 15.59,
      total: 93.54,
      pence: 9354,
    });
  });

  it("rounds the VAT half up to the penny", () => {
    // (0.05 + 0) × 0.2 = 0.01
    expect(cardCharge([{ price: 0.05, qty: 1 }], 0).taxTotal).toBe(0.01);
  });

  it("charges nothing for an empty basket and free delivery", () => {
    expect(cardCharge([], null).pence).toBe(0);
  });
});

describe("chargeMatchesOrder", () => {
  it("compares whole pence", () => {
    expect(chargeMatchesOrder(9354, "93.54")).toBe(true);
    expect(chargeMatchesOrder(9354, 93.55)).toBe(false);
  });
});
