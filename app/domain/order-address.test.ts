import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { orderAddress, orderAddressLines, splitUkPostcode } from "./order-address";
import { orderSchema, type Order } from "./order";

describe("splitUkPostcode (SPEC §3 rule 3)", () => {
  it.each([
    ["10 Downing Street, London SW1A 2AA", "10 Downing Street, London", "SW1A 2AA"],
    ["Buckingham Palace\nLondon\nSW1A 1AA", "Buckingham Palace, London", "SW1A 1AA"],
    ["1 Piccadilly, Manchester M1 1AE", "1 Piccadilly, Manchester", "M1 1AE"],
    ["Unit 4, Birmingham B33 8TH", "Unit 4, Birmingham", "B33 8TH"],
    ["2 High St, Croydon CR2 6XH", "2 High St, Croydon", "CR2 6XH"],
    ["Government Buildings, DN55 1PT", "Government Buildings", "DN55 1PT"],
    ["5 Old St, London EC1A 1BB", "5 Old St, London", "EC1A 1BB"],
    ["5 Old St, London ec1a 1bb", "5 Old St, London", "EC1A 1BB"],
    ["Depot 3, Leeds LS11AB", "Depot 3, Leeds", "LS1 1AB"],
    ["Depot 3, Birmingham B338TH", "Depot 3, Birmingham", "B33 8TH"],
    ["Hospital Rd, Doncaster DN551PT", "Hospital Rd, Doncaster", "DN55 1PT"],
    ["Hospital Rd\nDoncaster DN55 1PT\nUnited Kingdom", "Hospital Rd, Doncaster", "DN55 1PT"],
    ["Hospital Rd, Doncaster DN55 1PT, UK", "Hospital Rd, Doncaster", "DN55 1PT"],
    ["1 Canal Rd, London N1 0GB", "1 Canal Rd, London", "N1 0GB"],
    ["1 Canal Rd, London N1 0GB GB", "1 Canal Rd, London", "N1 0GB"],
    ["SW1A 1AA", "", "SW1A 1AA"],
    ["  M1 1AE  ", "", "M1 1AE"],
    ["HQ 1 Company, BFPO 801", "HQ 1 Company", "BFPO 801"],
  ])("%j → %j + %j", (text, address, zip) => expect(splitUkPostcode(text)).toEqual({ address, zip }));

  it.each([
    ["Rue de Rivoli 1, 75001 Paris", "Rue de Rivoli 1, 75001 Paris"],
    ["Warehouse 7", "Warehouse 7"],
    ["Flat 1AB", "Flat 1AB"],
    ["Depot 3, QX1 1AA", "Depot 3, QX1 1AA"],
    ["Depot 3, LS1 1CI", "Depot 3, LS1 1CI"],
    ["", ""],
  ])("no trailing UK postcode in %j: all of it is the address", (text, address) => {
    expect(splitUkPostcode(text)).toEqual({ address, zip: "" });
  });

  it("property: any postcode the one postcode rule takes (decision 120) after an address line splits off, normalised", () => {
    // Royal Mail's letters by place, as app/domain/postcode.ts reads them
    const letter = (from: string) => fc.constantFrom(...from);
    const first = letter("ABCDEFGHIJKLMNOPRSTUWYZ");
    const second = letter("ABCDEFGHKLMNOPQRSTUVWXY");
    const digit = fc.integer({ min: 0, max: 9 }).map(String);
    const outward = fc.oneof(
      fc.tuple(first, digit).map((p) => p.join("")),
      fc.tuple(first, second, digit, digit).map((p) => p.join("")),
      fc.tuple(first, second, digit, letter("ABEHMNPRVWXY")).map((p) => p.join("")),
    );
    const inwardLetter = letter("ABDEFGHJLNPQRSTUWXYZ");
    const inward = fc.tuple(digit, inwardLetter, inwardLetter).map((p) => p.join(""));
    const line = fc.stringMatching(/^[0-9]{1,3} [A-Z][a-z]{2,10} (Road|Street|Lane)$/);
    fc.assert(
      fc.property(line, outward, inward, fc.constantFrom(" ", ""), fc.boolean(), (street, out, inn, gap, lower) => {
        const pc = `${out}${gap}${inn}`;
        const result = splitUkPostcode(`${street}, ${lower ? pc.toLowerCase() : pc}`);
        expect(result).toEqual({ address: street, zip: `${out} ${inn}` });
      }),
    );
  });
});

const wearerPack = (extra: Partial<Order> = {}): Order => ({ salesOrderTypeId: 1, ...extra });
const item = (name: string, internalId: string | number) => ({ quantity: 1, shipAddress: { name, internalId } });
const group = (internalId: string | number, destinationAddress: string) => ({
  destinationAddressRef: { internalId },
  destinationAddress,
});

describe("orderAddress (SPEC §3 rules in order)", () => {
  it("rule 1: shippingAddress fields when present", () => {
    const order: Order = {
      shippingAddress: { addressee: "Northwind Depot", addr1: "1 Dock Rd", addr2: "", city: "Hull", zip: "hu1 1aa" },
      shipGroupList: { shipGroup: [group(1, "x"), group(2, "y")] },
    };
    expect(orderAddress(order)).toEqual({
      kind: "address",
      name: "Northwind Depot",
      address: "1 Dock Rd, Hull",
      zip: "HU1 1AA",
    });
  });

  it("rule 1: shippingAddress with only addrText is split", () => {
    expect(orderAddressLines({ shippingAddress: { addrText: "1 Dock Rd\nHull HU1 1AA" } })).toEqual([
      "1 Dock Rd, Hull",
      "HU1 1AA",
    ]);
  });

  it("rule 1 is skipped when shippingAddress is empty", () => {
    const order = wearerPack({
      shippingAddress: { addressee: "", addr1: null },
      itemList: { item: [item("Ann Smith", 7)] },
    });
    expect(orderAddressLines(order)).toEqual(["Ann Smith"]);
  });

  it("rule 2+3: wearer pack takes the first item's ship address and its matching ship group", () => {
    const order = wearerPack({
      itemList: { item: [item("Ann Smith", 7), item("Bob Jones", 8)] },
      shipGroupList: { shipGroup: [group("7", "Ann Smith\n3 Mill Lane\nLeeds LS1 4AP")] },
    });
    expect(orderAddress(order)).toEqual({
      kind: "address",
      name: "Ann Smith",
      address: "3 Mill Lane, Leeds",
      zip: "LS1 4AP",
    });
    expect(orderAddressLines(order)).toEqual(["Ann Smith", "3 Mill Lane, Leeds", "LS1 4AP"]);
  });

  it("rule 2: ids match across number and string", () => {
    const order = wearerPack({
      itemList: { item: [item("Ann", "7")] },
      shipGroupList: { shipGroup: [group(7, "3 Mill Lane, Leeds LS1 4AP")] },
    });
    expect(orderAddressLines(order)).toEqual(["Ann", "3 Mill Lane, Leeds", "LS1 4AP"]);
  });

  it("rule 4: no matching ship group → the name only", () => {
    const order = wearerPack({
      itemList: { item: [item("Ann Smith", 7)] },
      shipGroupList: { shipGroup: [group(9, "Elsewhere")] },
    });
    expect(orderAddressLines(order)).toEqual(["Ann Smith"]);
  });

  it("rule 4: a stock order without shippingAddress shows the name only", () => {
    const order: Order = {
      salesOrderTypeId: 2,
      itemList: { item: [item("Site Office", 3)] },
      shipGroupList: { shipGroup: [group(3, "x")] },
    };
    expect(orderAddressLines(order)).toEqual(["Site Office"]);
  });

  it("rule 5: several ship groups → 'Multiple delivery addresses'", () => {
    const order = wearerPack({
      itemList: { item: [item("Ann", 7), item("Bob", 8)] },
      shipGroupList: { shipGroup: [group(7, "a"), group(8, "b")] },
    });
    expect(orderAddress(order)).toEqual({ kind: "multiple", text: "Multiple delivery addresses" });
    expect(orderAddressLines(order)).toEqual(["Multiple delivery addresses"]);
  });

  it("an order with nothing shows nothing", () => {
    expect(orderAddressLines({})).toEqual([]);
  });

  it("works on an upstream order parsed by the schema", () => {
    const parsed = orderSchema.parse({
      internalId: 5,
      salesOrderTypeId: "1",
      itemList: { item: [{ quantity: "2", shipAddress: { name: "Ann", internalId: 7 } }] },
      shipGroupList: { shipGroup: [{ destinationAddressRef: { internalId: 7 }, destinationAddress: "Leeds LS1 4AP" }] },
      extra: "kept",
    });
    expect(parsed.internalId).toBe("5");
    expect(parsed.extra).toBe("kept");
    expect(orderAddressLines(parsed)).toEqual(["Ann", "Leeds", "LS1 4AP"]);
  });
});
