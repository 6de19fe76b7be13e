import { describe, expect, it } from "vitest";
import { addressIdsWithDefault, addressMode, decideDeliveryAddress, NEW_ADDRESS, stockOrderBody } from "./checkout";

const typed = { addressee: "Stores", addr1: "1 Dock Road", city: "Hull", zip: "hu1 2ab" };

describe("addressMode", () => {
  it("reads dellAddress, addAddress and customAddressOnly", () => {
    expect(addressMode([])).toEqual({ canChoose: false, canType: false, typedOnly: false });
    expect(addressMode(["dellAddress", "addAddress"])).toEqual({ canChoose: true, canType: true, typedOnly: false });
    expect(addressMode(["dellAddress", "customAddressOnly"])).toEqual({ canChoose: false, canType: true, typedOnly: true });
  });
});

describe("decideDeliveryAddress", () => {
  const ids = ["701", "702"];
  it("uses the default address when nothing is chosen", () => {
    expect(decideDeliveryAddress(addressMode([]), ids, undefined, {})).toEqual({ ok: true, addressId: "701" });
  });
  it("lets dellAddress users pick another of their addresses", () => {
    expect(decideDeliveryAddress(addressMode(["dellAddress"]), ids, "702", {})).toEqual({ ok: true, addressId: "702" });
  });
  it("refuses a change of address without dellAddress", () => {
    expect(decideDeliveryAddress(addressMode([]), ids, "702", {})).toEqual({ ok: false, fieldErrors: { addressId: "You cannot change the delivery address" } });
  });
  it("refuses another customer's address id", () => {
    expect(decideDeliveryAddress(addressMode(["dellAddress"]), ids, "999", {})).toEqual({ ok: false, fieldErrors: { addressId: "Choose one of your delivery addresses" } });
  });
  it("takes a typed address with addAddress, tidied", () => {
    expect(decideDeliveryAddress(addressMode(["addAddress"]), ids, NEW_ADDRESS, typed)).toEqual({
      ok: true,
      customAddress: { addressee: "Stores", addr1: "1 Dock Road", city: "Hull", zip: "HU1 2AB" },
    });
  });
  it("refuses a typed address without addAddress", () => {
    expect(decideDeliveryAddress(addressMode(["dellAddress"]), ids, NEW_ADDRESS, typed).ok).toBe(false);
  });
  it("forces a typed address with customAddressOnly and names each missing field", () => {
    expect(decideDeliveryAddress(addressMode(["customAddressOnly"]), ids, "701", {})).toEqual({
      ok: false,
      fieldErrors: { addr1: "Enter the first line of the address", city: "Enter the town or city", zip: "Enter the postcode" },
    });
    expect(decideDeliveryAddress(addressMode(["customAddressOnly"]), ids, "701", { ...typed, zip: "12345" })).toEqual({
      ok: false,
      fieldErrors: { zip: "Enter a UK postcode, like LS1 4AP" },
    });
  });
});

describe("stockOrderBody (SPEC §7 POST /api/order, stock)", () => {
  const base = {
    lines: [{ productId: "20002", qty: 2 }, { productId: "20010", qty: 0 }],
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

  it.each([1, 2])("card (type 2) with method %i sends the paymentMethod block and the Stripe payment", (method) => {
    const body = stockOrderBody({
      ...base,
      address: { customAddress: { addr1: "1 Road", city: "Leeds", zip: "LS1 1AA" } },
      payment: { type: 2, paymentMethodId: method, paymentToken: "pi_123", sessionKey: "key-1" },
      stripe: { stripeId: "pi_123", stripePaid: true },
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
      paymentMethod: { paymentToken: "pi_123", cvc: "", custentitypayment_method: method, session: "key-1" },
    });
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
    const body = stockOrderBody({ lines: [{ productId: "1", qty: 1 }], address: { addressId: "702" }, shippingMethod: "1", deliveryInstructions: "", punchoutSession: null, payment: { type: 1 }, punchoutLoadedBasket: true });
    expect(body.punchoutLoadedBasket).toBe(true);
    expect("punchoutLoadedBasket" in stockOrderBody({ lines: [], address: { addressId: "702" }, shippingMethod: "1", deliveryInstructions: "", punchoutSession: null, payment: { type: 1 } })).toBe(false);
  });
});
