import { describe, expect, it } from "vitest";
import { manpackOrderBody, packRefusalMessage } from "./wearer-pack-order";

describe("manpackOrderBody (SPEC §7 POST /api/order, manpack; decision 102)", () => {
  const packs = [
    {
      employeeId: "5102",
      data: [
        { productId: "20030", qty: 2 },
        { productId: "20031", qty: 0 },
      ],
    },
    { employeeId: "5103", data: [{ productId: "20030", qty: 0 }] },
    { employeeId: "5104", addressId: "702", shippingMethod: "2", data: [{ productId: "20010", qty: 2 }] },
  ];

  it("sends each pack with lines: its own address and method, else the default address and null (the provider's default)", () => {
    expect(
      manpackOrderBody({
        packs,
        defaultAddressId: "701",
        deliveryInstructions: "Ward",
        payment: { type: 1, paymentMethodId: 0 },
        otherRefNum: "PO-1",
        basketVersion: 4,
      }),
    ).toEqual({
      orderType: "manpack",
      packs: [
        { contactId: "5102", items: [{ internalId: "20030", qty: 2 }], shippingMethod: null, addressId: "701" },
        { contactId: "5104", items: [{ internalId: "20010", qty: 2 }], shippingMethod: "2", addressId: "702" },
      ],
      deliveryInstructions: "Ward",
      fullOrder: true,
      otherRefNum: "PO-1",
      basketVersion: 4,
    });
  });

  it("leaves out a blank reference and an unknown version; on account sends no payment block (SPEC §5)", () => {
    const body = manpackOrderBody({
      packs,
      defaultAddressId: null,
      deliveryInstructions: "",
      payment: { type: 1, paymentMethodId: 0 },
    });
    expect(Object.keys(body)).toEqual(["orderType", "packs", "deliveryInstructions", "fullOrder"]);
    expect(body.packs[0].addressId).toBeNull();
  });
});

describe("packRefusalMessage: a refused pack names its wearer", () => {
  const names = ["Hal Harbour", "Bo Bandb"];
  it.each([
    [
      "packs.1.items",
      'Invalid value at field "packs.1.items": Bo Bandb has 1 Trousers allowance left; this pack needs 2',
      "Bo Bandb has 1 Trousers allowance left; this pack needs 2.",
    ],
    [
      "packs.0.contactId",
      'Invalid value at field "packs.0.contactId": contact 5102 is not an active contact of this customer',
      "Hal Harbour can no longer be ordered for: they are not an active wearer. Remove their pack from the basket.",
    ],
    [
      "packs.1.addressId",
      "This account may not choose the delivery address; its orders go to Head office",
      "Bo Bandb's pack: This account may not choose the delivery address; its orders go to Head office.",
    ],
    [
      "packs.0.items.0.qty",
      'Invalid value at field "packs.0.items.0.qty": Quantity must be a multiple of 2',
      "Hal Harbour's pack: Quantity must be a multiple of 2.",
    ],
  ])("%s", (field, message, expected) => {
    expect(packRefusalMessage(field, message, names)).toBe(expected);
  });

  it("is null when the field names no pack, or a pack not sent", () => {
    expect(packRefusalMessage("basketVersion", "Your basket changed", names)).toBeNull();
    expect(packRefusalMessage(null, "Something", names)).toBeNull();
    expect(packRefusalMessage("packs.5.items", "Something", names)).toBeNull();
  });
});
