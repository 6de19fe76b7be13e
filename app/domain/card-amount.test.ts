import { describe, expect, it } from "vitest";
import { cardCharge, chargeMatchesOrder, checkoutFieldsFromMetadata, checkoutMetadata, METADATA_VALUE_MAX } from "./card-amount";

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

describe("checkout fields through a hosted payment's metadata", () => {
  const payer = { userId: "3", customerId: "1001" };
  const fields = {
    idempotencyKey: "3c1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f11",
    addressId: "new",
    addressee: "Stores",
    addr1: "5 Quay St",
    city: "Hull",
    zip: "HU1 1AA",
    shippingMethod: "2",
    paymentMethod: 1,
    otherRefNum: "PO-778",
    deliveryInstructions: "x".repeat(1234),
    basketVersion: 12,
  };

  it("round-trips every field, splitting long instructions into values of at most 500 characters", () => {
    const metadata = checkoutMetadata(fields, payer);
    expect(Object.values(metadata).every((value) => value.length <= METADATA_VALUE_MAX)).toBe(true);
    expect([metadata.instructions0.length, metadata.instructions1.length, metadata.instructions2.length]).toEqual([500, 500, 234]);
    expect(metadata).toMatchObject({ user: "3", customer: "1001", paymentMethod: "1", shippingMethod: "2", basketVersion: "12" });
    expect(checkoutFieldsFromMetadata(metadata, payer)).toEqual(fields);
  });

  it("leaves out empty fields and gives empty instructions back as ''", () => {
    const metadata = checkoutMetadata({ idempotencyKey: "k-1", shippingMethod: "1", paymentMethod: 2, deliveryInstructions: "" }, payer);
    expect(Object.keys(metadata).sort()).toEqual(["customer", "idempotencyKey", "paymentMethod", "shippingMethod", "user"]);
    expect(checkoutFieldsFromMetadata(metadata, payer)).toEqual({ idempotencyKey: "k-1", shippingMethod: "1", paymentMethod: 2, deliveryInstructions: "" });
  });

  it("refuses metadata made for another user or business unit, or without the checkout's key", () => {
    const metadata = checkoutMetadata(fields, payer);
    expect(checkoutFieldsFromMetadata(metadata, { userId: "4", customerId: "1001" })).toBeNull();
    expect(checkoutFieldsFromMetadata(metadata, { userId: "3", customerId: "1002" })).toBeNull();
    const { idempotencyKey: _k, ...withoutKey } = metadata;
    expect(checkoutFieldsFromMetadata(withoutKey, payer)).toBeNull();
  });
});
