import { describe, expect, it } from "vitest";
import { PRICE_HIDDEN_TEXT } from "~/domain/prices";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { orderAnswer, orderHandlers } from "../../tests/mocks/upstream/orders";
import { loadAt } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader as historyLoader } from "./_default.order-history._index";
import { loader as detailLoader } from "./_default.order-history.$orderId._index";
import { loader as csvLoader } from "./_default.order-history.export[.csv]";

// Decision 058: an account whose prices are hidden (SPEC §6 pricingHidden) sees no order amounts in its history,
// an order's detail or the CSV; the delivery charge, shown at checkout, stays.

const t = useRouteTest();
const hidden = sessionAnswer({ permissions: ["canViewFullCatalogue", "viewOrderHistory", "pricingHidden"] });

describe("order history with the account's prices hidden (decision 058)", () => {
  it("the list words each total as hidden, never £0.00", async () => {
    t.signIn(hidden, ...orderHandlers([orderAnswer()]));
    const data = (await loadAt(historyLoader, "/order-history")) as Extract<
      Awaited<ReturnType<typeof historyLoader>>,
      { orders: unknown }
    >;
    expect(data.orders.map((o) => o.total)).toEqual([PRICE_HIDDEN_TEXT]);
  });

  it("the detail hides the subtotal, tax, total and line prices", async () => {
    t.signIn(hidden, ...orderHandlers([orderAnswer({ internalId: "8", tranId: "SO100008" })]));
    const { order } = await loadAt(detailLoader, "/order-history/8", { orderId: "8" });
    expect(order).toMatchObject({
      subTotal: PRICE_HIDDEN_TEXT,
      tax: PRICE_HIDDEN_TEXT,
      total: PRICE_HIDDEN_TEXT,
      shipping: "£5.95",
    });
    expect(order.lines.length).toBeGreaterThan(0);
    expect(order.lines.every((l) => l.rate === PRICE_HIDDEN_TEXT && l.amount === PRICE_HIDDEN_TEXT)).toBe(true);
  });

  it("the CSV leaves the Total column out", async () => {
    t.signIn(hidden, ...orderHandlers([orderAnswer()]));
    const response = await loadAt(csvLoader, "/order-history/export.csv");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Order,Reference,Date,Status,Ordered by,Delivery address");
    expect(lines[1]).toMatch(/^SO100003,/);
    expect(lines[1]).not.toMatch(/,\d+\.\d{2}$/);
    expect(lines[1]).not.toMatch(/31\.14/);
  });
});
