import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { orderAnswer, orderHandlers, type OrderCalls } from "../../tests/mocks/upstream/orders";
import { get, locationOf, sessionCookie, settle, statusAndData } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import type { OrderHistoryData } from "~/orders/history.server";
import { loader } from "./_default.order-history._index";

const t = useRouteTest();

/** The loader's data and status (a bad filter answers its data with 400). */
async function loadWithStatus(path: string): Promise<{ status: number; data: OrderHistoryData }> {
  const result = await loader({ request: get(path, await sessionCookie()), params: {}, context: testLoadContext() });
  return statusAndData<OrderHistoryData>(result);
}

async function load(path: string) {
  return (await loadWithStatus(path)).data;
}

describe("/order-history", () => {
  it("turns the filter form's fields into the SPEC §7 query parameters", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn({}, ...orderHandlers([orderAnswer()], calls));
    await load(
      "/order-history?page=2&sort=createdDate&status=Closed&from=2026-01-01&to=2026-01-31&q=rory&employee=5004&department=301&depot=701",
    );
    expect(Object.fromEntries(calls.lists[0])).toEqual({
      $limit: "16",
      $skip: "16",
      "$sort[createdDate]": "1",
      orderStatus: "Closed",
      webRejected: "false",
      pendingWebApproval: "false",
      "createdDate[$gte]": "2026-01-01",
      "createdDate[$lte]": "2026-01-31T23:59:59.999Z",
      orderedBy: "rory",
      employees: "5004",
      departments: "301",
      depot: "701",
    });
  });

  it("filters by the label users see: every upstream status behind it, dates as shown (issue 14 item 5)", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn({}, ...orderHandlers([orderAnswer()], calls));
    const result = await loadWithStatus("/order-history?status=Fully+Despatched&from=01.10.26&to=31.10.2026");
    expect(result.status).toBe(200);
    expect(Object.fromEntries(calls.lists[0])).toEqual({
      $limit: "16",
      $skip: "0",
      "$sort[createdDate]": "-1",
      "orderStatus[$in]": "Pending Billing,Fully Billed,Billed",
      webRejected: "false",
      pendingWebApproval: "false",
      "createdDate[$gte]": "2026-10-01",
      "createdDate[$lte]": "2026-10-31T23:59:59.999Z",
    });
    // the form shows what was typed
    expect(result.data.form).toMatchObject({ status: "Fully Despatched", from: "01.10.26", to: "31.10.2026" });
  });

  it("defaults to 16 a page, newest first; blank fields of the GET form send nothing", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn({}, ...orderHandlers([orderAnswer()], calls));
    await load("/order-history?status=&from=&to=&q=&employee=&department=&depot=&sort=-createdDate");
    expect(Object.fromEntries(calls.lists[0])).toEqual({ $limit: "16", $skip: "0", "$sort[createdDate]": "-1" });
  });

  it("shows each order's SPEC §4 label and colour, dd.MM.yy date and total", async () => {
    t.signIn(
      {},
      ...orderHandlers([
        orderAnswer(),
        orderAnswer({
          internalId: "4",
          tranId: "SO100004",
          webRejected: true,
          pendingWebApproval: false,
          orderStatus: "Closed",
        }),
        orderAnswer({ internalId: "5", tranId: "SO100005", pendingWebApproval: false, orderStatus: "Billed" }),
      ]),
    );
    const data = await load("/order-history");
    expect(data.orders.map((o) => [o.tranId, o.status.label, o.status.colour, o.created, o.total])).toEqual([
      ["SO100003", "Pending Supervisor Approval", "grey", "03.10.26", "£31.14"],
      ["SO100004", "Order rejected", "red", "03.10.26", "£31.14"],
      ["SO100005", "Fully Despatched", "green", "03.10.26", "£31.14"],
    ]);
    expect(data.options.depots).toEqual([{ value: "701", label: "Northwind Depot" }]);
  });

  it("a bad filter shows the page with the reason and status 400, asking the provider for no orders (issue 11 item 9)", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn({}, ...orderHandlers([orderAnswer()], calls));
    const result = await loadWithStatus("/order-history?depot=abc&employee=5004");
    expect(result.status).toBe(400);
    expect(result.data.filterError).toBe("These filters could not be used: Depot: choose one from the list.");
    expect(result.data.orders).toEqual([]);
    expect(result.data.form.depot).toBe("abc");
    expect(result.data.options.depots).toEqual([{ value: "701", label: "Northwind Depot" }]);
    expect(calls.lists).toHaveLength(0);
  });

  it("no orders: the next steps are only screens this user may open (issue 34 item 6, decision 166)", async () => {
    t.signIn({ permissions: ["viewOrderHistory", "canViewFullCatalogue"] }, ...orderHandlers([]));
    const data = await load("/order-history");
    expect(data.orders).toEqual([]);
    expect(data.emptySteps.map((s) => s.to)).toEqual(["/categories/full", "/quick-order"]);
  });

  it("sends a user without viewOrderHistory home", async () => {
    t.signIn({ permissions: ["canViewFullCatalogue"] });
    expect(locationOf(await settle(() => load("/order-history")))).toBe("/");
  });
});
