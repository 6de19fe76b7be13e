import { describe, expect, it } from "vitest";
import type { Order, OrderItem } from "./order";
import { shipToAddress } from "./order-address";
import { linesByWearer, NO_WEARER_NAMED } from "./order-wearers";

type Line = OrderItem & { code: string };
const line = (
  code: string,
  employee: OrderItem["employee"],
  shipAddress: OrderItem["shipAddress"] = { internalId: "702", name: "Harbour Hospital" },
): Line => ({
  code,
  quantity: 1,
  employee,
  shipAddress,
});
const hal = { internalId: "5102", name: "Hal Harbour" };
const bo = { internalId: "5104", name: "Bo Bandb" };
const groups: Order["shipGroupList"] = {
  shipGroup: [
    {
      destinationAddressRef: { internalId: "702" },
      destinationAddress: "Harbour Hospital\nHarbour Hospital House, Leeds LS1 4AP",
    },
    { destinationAddressRef: { internalId: 703 }, destinationAddress: "Harbour Clinic\nClinic Lane\nYork YO1 7HH" },
  ],
};
const order = (lines: Line[]) => ({
  salesOrderType: { internalId: "1" },
  itemList: { item: lines },
  shipGroupList: groups,
});
const codes = (g: { lines: Line[] }) => g.lines.map((l) => l.code);

describe("linesByWearer (issue 15 item 8)", () => {
  it("one group per wearer, wearers in the order of their first line, each wearer's lines in the order's order", () => {
    const got = linesByWearer(order([line("A", hal), line("B", bo), line("C", hal), line("D", bo), line("E", hal)]));
    expect(got.map((g) => [g.key, g.name, codes(g)])).toEqual([
      ["5102", "Hal Harbour", ["A", "C", "E"]],
      ["5104", "Bo Bandb", ["B", "D"]],
    ]);
  });

  it("each wearer's address is their lines' ship group, split into the address line and the postcode, without repeating the name", () => {
    const [h, b] = linesByWearer(order([line("A", hal), line("B", bo, { internalId: 703, name: "Harbour Clinic" })]));
    expect(h.address).toEqual({
      kind: "address",
      name: "Harbour Hospital",
      address: "Harbour Hospital House, Leeds",
      zip: "LS1 4AP",
    });
    expect(h.addressLines).toEqual(["Harbour Hospital", "Harbour Hospital House, Leeds", "LS1 4AP"]);
    expect(b.addressLines).toEqual(["Harbour Clinic", "Clinic Lane, York", "YO1 7HH"]);
  });

  it("a wearer whose lines go to different addresses: 'Multiple delivery addresses'", () => {
    const [h] = linesByWearer(order([line("A", hal), line("B", hal, { internalId: "703", name: "Harbour Clinic" })]));
    expect(h.addressLines).toEqual(["Multiple delivery addresses"]);
  });

  it("an address without a matching ship group is its name only (SPEC §3 rule 4); none at all is no lines", () => {
    const [h, b] = linesByWearer(
      order([line("A", hal, { internalId: "999", name: "Old Depot" }), line("B", bo, null)]),
    );
    expect(h.addressLines).toEqual(["Old Depot"]);
    expect(b.addressLines).toEqual([]);
  });

  it("ids as numbers or strings are one wearer; a wearer without a name is 'Wearer <id>', unless a later line names them", () => {
    const got = linesByWearer(
      order([
        line("A", { internalId: 5102 }),
        line("B", { internalId: "5102", name: "Hal Harbour" }),
        line("C", { internalId: "5200", name: " " }),
      ]),
    );
    expect(got.map((g) => [g.key, g.name, codes(g)])).toEqual([
      ["5102", "Hal Harbour", ["A", "B"]],
      ["5200", "Wearer 5200", ["C"]],
    ]);
  });

  it("lines naming no wearer are one group of their own, 'No wearer named'", () => {
    const got = linesByWearer(order([line("A", null), line("B", hal), line("C", { name: "" })]));
    expect(got.map((g) => [g.key, g.name, codes(g)])).toEqual([
      ["", NO_WEARER_NAMED, ["A", "C"]],
      ["5102", "Hal Harbour", ["B"]],
    ]);
  });

  it("an order without lines has no groups", () => {
    expect(linesByWearer({ itemList: null, shipGroupList: null })).toEqual([]);
    expect(linesByWearer({ itemList: { item: [] } })).toEqual([]);
  });

  it("shipToAddress reads a ship-to against the order's groups alone", () => {
    expect(shipToAddress({ shipGroupList: groups }, { internalId: "703", name: "Harbour Clinic" })).toEqual({
      kind: "address",
      name: "Harbour Clinic",
      address: "Clinic Lane, York",
      zip: "YO1 7HH",
    });
    expect(shipToAddress({ shipGroupList: null }, undefined)).toEqual({
      kind: "address",
      name: "",
      address: "",
      zip: "",
    });
  });
});
