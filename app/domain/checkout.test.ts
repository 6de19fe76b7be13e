import { describe, expect, it } from "vitest";
import {
  addressIdsWithDefault,
  addressMode,
  decideDeliveryAddress,
  deliveryOption,
  deliveryOptions,
  NEW_ADDRESS,
  orderableAddressIds,
  quoteIsOfShownBasket,
  stockOrderBody,
  summaryLine,
} from "./checkout";

const typed = { addressee: "Stores", addr1: "1 Dock Road", city: "Hull", zip: "hu1 2ab" };

describe("addressMode", () => {
  it("chooses among the addresses the provider allows, and reads addAddress and customAddressOnly", () => {
    expect(addressMode([], 1)).toEqual({ canChoose: false, canType: false, typedOnly: false });
    expect(addressMode(["dellAddress", "addAddress"], 2)).toEqual({ canChoose: true, canType: true, typedOnly: false });
    // dellAddress held, but the provider allows one address: nothing to choose
    expect(addressMode(["dellAddress"], 1).canChoose).toBe(false);
    expect(addressMode(["dellAddress", "customAddressOnly"], 2)).toEqual({
      canChoose: false,
      canType: true,
      typedOnly: true,
    });
  });
});

describe("orderableAddressIds (the provider's orderUse, decision 075)", () => {
  const a = (internalId: string, stock?: boolean) => ({
    internalId,
    ...(stock === undefined ? {} : { orderUse: { stock, wearerPack: stock } }),
  });
  it("keeps the addresses the provider lets a stock order use, the approved one first", () => {
    expect(orderableAddressIds([a("701", true), a("702", false), a("703", true)], null)).toEqual(["701", "703"]);
    expect(orderableAddressIds([a("701", true), a("702", true)], "702")).toEqual(["702", "701"]);
    expect(orderableAddressIds([a("701", true), a("702", false)], "702")).toEqual(["701"]);
  });
  it("counts an address without orderUse as usable (the provider refuses what it must)", () => {
    expect(orderableAddressIds([a("701"), a("702")], null)).toEqual(["701", "702"]);
  });
});

describe("deliveryOption (decision 073)", () => {
  it("labels a method and says what an unavailable one still needs", () => {
    expect(
      deliveryOption({
        internalId: "1",
        description: "Standard Delivery",
        shippingflatrateamount: 4.95,
        available: true,
        amountNeeded: 0,
      }),
    ).toEqual({
      internalId: "1",
      label: "Standard Delivery – £4.95",
      available: true,
      note: null,
    });
    expect(
      deliveryOption({
        internalId: "3",
        description: "Free Delivery – orders over £150",
        shippingflatrateamount: 0,
        available: false,
        amountNeeded: 145.05,
      }),
    ).toMatchObject({
      available: false,
      note: "Spend £145.05 more for free delivery",
    });
    expect(
      deliveryOption({
        internalId: "4",
        description: "Pallet",
        shippingflatrateamount: 20,
        available: false,
        amountNeeded: 500,
      }).note,
    ).toBe("Spend £500.00 more to use Pallet");
  });
  it("lists the methods the basket may use first, the cheaper unavailable ones after", () => {
    const methods = [
      { internalId: "3", description: "Free Delivery", shippingflatrateamount: 0, available: false, amountNeeded: 100 },
      { internalId: "1", description: "Standard", shippingflatrateamount: 4.95, available: true },
      { internalId: "2", description: "Next day", shippingflatrateamount: 9.95, available: true },
    ];
    expect(deliveryOptions(methods).map((o) => o.internalId)).toEqual(["1", "2", "3"]);
  });

  it("without an amount (prices hidden, decision 066) says why in the provider's words, naming no amount of the basket", () => {
    const refusal = "Free Delivery needs an order of £150.00 or more before VAT; this order is less";
    expect(
      deliveryOption({
        internalId: "3",
        description: "Free Delivery",
        shippingflatrateamount: 0,
        available: false,
        amountNeeded: null,
        refusal,
      }),
    ).toMatchObject({
      available: false,
      note: refusal,
    });
  });

  it("offers a method the provider said nothing about", () => {
    expect(deliveryOption({ internalId: "2", description: "Next day", shippingflatrateamount: "12.5" })).toMatchObject({
      available: true,
      note: null,
    });
  });
});

describe("decideDeliveryAddress", () => {
  const ids = ["701", "702"];
  it("uses the default address when nothing is chosen", () => {
    expect(decideDeliveryAddress(addressMode([], 1), ids, undefined, {})).toEqual({ ok: true, addressId: "701" });
  });
  it("lets dellAddress users pick another of their addresses", () => {
    expect(decideDeliveryAddress(addressMode(["dellAddress"], 2), ids, "702", {})).toEqual({
      ok: true,
      addressId: "702",
    });
  });
  it("refuses a change of address without dellAddress", () => {
    expect(decideDeliveryAddress(addressMode([], 1), ids, "702", {})).toEqual({
      ok: false,
      fieldErrors: { addressId: "You cannot change the delivery address" },
    });
  });
  it("refuses another customer's address id", () => {
    expect(decideDeliveryAddress(addressMode(["dellAddress"], 2), ids, "999", {})).toEqual({
      ok: false,
      fieldErrors: { addressId: "Choose one of your delivery addresses" },
    });
  });
  it("takes a typed address with addAddress, tidied", () => {
    expect(decideDeliveryAddress(addressMode(["addAddress"], 1), ids, NEW_ADDRESS, typed)).toEqual({
      ok: true,
      customAddress: { addressee: "Stores", addr1: "1 Dock Road", city: "Hull", zip: "HU1 2AB" },
    });
  });
  it("refuses a typed address without addAddress", () => {
    expect(decideDeliveryAddress(addressMode(["dellAddress"], 2), ids, NEW_ADDRESS, typed).ok).toBe(false);
  });
  it("forces a typed address with customAddressOnly and names each missing field", () => {
    expect(decideDeliveryAddress(addressMode(["customAddressOnly"], 2), ids, "701", {})).toEqual({
      ok: false,
      fieldErrors: {
        addr1: "Enter the first line of the address",
        city: "Enter the town or city",
        zip: "Enter the postcode",
      },
    });
    expect(
      decideDeliveryAddress(addressMode(["customAddressOnly"], 2), ids, "701", { ...typed, zip: "12345" }),
    ).toEqual({
      ok: false,
      fieldErrors: { zip: "Enter a UK postcode, like SW1A 1AA, or a BFPO number, like BFPO 801" },
    });
  });
  it("a typed postcode by the address screens' one rule (decision 120): written as Royal Mail writes it, BFPO accepted", () => {
    const decide = (zip: string) =>
      decideDeliveryAddress(addressMode(["customAddressOnly"], 2), ids, "701", { ...typed, zip });
    expect(decide("ls14ap")).toMatchObject({ ok: true, customAddress: { zip: "LS1 4AP" } });
    expect(decide(" bfpo 0801 ")).toMatchObject({ ok: true, customAddress: { zip: "BFPO 801" } });
    expect(decide("QQ1 1AA")).toMatchObject({
      ok: false,
      fieldErrors: { zip: "Enter a UK postcode, like SW1A 1AA, or a BFPO number, like BFPO 801" },
    });
  });
});

describe("stockOrderBody (SPEC §7 POST /api/order, stock)", () => {
  const base = {
    lines: [
      { productId: "20002", qty: 2 },
      { productId: "20010", qty: 0 },
    ],
    address: { addressId: "1" },
    shippingMethod: "2",
    deliveryInstructions: "Gate 3",
    punchoutSession: null,
  };

  it("on account: the SPEC fields, no prices and no paymentMethod block", () => {
    expect(stockOrderBody({ ...base, payment: { type: 1, paymentMethodId: 0 } })).toEqual({
      orderType: "standard",
      items: [{ internalId: "20002", qty: 2 }],
      punchoutSession: null,
      deliveryInstructions: "Gate 3",
      fullOrder: true,
      addressId: "1",
      shippingMethod: "2",
    });
  });

  it.each([1, 2])(
    "card (type 2) with method %i sends the paymentMethod block and the Stripe payment with the pence charged (decision 078)",
    (method) => {
      const body = stockOrderBody({
        ...base,
        address: { customAddress: { addr1: "1 Road", city: "Leeds", zip: "LS1 1AA" } },
        payment: { type: 2, paymentMethodId: method, paymentToken: "pi_123", sessionKey: "key-1" },
        stripe: { stripeId: "pi_123", stripePaid: true, stripeAmount: 7380 },
        chosenBasket: "601",
      });
      expect(body).toEqual({
        orderType: "standard",
        items: [{ internalId: "20002", qty: 2 }],
        punchoutSession: null,
        deliveryInstructions: "Gate 3",
        fullOrder: true,
        customAddress: { addr1: "1 Road", city: "Leeds", zip: "LS1 1AA" },
        shippingMethod: "2",
        chosenBasket: "601",
        stripeId: "pi_123",
        stripePaid: true,
        stripeAmount: 7380,
        paymentMethod: { paymentToken: "pi_123", cvc: "", custentitypayment_method: method, session: "key-1" },
      });
    },
  );

  it("sends the basket version the page showed (decision 074)", () => {
    expect(stockOrderBody({ ...base, payment: { type: 1 }, basketVersion: 7 }).basketVersion).toBe(7);
    expect(stockOrderBody({ ...base, payment: { type: 1 }, basketVersion: 0 }).basketVersion).toBe(0);
    expect("basketVersion" in stockOrderBody({ ...base, payment: { type: 1 } })).toBe(false);
  });

  it("sends the buyer's reference only when one was typed", () => {
    expect(stockOrderBody({ ...base, payment: { type: 1 }, otherRefNum: "PO-778" }).otherRefNum).toBe("PO-778");
    expect("otherRefNum" in stockOrderBody({ ...base, payment: { type: 1 }, otherRefNum: "" })).toBe(false);
  });

  it("card type 2 with a method other than 1 or 2 sends no block (SPEC §5)", () => {
    expect("paymentMethod" in stockOrderBody({ ...base, payment: { type: 2, paymentMethodId: 0 } })).toBe(false);
  });
});

describe("addressIdsWithDefault", () => {
  it("puts the address a punched-out basket was approved for first, if it is one of the customer's", () => {
    expect(addressIdsWithDefault(["701", "702", "703"], "702")).toEqual(["702", "701", "703"]);
    expect(addressIdsWithDefault(["701", "702"], "999")).toEqual(["701", "702"]);
    expect(addressIdsWithDefault(["701", "702"], null)).toEqual(["701", "702"]);
  });

  it("a punched-out basket loaded for approval is flagged in the order body (SPEC §7 punchoutLoadedBasket)", () => {
    const body = stockOrderBody({
      lines: [{ productId: "1", qty: 1 }],
      address: { addressId: "702" },
      shippingMethod: "1",
      deliveryInstructions: "",
      punchoutSession: null,
      payment: { type: 1 },
      punchoutLoadedBasket: true,
    });
    expect(body.punchoutLoadedBasket).toBe(true);
    expect(
      "punchoutLoadedBasket" in
        stockOrderBody({
          lines: [],
          address: { addressId: "702" },
          shippingMethod: "1",
          deliveryInstructions: "",
          punchoutSession: null,
          payment: { type: 1 },
        }),
    ).toBe(false);
  });
});

describe("summaryLine", () => {
  it("prices a line at the catalogue price, else its own; hidden prices and no price are worded", () => {
    const line = { productId: "1", name: "Tunic", qty: 2, price: 10, options: { size: "M" } };
    expect(summaryLine(line, 15.75, false)).toEqual({
      productId: "1",
      name: "Tunic",
      options: ["Size: M"],
      qty: 2,
      amountText: "£31.50",
    });
    expect(summaryLine(line, undefined, false).amountText).toBe("£20.00");
    expect(summaryLine({ productId: "2", qty: 1 }, null, false)).toMatchObject({ name: "Product 2", amountText: "—" });
    expect(summaryLine(line, 15.75, true).amountText).toBe("Price on application");
  });
});

describe("quoteIsOfShownBasket (decision 139): a card is charged only for the basket the page showed", () => {
  it.each([
    [4, 4, true],
    [4, 3, false],
    [5, 4, false],
    [4, undefined, true], // a form without a version: the provider decides when the order is placed
  ])("quote of version %s, page showed %s → %s", (quoted, shown, expected) => {
    expect(quoteIsOfShownBasket({ basketVersion: quoted }, shown)).toBe(expected);
  });
});
