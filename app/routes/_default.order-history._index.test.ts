import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { orderAnswer, orderHandlers, type OrderCalls } from "../../tests/mocks/upstream/orders";
import { get, locationOf, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { loader } from "./_default.order-history._index";

const server = useUpstreamMock();

async function load(path: string) {
  return loader({ request: get(path, await sessionCookie()), params: {}, context: testLoadContext() });
}

describe("/order-history", () => {
  it("turns the filter form's fields into the SPEC §7 query parameters", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    server.use(...authHandlers(), ...orderHandlers([orderAnswer()], calls));
    await load("/order-history?page=2&sort=createdDate&status=Closed&from=2026-01-01&to=2026-01-31&q=rory&employee=5004&department=301&depot=701");
    expect(Object.fromEntries(calls.lists[0])).toEqual({
      $limit: "16",
      $skip: "16",
      "$sort[createdDate]": "1",
      orderStatus: "Closed",
      "createdDate[$gte]": "2026-01-01",
      "createdDate[$lte]": "2026-01-31T23:59:59.999Z",
      orderedBy: "rory",
      employees: "5004",
      departments: "301",
      depot: "701",
    });
  });

  it("defaults to 16 a page, newest first; blank fields of the GET form send nothing", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    server.use(...authHandlers(), ...orderHandlers([orderAnswer()], calls));
    await load("/order-history?status=&from=&to=&q=&employee=&department=&depot=&sort=-createdDate");
    expect(Object.fromEntries(calls.lists[0])).toEqual({ $limit: "16", $skip: "0", "$sort[createdDate]": "-1" });
  });

  it("shows each order's SPEC §4 label and colour, dd.MM.yy date and total", async () => {
    server.use(
      ...authHandlers(),
      ...orderHandlers([
        orderAnswer(),
        orderAnswer({ internalId: "4", tranId: "SO100004", webRejected: true, pendingWebApproval: false, orderStatus: "Closed" }),
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

  it("sends a user without viewOrderHistory home", async () => {
    server.use(...authHandlers({ session: sessionAnswer({ permissions: ["canViewFullCatalogue"] }) }));
    expect(locationOf(await settle(() => load("/order-history")))).toBe("/");
  });
});
