import { describe, expect, it } from "vitest";
import type { ItemLine } from "./basket-lines";
import {
  addToPack,
  findPack,
  packsLineCount,
  removePack,
  removePackLine,
  setPackDelivery,
  setPackLineQty,
  type PackEntry,
} from "./packs";

const line = (productId: string, qty: number, name = `Item ${productId}`): ItemLine => ({
  productId,
  parentId: productId,
  qty,
  name,
});
const item = { quantityStep: 1, minimumSaleQuantity: 1 };
const packs = (): PackEntry<ItemLine>[] => [
  { employeeId: "5004", addressId: "701", data: [line("20030", 1), line("20031", 2)] },
  { employeeId: "5005", data: [line("20040", 1)] },
];

describe("findPack", () => {
  it("finds the wearer's pack, or none", () => {
    expect(findPack(packs(), "5005")?.data).toEqual([line("20040", 1)]);
    expect(findPack(packs(), "9999")).toBeUndefined();
  });
});

describe("addToPack", () => {
  it("sums the same product's quantities in the wearer's pack (SPEC §4)", () => {
    const given = packs();
    const added = addToPack(given, "5004", line("20030", 2), item);
    expect(added).toEqual({
      ok: true,
      packs: [{ employeeId: "5004", addressId: "701", data: [line("20030", 3), line("20031", 2)] }, given[1]],
    });
    expect(given[0].data[0].qty).toBe(1); // the array given is left alone
  });
  it("adds a new product as a new line", () => {
    const added = addToPack(packs(), "5005", line("20050", 1), item);
    expect(added.ok && added.packs[1].data).toEqual([line("20040", 1), line("20050", 1)]);
  });
  it("gives a wearer without a pack a new one at the end", () => {
    const added = addToPack(packs(), "5006", line("20030", 1), item);
    expect(added.ok && added.packs.map((p) => p.employeeId)).toEqual(["5004", "5005", "5006"]);
    expect(added.ok && added.packs[2]).toEqual({ employeeId: "5006", data: [line("20030", 1)] });
  });
  it("refuses a sum beyond the line limit or the item's step, naming the wearer's pack", () => {
    expect(addToPack(packs(), "5004", line("20031", 98, "Tunic"), item)).toEqual({
      ok: false,
      message: "You already have 2 of Tunic in this wearer's pack; a basket line cannot be more than 99.",
    });
    const stepped = addToPack(packs(), "5004", line("20031", 3, "Socks"), { quantityStep: 2, minimumSaleQuantity: 2 });
    expect(stepped.ok).toBe(false);
  });
});

describe("setPackLineQty and removePackLine", () => {
  it("changes one line's quantity", () => {
    expect(setPackLineQty(packs(), "5004", "20031", 5)?.[0].data).toEqual([line("20030", 1), line("20031", 5)]);
  });
  it("removes the line at 0, and the pack when it was the last line", () => {
    expect(setPackLineQty(packs(), "5004", "20030", 0)?.[0].data).toEqual([line("20031", 2)]);
    expect(removePackLine(packs(), "5005", "20040")?.map((p) => p.employeeId)).toEqual(["5004"]);
  });
  it("answers null for a line or pack the basket does not hold", () => {
    expect(setPackLineQty(packs(), "5004", "20040", 1)).toBeNull();
    expect(removePackLine(packs(), "9999", "20030")).toBeNull();
  });
});

describe("removePack", () => {
  it("removes the wearer's whole pack", () => {
    expect(removePack(packs(), "5004")?.map((p) => p.employeeId)).toEqual(["5005"]);
  });
  it("answers null when the wearer has none", () => {
    expect(removePack(packs(), "5006")).toBeNull();
  });
});

describe("setPackDelivery", () => {
  it("sets the pack's address and method", () => {
    expect(setPackDelivery(packs(), "5005", { addressId: "702", shippingMethod: "4" })?.[1]).toEqual({
      employeeId: "5005",
      addressId: "702",
      shippingMethod: "4",
      data: [line("20040", 1)],
    });
  });
  it("keeps a key not given and clears one given empty (the customer's default then applies)", () => {
    expect(setPackDelivery(packs(), "5004", { shippingMethod: "1" })?.[0].addressId).toBe("701");
    expect(setPackDelivery(packs(), "5004", { addressId: "" })?.[0]).toEqual({
      employeeId: "5004",
      data: packs()[0].data,
    });
  });
  it("answers null when the wearer has no pack", () => {
    expect(setPackDelivery(packs(), "5006", { addressId: "702" })).toBeNull();
  });
});

describe("packsLineCount", () => {
  it("sums the quantities of every pack, not counting lines flagged as removed (SPEC §4)", () => {
    expect(packsLineCount(packs())).toBe(4);
    expect(packsLineCount([{ employeeId: "1", data: [{ ...line("1", 3), removeItem: true }, line("2", 2)] }])).toBe(2);
    expect(packsLineCount([])).toBe(0);
  });
});
