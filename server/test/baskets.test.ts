import { describe, expect, it } from "vitest";
import { useProvider } from "./fixtures";

const { p, tokens } = useProvider({
  buyer: { email: "buyer@demo.test", contactId: 5001 },
  approver: "approver@demo.test",
});

describe("/api/basket-session", () => {
  const state = {
    selectedBasketType: "manpack-order-basket",
    stock: [{ productId: "20002", parentId: "20001", qty: 2, name: "Hi-Vis Jacket M", price: 24.5 }],
    manpack: [{ employeeId: "5004", addressId: "701", data: [{ productId: 20030, parentId: "20030", qty: 1 }] }],
    instructions: { stock: "Leave at gate", manpack: "" },
  };

  it("starts empty, is replaced by PUT, merged by PATCH, survives a new log-in, emptied by DELETE", async () => {
    expect((await p.api("GET", "/api/basket-session", { token: tokens.buyer })).body).toEqual({
      selectedBasketType: "stock-order-basket",
      stock: [],
      manpack: [],
      instructions: { stock: "", manpack: "" },
      version: 0,
    });
    const put = await p.api("PUT", "/api/basket-session", { token: tokens.buyer, body: state });
    expect(put.status).toBe(200);
    expect(put.body.manpack[0].data[0].productId).toBe("20030");
    const patched = await p.api("PATCH", "/api/basket-session", {
      token: tokens.buyer,
      body: { selectedBasketType: "stock-order-basket" },
    });
    expect(patched.body).toMatchObject({
      selectedBasketType: "stock-order-basket",
      stock: [expect.objectContaining({ qty: 2 })],
    });
    const again = await p.login("buyer@demo.test");
    await p.api("POST", "/api/select-customer", { token: again, body: { contactId: "5001" } });
    expect((await p.api("GET", "/api/basket-session", { token: again })).body.stock).toHaveLength(1);
    expect((await p.api("GET", "/api/session", { token: again })).body.basket.instructions.stock).toBe("Leave at gate");
    expect((await p.api("DELETE", "/api/basket-session", { token: again })).body.stock).toEqual([]);
  });

  it.each([
    [{ stock: [{ productId: "20002", qty: 100 }] }, "stock.0.qty"],
    [{ stock: [{ productId: "x", qty: 1 }] }, "stock.0.productId"],
    [{ selectedBasketType: "other" }, "selectedBasketType"],
    [{ surprise: 1 }, ""],
  ])("400 for %j and nothing stored", async (body, field) => {
    const { version } = (await p.api("PUT", "/api/basket-session", { token: tokens.buyer, body: state })).body;
    const res = await p.api("PATCH", "/api/basket-session", { token: tokens.buyer, body });
    expect(res.status).toBe(400);
    if (field) expect(res.body.message).toContain(`"${field}"`);
    // nothing stored: the same state, and the same version
    expect((await p.api("GET", "/api/basket-session", { token: tokens.buyer })).body).toEqual({
      ...state,
      manpack: [{ ...state.manpack[0], data: [{ productId: "20030", parentId: "20030", qty: 1 }] }],
      version,
    });
  });
});

describe("/api/basket-session loadedBasket (decision 077)", () => {
  it("holds the saved basket the lines were loaded from, written with them in one PATCH", async () => {
    const res = await p.api("PATCH", "/api/basket-session", {
      token: tokens.buyer,
      body: { stock: [{ productId: "20002", qty: 1 }], loadedBasket: "601" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ loadedBasket: "601", stock: [expect.objectContaining({ productId: "20002" })] });
    expect(
      (await p.api("PATCH", "/api/basket-session", { token: tokens.buyer, body: { loadedBasket: null } })).body
        .loadedBasket,
    ).toBeNull();
  });

  it.each([
    ["a colleague's saved basket", () => tokens.approver, "601"],
    ["an unknown saved basket", () => tokens.buyer, "999999"],
  ])("400 naming loadedBasket for %s, nothing written", async (_what, token, loadedBasket) => {
    const before = (await p.api("GET", "/api/basket-session", { token: token() })).body;
    for (const method of ["PATCH", "PUT"] as const) {
      const res = await p.api(method, "/api/basket-session", {
        token: token(),
        body: { ...EMPTY, stock: [{ productId: "20002", qty: 1 }], loadedBasket },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('"loadedBasket"');
    }
    expect((await p.api("GET", "/api/basket-session", { token: token() })).body).toEqual(before);
  });
});

const EMPTY = {
  selectedBasketType: "stock-order-basket",
  stock: [],
  manpack: [],
  instructions: { stock: "", manpack: "" },
};

describe("/api/saved-basket", () => {
  let id: number;
  it("POST saves a basket with catalogue prices; GET lists it (justBaskets) and with items", async () => {
    const res = await p.api("POST", "/api/saved-basket", {
      token: tokens.buyer,
      body: { newBasketName: "Winter", items: [{ internalId: "20002", parent: "20001", qty: 3, price: 0.01 }] },
    });
    expect(res.status).toBe(201);
    id = res.body.id;
    expect(res.body).toMatchObject({
      basket_name: "Winter",
      checked_out: 0,
      itemsArray: [{ internalId: "20002", parent: "20001", qty: 3, price: 24.5, name: "Hi-Vis Jacket M" }],
    });
    const just = await p.api("GET", "/api/saved-basket?justBaskets=true", { token: tokens.buyer });
    expect(just.body.data.map((b: any) => b.basket_name).sort()).toEqual(["Monthly", "Winter"]);
    expect(just.body.data.every((b: any) => b.itemsArray.length === 0)).toBe(true);
    const full = await p.api("GET", "/api/saved-basket?basket_name[$match]=wint", { token: tokens.buyer });
    expect(full.body.data[0].itemsArray).toHaveLength(1);
  });

  it("every PATCH variant", async () => {
    const patch = (body: object) => p.api("PATCH", "/api/saved-basket", { token: tokens.buyer, body });
    expect(
      (await patch({ basket_id: id, item_id: 20010 })).body.itemsArray.map((i: any) => [i.internalId, i.qty]),
    ).toEqual([
      ["20002", 3],
      ["20010", 2],
    ]);
    expect((await patch({ basket_id: id, item_id: 20002 })).body.itemsArray[0].qty).toBe(4);
    expect((await patch({ basket_id: id, item_id: 20002, qty: 7 })).body.itemsArray[0].qty).toBe(7);
    expect((await patch({ basket_id: id, item_id: 20010, delete_from_saved: true })).body.itemsArray).toHaveLength(1);
    expect((await patch({ basket_id: id, item_id: 20010, delete_from_saved: true })).status).toBe(404);
    expect((await patch({ basket: id, checked_out: 1 })).body.checked_out).toBe(1);
    expect((await patch({ basket_id: id, item_id: 20002, qty: 100 })).status).toBe(400);
    expect((await patch({ basket_id: id })).status).toBe(400);
    expect(
      (await p.api("PATCH", `/api/saved-basket/${id}`, { token: tokens.buyer, body: { address_id: "701" } })).body
        .address_id,
    ).toBe("701");
    expect(
      (await p.api("PATCH", `/api/saved-basket/${id}`, { token: tokens.buyer, body: { punchout_approved: 1 } })).status,
    ).toBe(403);
    const del = await patch({ deleteBasket: true, basketID: id });
    expect(del.body.deleted).toBe(true);
    expect((await p.api("GET", `/api/saved-basket/${id}`, { token: tokens.buyer })).status).toBe(404);
    expect(await p.db("saved_basket_items").where("basket_id", id)).toEqual([]);
  });

  it("an approver approves a punched-out basket", async () => {
    await p.db("saved_baskets").insert({
      id: 650,
      customer_id: 1001,
      user_id: 2,
      basket_name: "Punchout",
      is_punchout: true,
      checked_out: false,
      punchout_approved: false,
      created_at: "2026-11-01T00:00:00.000Z",
      updated_at: "2026-11-01T00:00:00.000Z",
    });
    expect((await p.api("GET", "/api/session", { token: tokens.approver })).body.basketsToApprove).toBe(1);
    const listed = await p.api("GET", "/api/saved-basket?is_punchout=true&punchout_approved=false&checked_out=false", {
      token: tokens.approver,
    });
    expect(listed.body.data.map((b: any) => [b.id, b.user])).toEqual([
      [650, { id: 2, firstName: expect.any(String), lastName: expect.any(String), email: expect.any(String) }],
    ]);
    const res = await p.api("PATCH", "/api/saved-basket/650", {
      token: tokens.approver,
      body: { punchout_approved: 1 },
    });
    expect(res.body.punchout_approved).toBe(1);
    expect((await p.api("GET", "/api/saved-basket/650", { token: tokens.buyer })).status).toBe(404);
  });

  it("an approver's own punched-out basket is not theirs to approve: not counted, not listed to approve, 403 (decision 138)", async () => {
    const me = (await p.db("users").where("email", "approver@demo.test").first("id")).id;
    await p.db("saved_baskets").insert({
      id: 651,
      customer_id: 1001,
      user_id: me,
      basket_name: "My punchout",
      is_punchout: true,
      checked_out: false,
      punchout_approved: false,
      created_at: "2026-11-02T00:00:00.000Z",
      updated_at: "2026-11-02T00:00:00.000Z",
    });
    await p.db("saved_baskets").insert({
      id: 652,
      customer_id: 1001,
      user_id: 2,
      basket_name: "Theirs",
      is_punchout: true,
      checked_out: false,
      punchout_approved: false,
      created_at: "2026-11-03T00:00:00.000Z",
      updated_at: "2026-11-03T00:00:00.000Z",
    });
    try {
      expect((await p.api("GET", "/api/session", { token: tokens.approver })).body.basketsToApprove).toBe(1);
      const toApprove = await p.api("GET", "/api/saved-basket?toApprove=true", { token: tokens.approver });
      expect(toApprove.body.data.map((b: any) => b.id)).toEqual([652]);
      // still theirs to see and order, as any saved basket of their own
      expect((await p.api("GET", "/api/saved-basket/651", { token: tokens.approver })).status).toBe(200);
      const refused = await p.api("PATCH", "/api/saved-basket/651", {
        token: tokens.approver,
        body: { punchout_approved: 1 },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("You cannot approve a punched-out basket you saved yourself");
      expect((await p.db("saved_baskets").where("id", 651).first()).punchout_approved).toBeFalsy();
    } finally {
      await p.db("saved_baskets").whereIn("id", [651, 652]).delete();
    }
  });

  it("400 and nothing written for bad baskets", async () => {
    const before = (await p.db("saved_baskets").count({ n: "*" }).first())!.n;
    for (const body of [
      { newBasketName: "", items: [{ internalId: "20002", qty: 1 }] },
      { newBasketName: "X", items: [{ internalId: "99999", qty: 1 }] },
      { newBasketName: "X", items: [] },
      { newBasketName: "X", items: [{ internalId: "20002", qty: 1 }], address_id: "702" },
    ]) {
      expect((await p.api("POST", "/api/saved-basket", { token: tokens.buyer, body })).status).toBe(400);
    }
    expect((await p.db("saved_baskets").count({ n: "*" }).first())!.n).toBe(before);
  });
});

describe("/api/wish-list", () => {
  it("add (twice harmless), list, remove by product id", async () => {
    expect((await p.api("POST", "/api/wish-list", { token: tokens.buyer, body: { product_id: "20010" } })).status).toBe(
      201,
    );
    expect((await p.api("POST", "/api/wish-list", { token: tokens.buyer, body: { product_id: 20010 } })).status).toBe(
      201,
    );
    const list = await p.api("GET", "/api/wish-list", { token: tokens.buyer });
    expect(list.body.data.map((w: any) => w.product_id)).toEqual(["20001", "20010"]);
    expect(list.body.data[1].item).toMatchObject({ displayName: "Work Trousers", price: 18 });
    expect((await p.api("DELETE", "/api/wish-list/20010", { token: tokens.buyer })).status).toBe(200);
    expect((await p.api("DELETE", "/api/wish-list/20010", { token: tokens.buyer })).status).toBe(404);
    expect((await p.api("POST", "/api/wish-list", { token: tokens.buyer, body: { product_id: "99999" } })).status).toBe(
      400,
    );
    expect((await p.api("POST", "/api/wish-list", { token: tokens.buyer, body: [] })).status).toBe(400);
  });
});
