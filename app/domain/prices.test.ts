import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PRICE_HIDDEN_TEXT, priceShown, priceText, shownMoney, verifyPrices } from "./prices";

describe("verifyPrices (SPEC §5)", () => {
  const held = [
    { productId: "a", price: 10 },
    { productId: "b", price: "12.5" },
  ];

  it("false when every fetched price matches", () => {
    expect(
      verifyPrices(held, [
        { internalId: "a", price: "10.00" },
        { internalId: "b", price: 12.5 },
      ]),
    ).toEqual({ verifyPrices: false, changed: [] });
  });

  it("true when a price differs, naming the line", () => {
    expect(
      verifyPrices(held, [
        { internalId: "a", price: 11 },
        { internalId: "b", price: 12.5 },
      ]),
    ).toEqual({ verifyPrices: true, changed: ["a"] });
  });

  it.each([
    [[{ internalId: "a", price: 10 }]],
    [[{ internalId: "a", price: 10 }, { internalId: "b" }]],
    [
      [
        { internalId: "a", price: 10 },
        { internalId: "b", price: null },
      ],
    ],
  ])("true when a fetched price is missing (%j)", (fetched) =>
    expect(verifyPrices(held, fetched)).toEqual({ verifyPrices: true, changed: ["b"] }),
  );

  it("an empty basket needs no notice", () => {
    expect(verifyPrices([], []).verifyPrices).toBe(false);
  });

  it("property: unchanged prices never flag; any penny change flags", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: -500, max: 500 }), (pence, delta) => {
        const result = verifyPrices(
          [{ productId: "x", price: pence / 100 }],
          [{ internalId: "x", price: String((pence + delta) / 100) }],
        );
        expect(result.verifyPrices).toBe(delta !== 0);
      }),
    );
  });
});

describe("priceShown / priceText (issue 12 item 8, decision 058)", () => {
  const format = (amount: number) => `£${amount.toFixed(2)}`;
  it.each([
    [12.5, false, { hidden: false, amount: 12.5 }, "£12.50"],
    [null, false, { hidden: false, amount: null }, null],
    [undefined, false, { hidden: false, amount: null }, null],
    [12.5, true, { hidden: true }, PRICE_HIDDEN_TEXT],
    [null, true, { hidden: true }, PRICE_HIDDEN_TEXT],
    [0, true, { hidden: true }, PRICE_HIDDEN_TEXT],
  ])("amount %j with prices hidden %j", (amount, hidden, shown, text) => {
    expect(priceShown(amount, hidden)).toEqual(shown);
    expect(priceText(priceShown(amount, hidden), format)).toBe(text);
  });

  it("a missing price may be worded, a hidden one is never read as missing", () => {
    expect(priceText(priceShown(null, false), format, "Unavailable")).toBe("Unavailable");
    expect(priceText(priceShown(null, true), format, "Unavailable")).toBe(PRICE_HIDDEN_TEXT);
  });

  it("the wording is British English and names no amount", () => {
    expect(PRICE_HIDDEN_TEXT).toBe("Price on application");
  });
});

describe("shownMoney (decision 058)", () => {
  it.each([
    [49, false, "£49.00"],
    ["12.5", false, "£12.50"],
    [null, false, "£0.00"],
    [49, true, PRICE_HIDDEN_TEXT],
    [null, true, PRICE_HIDDEN_TEXT],
    [0, true, PRICE_HIDDEN_TEXT],
  ])("%j with prices hidden %j reads %j", (amount, hidden, text) => {
    expect(shownMoney(amount, hidden)).toBe(text);
  });
});
