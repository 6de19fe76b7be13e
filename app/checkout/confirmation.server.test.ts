// The checkout confirmation of a wearer-pack order lists each wearer's lines with where they go (issue 15 item 8,
// decision 104), grouped by the same linesByWearer as the order detail.
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { loader } from "~/routes/_basket.order-complete";
import { get, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { orderAnswer, orderHandlers, wearerPackOrderAnswer } from "../../tests/mocks/upstream/orders";

const server = useUpstreamMock();
const manpackSession = sessionAnswer({ permissions: ["canViewManpack", "manpackOrders", "viewOrderHistory"] });

async function confirmation(orderId: string) {
  return settle(async () =>
    loader({
      request: get(`/order-complete?order=${orderId}`, await sessionCookie()),
      params: {},
      context: testLoadContext(),
    }),
  );
}

describe("the confirmation of a wearer-pack order", () => {
  it("lists each wearer's lines under their name, with their delivery address", async () => {
    server.use(...authHandlers({ session: manpackSession }), ...orderHandlers([wearerPackOrderAnswer()]));
    const view = (await confirmation("60")) as Awaited<ReturnType<typeof loader>>;
    expect(view).toMatchObject({
      internalId: "60",
      tranId: "SO100060",
      status: { label: "In Process", colour: "blue" },
      address: ["Multiple delivery addresses"],
    });
    expect(view.wearers).toEqual([
      {
        key: "5102",
        name: "Hal Harbour",
        address: ["Harbour Hospital", "Harbour Hospital House, Leeds", "LS1 4AP"],
        lines: [
          { key: 0, name: "Ward Tunic", code: "WD-TUN", qty: 2 },
          { key: 1, name: "Clog", code: "CL-001", qty: 1 },
        ],
      },
      {
        key: "5104",
        name: "Bo Bandb",
        address: ["Harbour Clinic", "Clinic Lane, York", "YO1 7HH"],
        lines: [
          { key: 0, name: "Ward Trousers", code: "WD-TRS", qty: 1 },
          { key: 1, name: "Ward Tunic", code: "WD-TUN", qty: 1 },
        ],
      },
    ]);
    // every line stays in the flat list too, in the order's order
    expect(view.lines.map((l) => l.name)).toEqual(["Ward Tunic", "Ward Trousers", "Clog", "Ward Tunic"]);
  });

  it("a stock order has no wearer sections; its address and lines are as before", async () => {
    server.use(...authHandlers(), ...orderHandlers([orderAnswer({ internalId: "801", tranId: "SO100801" })]));
    const view = (await confirmation("801")) as Awaited<ReturnType<typeof loader>>;
    expect(view.wearers).toBeNull();
    expect(view.address).toEqual(["Northwind Depot", "Northwind Depot House, Leeds", "LS1 4AP"]);
    expect(view.lines).toEqual([{ key: 0, name: "Hi-Vis Jacket M", code: "HV-JKT-M", qty: 2 }]);
    expect(view.created).toBe("03.10.26");
  });
});
