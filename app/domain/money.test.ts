import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatMoney, fromPence, orderTotal, parseMoney, shippingLabel, sumMoney, toPence } from "./money";

describe("parseMoney (SPEC §5: float, default 0)", () => {
  it.each([
    [12.5, 12.5],
    ["12.50", 12.5],
    [" 7 ", 7],
    ["£1,234.56", 1234.56],
    ["-£3.20", -3.2],
    ["12abc", 12],
    ["abc", 0],
    ["", 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [{}, 0],
  ])("%j → %s", (input, expected) => expect(parseMoney(input)).toBe(expected));
});

describe("formatMoney (£, two decimals, thousands separators)", () => {
  it.each([
    [0, "£0.00"],
    [1, "£1.00"],
    [12.5, "£12.50"],
    [1234.567, "£1,234.57"],
    [1234567.8, "£1,234,567.80"],
    [-3, "-£3.00"],
    [-1234.5, "-£1,234.50"],
    [-0.001, "£0.00"],
    ["19.99", "£19.99"],
    ["not money", "£0.00"],
  ])("%j → %s", (input, expected) => expect(formatMoney(input)).toBe(expected));

  it("property: always £ with two decimals, and parses back to the penny", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (pence) => {
        const text = formatMoney(pence / 100);
        expect(text).toMatch(/^-?£\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(toPence(text)).toBe(pence);
      }),
    );
  });
});

describe("orderTotal (SPEC §5: subTotal + shipping + tax)", () => {
  it("adds the three parts", () => {
    expect(orderTotal({ subTotal: "100.00", shippingCost: 4.95, taxTotal: "20.99" })).toBe(125.94);
  });

  it("treats missing parts as 0", () => {
    expect(orderTotal({ subTotal: 10 })).toBe(10);
    expect(orderTotal({})).toBe(0);
  });

  it("does not drift on decimal sums", () => {
    expect(orderTotal({ subTotal: 0.1, shippingCost: 0.2, taxTotal: 0 })).toBe(0.3);
  });

  it("property: equals the sum of its parts in pence", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000_00), fc.nat(100_00), fc.nat(200_000_00), (s, sh, t) => {
        expect(toPence(orderTotal({ subTotal: s / 100, shippingCost: sh / 100, taxTotal: t / 100 }))).toBe(s + sh + t);
      }),
    );
  });
});

describe("shippingLabel (SPEC §9)", () => {
  it("is the description, an en dash and the flat rate", () => {
    expect(shippingLabel({ description: "Next Day", shippingflatrateamount: "7.5" })).toBe("Next Day – £7.50");
  });

  it("shows a free or missing rate as £0.00", () => {
    expect(shippingLabel({ description: "Standard" })).toBe("Standard – £0.00");
  });
});

it("sumMoney and fromPence agree", () => {
  expect(sumMoney(["1.10", 2.2, null])).toBe(3.3);
  expect(fromPence(150)).toBe(1.5);
});
