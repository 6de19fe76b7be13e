import { beforeAll, describe, expect, it } from "vitest";
import { useProvider } from "./fixtures";

// Decision 058: what the provider sends a caller with pricingHidden (SPEC §6): no item prices, and no goods amounts
// on its orders (subTotal, taxTotal, total, the lines' rate and amount are null); the delivery charge stays.

let hidden: string;
let shown: string;
const { p } = useProvider();
beforeAll(async () => {
  const user = await p.db("users").where({ email: "buyer@demo.test" }).first();
  const memberships = await p.db("user_customers").where({ user_id: user.id });
  for (const m of memberships) {
    const permissions = JSON.parse(m.permissions_json ?? "[]");
    await p
      .db("user_customers")
      .where({ user_id: m.user_id, customer_id: m.customer_id })
      .update({ permissions_json: JSON.stringify([...permissions, "pricingHidden"]) });
  }
  hidden = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token: hidden, body: { contactId: "5001" } });
  shown = await p.login("approver@demo.test");
});

describe("a caller with pricingHidden (decision 058)", () => {
  it("gets items without a price", async () => {
    const { status, body } = await p.api("GET", "/api/item?$limit=5", { token: hidden });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((i: any) => i.price === null)).toBe(true);
  });

  it("gets its orders without goods amounts, in the list and one by one; the delivery charge stays", async () => {
    const list = await p.api("GET", "/api/order?includeExtraData=true", { token: hidden });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const order of list.body.data) {
      expect(order).toMatchObject({ subTotal: null, taxTotal: null, total: null });
      expect(typeof order.shippingCost).toBe("number");
      for (const line of order.itemList?.item ?? []) expect(line).toMatchObject({ rate: null, amount: null });
    }
    const one = await p.api("GET", `/api/order/${list.body.data[0].internalId}`, { token: hidden });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ subTotal: null, taxTotal: null, total: null });
    expect(one.body.itemList.item.length).toBeGreaterThan(0);
    expect(one.body.itemList.item.every((l: any) => l.rate === null && l.amount === null)).toBe(true);
  });

  it("a caller without it still gets the amounts of the same orders", async () => {
    const { body } = await p.api("GET", "/api/order", { token: shown });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((o: any) => typeof o.total === "number")).toBe(true);
  });
});
