import { describe, expect, it } from "vitest";
import { EMPTY_SAVED_BASKET, dropMissingProducts, loadSavedBasket, validateSavedBasket } from "./saved-basket";

const stockLine = (productId = "p1") => ({ qty: 2, productId, scope: "full", parentId: productId });
const pack = (data = [stockLine()]) => ({ employeeId: "5001", addressId: "77", data });

describe("validateSavedBasket (SPEC §5 messages)", () => {
  it.each([null, undefined, "basket", 42, [stockLine()], true])("%j → 'Argument should be an object'", (value) => {
    expect(validateSavedBasket(value)).toEqual({ ok: false, message: "Argument should be an object" });
  });

  it("accepts a valid basket", () => {
    const basket = { stock: [stockLine()], manpack: [pack()] };
    expect(validateSavedBasket(basket)).toEqual({ ok: true, basket });
  });

  it("accepts a manpack without addressId and an empty object", () => {
    expect(validateSavedBasket({ manpack: [{ employeeId: "1", data: [] }] }).ok).toBe(true);
    expect(validateSavedBasket({})).toEqual({ ok: true, basket: EMPTY_SAVED_BASKET });
  });

  it.each([
    [{ stock: [{ ...stockLine(), qty: "2" }] }, "stock[0].qty"],
    [{ stock: [{ ...stockLine(), productId: 1 }] }, "stock[0].productId"],
    [{ stock: [stockLine(), { ...stockLine(), scope: undefined }] }, "stock[1].scope"],
    [{ stock: [{ ...stockLine(), parentId: null }] }, "stock[0].parentId"],
    [{ stock: "x" }, "stock"],
    [{ manpack: [{ ...pack(), employeeId: 5001 }] }, "manpack[0].employeeId"],
    [{ manpack: [{ ...pack(), addressId: 77 }] }, "manpack[0].addressId"],
    [{ manpack: [pack([stockLine(), { ...stockLine(), qty: null as unknown as number }])] }, "manpack[0].data[1].qty"],
    [{ manpack: [{ employeeId: "1" }] }, "manpack[0].data"],
  ])('%j → Invalid value at field "%s"', (value, field) => {
    expect(validateSavedBasket(value)).toEqual({ ok: false, message: `Invalid value at field "${field}"` });
  });
});

describe("loadSavedBasket", () => {
  const exists = (id: string) => id !== "gone";

  it("an invalid shape gives an empty basket and says why", () => {
    expect(loadSavedBasket({ stock: [{ qty: 1 }] }, exists)).toEqual({
      basket: { stock: [], manpack: [] },
      error: 'Invalid value at field "stock[0].productId"',
    });
  });

  it("drops lines whose product no longer exists, in stock and in packs", () => {
    const result = loadSavedBasket(
      { stock: [stockLine("p1"), stockLine("gone")], manpack: [pack([stockLine("gone"), stockLine("p2")])] },
      exists,
    );
    expect(result.error).toBeUndefined();
    expect(result.basket.stock.map((l) => l.productId)).toEqual(["p1"]);
    expect(result.basket.manpack[0].data.map((l) => l.productId)).toEqual(["p2"]);
  });

  it("dropMissingProducts works on saved itemsArray rows too", () => {
    const rows = [{ internalId: "1" }, { internalId: "gone" }];
    expect(dropMissingProducts(rows, exists, (r) => r.internalId)).toEqual([{ internalId: "1" }]);
  });
});
