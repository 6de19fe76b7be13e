import { describe, expect, it } from "vitest";
import {
  checkoutFieldsFromMetadata,
  checkoutMetadata,
  METADATA_VALUE_MAX,
  paidBasketOf,
  wearerPackFieldsFromMetadata,
  wearerPackMetadata,
} from "./card-metadata";

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
    expect([metadata.instructions0.length, metadata.instructions1.length, metadata.instructions2.length]).toEqual([
      500, 500, 234,
    ]);
    expect(metadata).toMatchObject({
      user: "3",
      customer: "1001",
      paymentMethod: "1",
      shippingMethod: "2",
      basketVersion: "12",
    });
    expect(checkoutFieldsFromMetadata(metadata, payer)).toEqual(fields);
  });

  it("leaves out empty fields and gives empty instructions back as ''", () => {
    const metadata = checkoutMetadata(
      { idempotencyKey: "k-1", shippingMethod: "1", paymentMethod: 2, deliveryInstructions: "" },
      payer,
    );
    expect(Object.keys(metadata).sort()).toEqual([
      "customer",
      "idempotencyKey",
      "paymentMethod",
      "shippingMethod",
      "user",
    ]);
    expect(checkoutFieldsFromMetadata(metadata, payer)).toEqual({
      idempotencyKey: "k-1",
      shippingMethod: "1",
      paymentMethod: 2,
      deliveryInstructions: "",
    });
  });

  it("refuses metadata made for another user or business unit, or without the checkout's key", () => {
    const metadata = checkoutMetadata(fields, payer);
    expect(checkoutFieldsFromMetadata(metadata, { userId: "4", customerId: "1001" })).toBeNull();
    expect(checkoutFieldsFromMetadata(metadata, { userId: "3", customerId: "1002" })).toBeNull();
    const { idempotencyKey: _k, ...withoutKey } = metadata;
    expect(checkoutFieldsFromMetadata(withoutKey, payer)).toBeNull();
  });
});

describe("a wearer-pack payment's metadata (decision 106)", () => {
  const payer = { userId: "3", customerId: "1001" };
  const fields = {
    idempotencyKey: "9a1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f22",
    paymentMethod: 2,
    otherRefNum: "PO-15",
    deliveryInstructions: "y".repeat(700),
    basketVersion: 7,
  };

  it("round-trips the wearer-pack fields marked basket=manpack, with no address or delivery method", () => {
    const metadata = wearerPackMetadata(fields, payer);
    expect(metadata).toMatchObject({
      basket: "manpack",
      user: "3",
      customer: "1001",
      paymentMethod: "2",
      basketVersion: "7",
      otherRefNum: "PO-15",
    });
    expect(Object.keys(metadata).filter((key) => /address|shipping/i.test(key))).toEqual([]);
    expect(Object.values(metadata).every((value) => value.length <= METADATA_VALUE_MAX)).toBe(true);
    expect(paidBasketOf(metadata)).toBe("manpack");
    expect(wearerPackFieldsFromMetadata(metadata, payer)).toEqual(fields);
  });

  it("is never read as a stock checkout's, nor a stock payment's as the packs', nor another payer's", () => {
    const packs = wearerPackMetadata(fields, payer);
    const stock = checkoutMetadata(
      { idempotencyKey: "k-1", shippingMethod: "1", paymentMethod: 2, deliveryInstructions: "" },
      payer,
    );
    expect(paidBasketOf(stock)).toBe("stock");
    expect(checkoutFieldsFromMetadata({ ...packs, shippingMethod: "1" }, payer)).toBeNull();
    expect(wearerPackFieldsFromMetadata(stock, payer)).toBeNull();
    expect(wearerPackFieldsFromMetadata(packs, { userId: "4", customerId: "1001" })).toBeNull();
    expect(paidBasketOf({ ...packs, basket: "other" })).toBeNull();
  });
});
