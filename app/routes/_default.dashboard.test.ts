import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { cmsHandlers } from "../../tests/mocks/upstream/cms";
import { contentHandlers } from "../../tests/mocks/upstream/content";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { itemAnswer, itemHandlers, list } from "../../tests/mocks/upstream/items";
import { orderAnswer, orderHandlers, type OrderCalls } from "../../tests/mocks/upstream/orders";
import { get, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader } from "./_default.dashboard";

const t = useRouteTest();

type Overrides = Parameters<typeof sessionAnswer>[0];

const ORDERS = [1, 2, 3, 4, 5, 6, 7].map((n) => orderAnswer({ internalId: String(n), tranId: `SO10000${n}` }));

async function open(
  overrides: Overrides,
  options: Parameters<typeof contentHandlers>[0] = {},
  itemQueries: URLSearchParams[] = [],
  orderCalls: OrderCalls = { lists: [], patches: [] },
  ordersDown = false,
) {
  const session = sessionAnswer(overrides);
  session.account.sector = { internalId: "1", name: "Facilities", products: ["101", "102"] } as never;
  t.server.use(
    ...authHandlers({ session }),
    ...contentHandlers(options),
    ...cmsHandlers(),
    ...itemHandlers({
      seen: itemQueries,
      answer: (q) =>
        q.get("internalId[$in]")
          ? list([itemAnswer(101), itemAnswer(102)])
          : list([101, 201, 202, 203, 204, 205, 206, 207].map((id) => itemAnswer(id))),
    }),
    ...(ordersDown
      ? [http.get(`${UPSTREAM}/api/order`, () => HttpResponse.json({ message: "down" }, { status: 503 }))]
      : []),
    ...orderHandlers(ORDERS, orderCalls),
  );
  return loader({ request: get("/dashboard", await sessionCookie()), params: {}, context: testLoadContext() });
}

describe("/dashboard", () => {
  it("the hero: banner-block's hero slides (issue 18 item 5, decision 119)", async () => {
    const data = await open({ permissions: ["canViewFullCatalogue"] });
    expect(data.hero.map((s) => [s.heading, s.link])).toEqual([
      ["Winter hi-vis in stock", "/categories/full/hi-vis"],
      ["Gloves & hands", null],
      ["Christmas delivery", "/news/christmas-delivery-dates-2026"],
    ]);
  });

  it("fills the first banner from sector products then general items, de-duplicated, and the second after skipping 4", async () => {
    const queries: URLSearchParams[] = [];
    const data = await open({ permissions: ["canViewFullCatalogue"] }, {}, queries);
    const first = data.banners.first.map((c) => c.productId);
    expect(first).toHaveLength(4);
    expect(first.slice(0, 2).sort()).toEqual(["101", "102"]);
    expect(first.slice(2)).toEqual(["201", "202"]);
    expect(data.banners.second.map((c) => c.productId)).toEqual(["204", "205", "206", "207"]);
    expect(queries.find((q) => q.get("internalId[$in]"))?.get("internalId[$in]")).toBe("101,102");
  });

  it("lists no contacts (issue 14 item 3: the dashboard is for orders, not colleagues)", async () => {
    const queries: URLSearchParams[] = [];
    const data = await open({}, { contactQueries: queries });
    expect(queries).toEqual([]);
    expect(data).not.toHaveProperty("contacts");
    expect(data).not.toHaveProperty("quickLinks");
  });

  it("shows an approver the orders waiting for them: the count and the first five, each linking to its page", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    const data = await open(
      { permissions: ["canViewFullCatalogue", "orderApproval"], setting: { isApprover: true } },
      {},
      [],
      calls,
    );
    expect(data.pendingApprovals).toMatchObject({ total: 7 });
    const pending = data.pendingApprovals as Exclude<typeof data.pendingApprovals, null | { failed: true }>;
    expect(pending.orders.map((o) => o.to)).toEqual([
      "/order-to-approve/1",
      "/order-to-approve/2",
      "/order-to-approve/3",
      "/order-to-approve/4",
      "/order-to-approve/5",
    ]);
    expect(pending.orders[0]).toMatchObject({ tranId: "SO100001", orderedBy: "Rory Requester" });
    const query = calls.lists.find((q) => q.get("orderToApprove") === "true");
    expect(query?.get("orderStatus")).toBe("Pending Approval");
    expect(query?.get("$limit")).toBe("5");
    expect(data.punchoutBasketsToApprove).toBe(0);
  });

  it("shows recent orders, newest first, linking to the order, to users with the order history", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    const data = await open({ permissions: ["canViewFullCatalogue", "viewOrderHistory"] }, {}, [], calls);
    const recent = data.recentOrders as Exclude<typeof data.recentOrders, null | { failed: true }>;
    expect(recent.total).toBe(7);
    expect(recent.orders.map((o) => o.to)).toEqual([
      "/order-history/1",
      "/order-history/2",
      "/order-history/3",
      "/order-history/4",
      "/order-history/5",
    ]);
    expect(recent.orders[0].status.label).toBe("Pending Supervisor Approval");
    expect(calls.lists).toHaveLength(1);
    expect(calls.lists[0].get("$limit")).toBe("5");
    expect(calls.lists[0].get("$sort[createdDate]")).toBe("-1");
    expect(calls.lists[0].get("orderToApprove")).toBeNull();
    expect(data.pendingApprovals).toBeNull();
  });

  it("leaves out what the user may not open: no order panels without the permissions, no quick order for browse-only", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    const buyer = await open({ permissions: ["canViewFullCatalogue"] }, {}, [], calls);
    expect(buyer.pendingApprovals).toBeNull();
    expect(buyer.punchoutBasketsToApprove).toBeNull();
    expect(buyer.recentOrders).toBeNull();
    expect(calls.lists).toEqual([]);
    expect(buyer.quickOrder).toBe(true);
    const browse = await open({ permissions: ["canViewFullCatalogue", "browseOnly"] });
    expect(browse.quickOrder).toBe(false);
  });

  it("still shows when the orders cannot be listed (SPEC §8: logged; the panel says so)", async () => {
    const data = await open({ permissions: ["canViewFullCatalogue", "viewOrderHistory"] }, {}, [], undefined, true);
    expect(data.recentOrders).toEqual({ failed: true });
  });

  it("still shows when the news fails (SPEC §8: logged, left empty)", async () => {
    const data = await open({}, { newsFails: true });
    expect(data.news).toEqual([]);
  });

  it("shows no product banners to a user without a stock catalogue", async () => {
    const queries: URLSearchParams[] = [];
    const data = await open({ permissions: ["canViewManpack"] }, {}, queries);
    expect(data.banners).toEqual({ first: [], second: [] });
    expect(queries).toEqual([]);
  });
});
