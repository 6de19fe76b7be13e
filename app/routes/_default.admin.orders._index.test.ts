import { describe, expect, it } from "vitest";
import type { AdminOrdersData } from "~/admin/admin-orders.server";
import { locationOf, statusAndData } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminUserHandlers } from "../../tests/mocks/upstream/admin-users";
import { loader as detailLoader } from "./_default.admin.orders.$orderId";
import { loader } from "./_default.admin.orders._index";

// /admin/orders and /admin/orders/{orderId} (issue 20 item 7, decision 130): the GET form as C20's query (number,
// reference, customer, status, dates), 16 a page, bad filters under their fields with no order call, any order's detail
// with its customer and who placed it (amounts always shown), unknown or non-digit ids → 404, non-evolve users refused.
const t = useRouteTest();

function setUp(options: { evolve?: boolean; orders?: number; pricingHidden?: boolean } = {}) {
  const mock = adminUserHandlers({ orders: options.orders });
  const permissions = ["canViewFullCatalogue", ...(options.pricingHidden ? ["pricingHidden"] : [])];
  t.signIn({ isEvolveUser: options.evolve ?? true, permissions }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/orders", { loader });
async function load(query = ""): Promise<{ status: number; data: AdminOrdersData }> {
  const result = (await route.load(query)) as Awaited<ReturnType<typeof loader>>;
  return statusAndData<AdminOrdersData>(result);
}
const detailRoute = t.route("/admin/orders/:orderId", { loader: detailLoader });
const detail = (orderId: string) => detailRoute.load({ params: { orderId } });

describe("/admin/orders", () => {
  it("lists every customer's orders, 16 a page, with the customer and the amounts", async () => {
    const { queries } = setUp({ pricingHidden: true });
    const { status, data } = await load();
    expect(status).toBe(200);
    expect(Object.fromEntries(queries.orders[0])).toEqual({ $limit: "16", $skip: "0" });
    expect(data.orders[0]).toMatchObject({
      id: "801",
      tranId: "SO1001",
      otherRefNum: "PO-1",
      customer: "Harbour Health Trust",
      total: "£31.14",
    });
    expect(data.customers.map((c) => c.label)).toEqual(["Harbour Health Trust", "Northwind Facilities"]);
    expect(data.statuses.map((s) => s.value)).toContain("Pending Fulfillment");
  });

  it("sends the search as C20's query; dates as shown (dd.mm.yy) become ISO days", async () => {
    const { queries } = setUp({ orders: 40 });
    const { status, data } = await load(
      "?tranId=+SO10+&reference=PO&customerId=1001&status=Billed&from=01.10.26&to=2026-10-31&page=2",
    );
    expect(status).toBe(200);
    expect(Object.fromEntries(queries.orders[0])).toEqual({
      tranId: "SO10",
      reference: "PO",
      customerId: "1001",
      status: "Billed",
      from: "2026-10-01",
      to: "2026-10-31",
      $limit: "16",
      $skip: "16",
    });
    expect(data.form.from).toBe("01.10.26");
  });

  it("past the last page: the last page, asked again", async () => {
    const { queries } = setUp({ orders: 20 });
    const { data } = await load("?page=5");
    expect([data.page, data.pageCount, data.orders.length]).toEqual([2, 2, 4]);
    expect(queries.orders.map((q) => q.get("$skip"))).toEqual(["64", "16"]);
  });

  it.each([
    ["?status=Shipped", "status", "Choose a status from the list"],
    ["?customerId=north", "customerId", "Choose a customer from the list"],
    ["?from=32.01.26", "from", "From: enter a date as dd.mm.yy, for example 31.03.26"],
    ["?from=2026-10-31&to=2026-10-01", "from", "The start date must be on or before the end date"],
    [`?tranId=${"9".repeat(61)}`, "tranId", "Use at most 60 characters"],
  ])("%s: 400, its message under the field, no order call", async (query, field, message) => {
    const { queries } = setUp();
    const { status, data } = await load(query);
    expect(status).toBe(400);
    expect(data.errors).toEqual({ [field]: message });
    expect(queries.orders).toEqual([]);
  });

  it("a customer the provider does not know (its 404): under the customer, no orders", async () => {
    setUp();
    const { data } = await load("?customerId=1999");
    expect(data.errors).toEqual({ customerId: "That customer could not be found" });
    expect(data.orders).toEqual([]);
  });

  it("a non-evolve user is sent to /", async () => {
    const { queries } = setUp({ evolve: false });
    expect(locationOf(await route.load())).toBe("/");
    expect(queries.orders).toEqual([]);
  });
});

describe("/admin/orders/{orderId}", () => {
  it("shows any customer's order with its lines and totals, its customer and who placed it", async () => {
    setUp({ pricingHidden: true });
    const data = (await detail("802")) as Awaited<ReturnType<typeof detailLoader>>;
    expect(data.order).toMatchObject({ tranId: "SO1002", total: "£31.14", subTotal: "£20.00", totalQuantity: 2 });
    expect(data.order.lines[0]).toMatchObject({
      code: "HV-JKT-M",
      name: "Hi-Vis Jacket M",
      quantity: 2,
      amount: "£20.00",
    });
    expect(data.customer).toEqual({ id: "1001", name: "Northwind Facilities" });
    expect(data.placedBy).toEqual({ id: "2", name: "Rory Requester", email: "person2@demo.test" });
  });

  it.each(["999", "abc", "-1"])("order %s: 404", async (orderId) => {
    setUp();
    expect(((await detail(orderId)) as Response).status).toBe(404);
  });

  it("a non-evolve user is sent to /", async () => {
    setUp({ evolve: false });
    expect(locationOf(await detail("801"))).toBe("/");
  });
});
