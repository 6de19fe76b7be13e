// Issue 34 item 8 (decision 168): POST /api/basket-lines adds a grid's lines in one transaction, every line by the
// portal's own rules (app/domain), all or nothing.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useProvider } from "./fixtures";

let buyer: string;
let manpack: string;
const { p } = useProvider();
beforeAll(async () => {
  [buyer, manpack] = await Promise.all([p.login("buyer@demo.test"), p.login("manpack@demo.test")]);
  await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
});

const held = { productId: "20002", parentId: "20001", qty: 95, name: "Hi-Vis Jacket M", price: 24.5 };
beforeEach(async () => {
  await p.api("PUT", "/api/basket-session", {
    token: buyer,
    body: {
      selectedBasketType: "manpack-order-basket",
      stock: [held],
      manpack: [],
      instructions: { stock: "", manpack: "" },
    },
  });
});

const basket = async () => (await p.api("GET", "/api/basket-session", { token: buyer })).body;
const add = (lines: unknown, token = buyer) => p.api("POST", "/api/basket-lines", { token, body: { lines } });

describe("POST /api/basket-lines", () => {
  it("adds every line in one write: new lines from the catalogue, a held line summed, the stock basket selected", async () => {
    const before = await basket();
    const res = await add([
      { productId: "20003", qty: 3 },
      { productId: "20010", qty: 4 },
      { productId: "20002", qty: 2 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.selectedBasketType).toBe("stock-order-basket");
    expect(res.body.version).toBe(before.version + 1);
    expect(res.body.stock).toEqual([
      expect.objectContaining({ productId: "20002", qty: 97 }),
      expect.objectContaining({
        productId: "20003",
        parentId: "20001",
        qty: 3,
        name: "Hi-Vis Jacket L",
        price: 26,
        options: { size: "L", color: "Orange" },
      }),
      expect.objectContaining({ productId: "20010", qty: 4, price: 18 }),
    ]);
    expect(await basket()).toEqual(res.body);
  });

  it("refuses every bad line by its index and writes nothing when any line is refused", async () => {
    const before = await basket();
    const res = await add([
      { productId: "20003", qty: 3 },
      { productId: "20010", qty: 3 },
      { productId: "20002", qty: 5 },
      { productId: "20001", qty: 1 },
      { productId: "20020", qty: 1 },
      { productId: "99999", qty: 1 },
      { productId: "20030", qty: 1.5 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Nothing was added: 6 lines were refused (Quantity must be a multiple of 2)");
    expect(res.body.errors).toEqual({
      "lines.1.qty": "Quantity must be a multiple of 2",
      "lines.2.qty": "You already have 95 of Hi-Vis Jacket M in your basket; a basket line cannot be more than 99.",
      "lines.3.productId": "Choose a size or colour of Hi-Vis Jacket first.",
      "lines.4.productId": "That product is not available to order.",
      "lines.5.productId": "That product is not available to order.",
      "lines.6.qty": "Quantity must be a whole number",
    });
    // nothing half-written: the good first line is not there, the basket and its version are as they were
    expect(await basket()).toEqual(before);
  });

  it("checks a product named twice against its summed quantity", async () => {
    const before = await basket();
    const res = await add([
      { productId: "20010", qty: 50 },
      { productId: "20010", qty: 50 },
    ]);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["lines.1.qty"]);
    expect(await basket()).toEqual(before);
  });

  it.each([
    [[], "lines"],
    [[{ productId: "20003" }], "lines.0.qty"],
    [[{ productId: "x", qty: 1 }], "lines.0.productId"],
    [[{ productId: "20003", qty: 1, price: 0.01 }], "lines.0"],
    [Array.from({ length: 101 }, () => ({ productId: "20003", qty: 1 })), "lines"],
  ])("400 for a malformed body (%#), nothing written", async (lines, field) => {
    const before = await basket();
    const res = await add(lines);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`"${field}"`);
    expect(await basket()).toEqual(before);
  });

  it("is refused to a caller who may not order stock, and to one without a session", async () => {
    const refused = await add([{ productId: "20003", qty: 1 }], manpack);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Stock ordering is not allowed for this account");
    expect((await p.api("POST", "/api/basket-lines", { body: { lines: [] } })).status).toBe(401);
  });

  it("two adds at once both land: the basket is held while it changes", async () => {
    await p.api("DELETE", "/api/basket-session", { token: buyer });
    const answers = await Promise.all([
      add([{ productId: "20003", qty: 1 }]),
      add([{ productId: "20010", qty: 2 }]),
      add([{ productId: "20003", qty: 2 }]),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const stock = (await basket()).stock.map((l: { productId: string; qty: number }) => [l.productId, l.qty]);
    expect(stock.sort()).toEqual([
      ["20003", 3],
      ["20010", 2],
    ]);
  });
});
