import { describe, expect, it } from "vitest";
import { isCardMethod, paymentMethodBlock } from "./payment";

describe("paymentMethodBlock (SPEC §5, §7)", () => {
  const card = { paymentToken: "tok_1", cvc: "123", sessionKey: "sess" };

  it.each([1, 2, "2"])("card payment with method %j sends the block", (method) => {
    expect(paymentMethodBlock({ type: 2, paymentMethodId: method as number, ...card })).toEqual({
      paymentToken: "tok_1",
      cvc: "123",
      custentitypayment_method: Number(method),
      session: "sess",
    });
  });

  it.each([
    [{ type: 2, paymentMethodId: 0 }],
    [{ type: 2, paymentMethodId: 3 }],
    [{ type: 2 }],
    [{ type: 1, paymentMethodId: 1 }],
    [{ type: 0, paymentMethodId: 2 }],
    [{ type: "card", paymentMethodId: 1 }],
    [{ type: 2, paymentMethodId: "" }],
    [{ type: 2, paymentMethodId: 1.5 }],
    [{ type: 2, paymentMethodId: null }],
  ])("%j sends none", (choice) => expect(paymentMethodBlock({ ...card, ...choice })).toBeNull());

  it("missing card details become empty strings for the upstream to refuse", () => {
    expect(paymentMethodBlock({ type: 2, paymentMethodId: 1 })).toEqual({
      paymentToken: "",
      cvc: "",
      custentitypayment_method: 1,
      session: "",
    });
  });
});

describe("isCardMethod", () => {
  it.each([
    [0, false],
    [1, true],
    [2, true],
    [3, false],
  ])("method %i is a card: %s", (method, card) => {
    expect(isCardMethod(method)).toBe(card);
  });
});
