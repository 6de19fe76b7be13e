import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { http, HttpResponse } from "msw";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { orderAnswer, orderHandlers, wearerPackOrderAnswer, type OrderCalls } from "../../tests/mocks/upstream/orders";
import { loadAt, locationOf, post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { action, loader } from "./_default.order-history.$orderId._index";
import { loader as despatchLoader } from "./_default.order-history.$orderId.despatched.$id";
import { loader as csvLoader } from "./_default.order-history.export[.csv]";

const t = useRouteTest();

const despatched = orderAnswer({
  internalId: "8",
  tranId: "SO100008",
  pendingWebApproval: false,
  orderStatus: "Partially Fulfilled",
  pickingNote: "Fold, do not hang",
  despatches: [
    {
      internalId: "41",
      tranId: "IF41",
      createdDate: "2026-10-05T09:00:00.000Z",
      carrier: "DPD",
      trackingNumber: "15501234",
      status: "Shipped",
      order: { internalId: "8", tranId: "SO100008" },
      lines: [{ item: { internalId: "20002", name: "Hi-Vis Jacket M" }, quantity: 1 }],
    },
  ],
});

describe("/order-history/{orderId}", () => {
  it("shows tranId, status, address, lines, totals, notes and despatch links", async () => {
    t.signIn({}, ...orderHandlers([despatched]));
    const { order, canReorder } = await loadAt(loader, "/order-history/8", { orderId: "8" });
    expect(order).toMatchObject({
      tranId: "SO100008",
      otherRefNum: "PO-3",
      created: "03.10.26",
      status: { label: "Part Despatched", colour: "amber" },
      orderedBy: "Rory Requester",
      addressLines: ["Northwind Depot", "Northwind Depot House, Leeds", "LS1 4AP"],
      subTotal: "£20.00",
      shipping: "£5.95",
      tax: "£5.19",
      total: "£31.14",
      totalQuantity: 2,
      pickingNote: "Fold, do not hang",
      nothingDespatched: false,
    });
    expect(order.despatches[0]).toMatchObject({
      id: "41",
      tranId: "IF41",
      carrier: "DPD",
      trackingNumber: "15501234",
      date: "05.10.26",
    });
    expect(canReorder).toBe(true);
  });

  it("another customer's order id is a 404 (the provider's answer is kept)", async () => {
    t.signIn({}, ...orderHandlers([despatched]));
    const result = await settle(() => loadAt(loader, "/order-history/999", { orderId: "999" }));
    expect((result as Response).status).toBe(404);
  });

  it("an id that cannot be an order is a 404 without asking the provider", async () => {
    t.signIn();
    const result = await settle(() => loadAt(loader, "/order-history/abc", { orderId: "abc" }));
    expect((result as Response).status).toBe(404);
  });

  it("a wearer-pack order: a section per wearer with their lines and their delivery address; the order's address is 'Multiple delivery addresses' (issue 15 item 8)", async () => {
    t.signIn({}, ...orderHandlers([wearerPackOrderAnswer()]));
    const { order } = await loadAt(loader, "/order-history/60", { orderId: "60" });
    expect(order).toMatchObject({
      type: "Wearer pack",
      addressLines: ["Multiple delivery addresses"],
      totalQuantity: 5,
    });
    expect(order.wearers).toEqual([
      {
        key: "5102",
        name: "Hal Harbour",
        addressLines: ["Harbour Hospital", "Harbour Hospital House, Leeds", "LS1 4AP"],
        lines: [
          {
            key: "1",
            code: "WD-TUN",
            name: "Ward Tunic",
            quantity: 2,
            despatched: 0,
            rate: "£15.75",
            amount: "£31.50",
          },
          { key: "3", code: "CL-001", name: "Clog", quantity: 1, despatched: 0, rate: "£15.75", amount: "£15.75" },
        ],
      },
      {
        key: "5104",
        name: "Bo Bandb",
        addressLines: ["Harbour Clinic", "Clinic Lane, York", "YO1 7HH"],
        lines: [
          {
            key: "2",
            code: "WD-TRS",
            name: "Ward Trousers",
            quantity: 1,
            despatched: 0,
            rate: "£15.75",
            amount: "£15.75",
          },
          {
            key: "4",
            code: "WD-TUN",
            name: "Ward Tunic",
            quantity: 1,
            despatched: 0,
            rate: "£15.75",
            amount: "£15.75",
          },
        ],
      },
    ]);
  });

  it("a wearer-pack order to one address shows it for the order and for each wearer; a stock order has no wearer sections", async () => {
    const oneAddress = wearerPackOrderAnswer({
      shipGroupList: {
        shipGroup: [
          {
            destinationAddressRef: { internalId: "702" },
            destinationAddress: "Harbour Hospital\nHarbour Hospital House, Leeds LS1 4AP",
          },
        ],
      },
    });
    for (const l of oneAddress.itemList.item) l.shipAddress = { internalId: "702", name: "Harbour Hospital" };
    t.signIn({}, ...orderHandlers([oneAddress, despatched]));
    const { order } = await loadAt(loader, "/order-history/60", { orderId: "60" });
    expect(order.addressLines).toEqual(["Harbour Hospital", "Harbour Hospital House, Leeds", "LS1 4AP"]);
    expect(order.wearers?.map((w) => [w.name, w.addressLines])).toEqual([
      ["Hal Harbour", ["Harbour Hospital", "Harbour Hospital House, Leeds", "LS1 4AP"]],
      ["Bo Bandb", ["Harbour Hospital", "Harbour Hospital House, Leeds", "LS1 4AP"]],
    ]);
    expect((await loadAt(loader, "/order-history/8", { orderId: "8" })).order.wearers).toBeNull();
  });

  it("a browse-only user sees no reorder button", async () => {
    t.signIn({ permissions: ["viewOrderHistory", "browseOnly"] }, ...orderHandlers([despatched]));
    expect((await loadAt(loader, "/order-history/8", { orderId: "8" })).canReorder).toBe(false);
  });
});

describe("/order-history/{orderId}/despatched/{id}", () => {
  it("shows what was sent, when and the tracking number", async () => {
    t.signIn({}, ...orderHandlers([despatched]));
    const { despatch } = await loadAt(despatchLoader, "/order-history/8/despatched/41", { orderId: "8", id: "41" });
    expect(despatch).toMatchObject({
      tranId: "IF41",
      date: "05.10.26",
      carrier: "DPD",
      trackingNumber: "15501234",
      lines: [{ name: "Hi-Vis Jacket M", quantity: 1 }],
    });
  });

  it("a despatch of another order is a 404", async () => {
    t.signIn({}, ...orderHandlers([despatched]));
    const result = await settle(() =>
      loadAt(despatchLoader, "/order-history/3/despatched/41", { orderId: "3", id: "41" }),
    );
    expect((result as Response).status).toBe(404);
  });
});

describe("/order-history/export.csv", () => {
  it("streams every page of the filtered list as an attachment", async () => {
    const many = Array.from({ length: 501 }, (_, i) =>
      orderAnswer({ internalId: String(i + 1), tranId: `SO${100_000 + i + 1}` }),
    );
    const calls = { lists: [] as URLSearchParams[], patches: [] };
    t.signIn({}, ...orderHandlers(many, calls));
    const response = await loadAt(csvLoader, "/order-history/export.csv?status=Closed&q=rory", {});
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="order-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Order,Reference,Date,Status,Ordered by,Delivery address,Total");
    expect(lines).toHaveLength(502);
    expect(lines[501]).toMatch(/^SO100501,/);
    expect(calls.lists.map((q) => [q.get("$skip"), q.get("orderStatus"), q.get("orderedBy")])).toEqual([
      ["0", "Closed", "rory"],
      ["500", "Closed", "rory"],
    ]);
  });
});

describe("/order-history/export.csv with a bad filter (issue 11 item 9)", () => {
  it.each([
    ["depot=abc", "Depot: choose one from the list."],
    ["employee=abc", "Employee: choose one from the list."],
    ["department=abc", "Department: choose one from the list."],
    ["status=Shipped", "Status: choose one of the listed statuses."],
    ["from=yesterday", "Created from: enter a date as dd.mm.yy, for example 31.03.26."],
    ["sort=password", "Sort: that order is not one the list offers."],
  ])(
    "?%s answers 400 with the reason before any byte of CSV, and asks the provider nothing",
    async (query, problem) => {
      const calls: OrderCalls = { lists: [], patches: [] };
      t.signIn({}, ...orderHandlers([orderAnswer()], calls));
      const response = (await settle(() => loadAt(csvLoader, `/order-history/export.csv?${query}`, {}))) as Response;
      expect(response.status).toBe(400);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBeNull();
      expect(await response.text()).toBe(`These filters could not be used: ${problem}`);
      expect(calls.lists).toHaveLength(0);
    },
  );

  it("a provider refusal of the first chunk is an error answer, not a cut-off 200", async () => {
    t.signIn(
      {},
      http.get(`${UPSTREAM}/api/order`, () =>
        HttpResponse.json({ name: "BadRequest", message: "Invalid query", code: 400 }, { status: 400 }),
      ),
    );
    const response = (await settle(() => loadAt(csvLoader, "/order-history/export.csv?depot=701", {}))) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Disposition")).toBeNull();
  });
});

describe("amending the delivery address", () => {
  const amender = () =>
    sessionAnswer({ permissions: ["viewOrderHistory", "amendOrderDeliveryAddress", "canViewFullCatalogue"] });
  const open = orderAnswer({
    internalId: "1",
    tranId: "SO100001",
    pendingWebApproval: false,
    orderStatus: "Pending Fulfillment",
  });
  type FormAnswer = {
    data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
    init: ResponseInit;
  };
  const amend = async (form: Record<string, string>, orderId = "1") =>
    settle(async () =>
      action({
        request: post(`/order-history/${orderId}`, form, await sessionCookie()),
        params: { orderId },
        context: testLoadContext(),
      }),
    );

  it("offers the customer's addresses only with the permission and while nothing is despatched", async () => {
    t.signIn(amender(), ...orderHandlers([open, despatched]));
    expect((await loadAt(loader, "/order-history/1", { orderId: "1" })).addressOptions).toEqual([
      { value: "701", label: "Northwind Depot" },
    ]);
    expect((await loadAt(loader, "/order-history/8", { orderId: "8" })).addressOptions).toBeNull();
    t.signIn();
    expect((await loadAt(loader, "/order-history/1", { orderId: "1" })).addressOptions).toBeNull();
  });

  it("offers only the addresses the provider says this user may send the order to (orderUse, decision 075)", async () => {
    t.server.use(
      ...authHandlers({ session: amender() }),
      // before orderHandlers' own answer (the first matching handler answers)
      http.get(`${UPSTREAM}/api/customer-address`, () =>
        HttpResponse.json({
          total: 2,
          limit: 10000,
          skip: 0,
          data: [
            {
              internalId: "701",
              label: "Northwind Depot",
              isDefault: true,
              orderUse: { stock: true, wearerPack: true },
            },
            {
              internalId: "702",
              label: "Northwind Yard",
              isDefault: false,
              orderUse: { stock: false, wearerPack: false },
            },
          ],
        }),
      ),
      ...orderHandlers([open]),
    );
    expect((await loadAt(loader, "/order-history/1", { orderId: "1" })).addressOptions).toEqual([
      { value: "701", label: "Northwind Depot" },
    ]);
  });

  it("PATCHes {addressId} and comes back to the order with a toast", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn(amender(), ...orderHandlers([open], calls));
    const result = await amend({ intent: "amend-address", addressId: "704" });
    expect(locationOf(result)).toBe("/order-history/1");
    expect(calls.patches).toEqual([{ id: "1", body: { addressId: "704" } }]);
  });

  it("no address chosen → 400 and nothing sent", async () => {
    const calls: OrderCalls = { lists: [], patches: [] };
    t.signIn(amender(), ...orderHandlers([open], calls));
    const result = (await amend({ intent: "amend-address" })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.addressId).toBe("Choose a delivery address");
    expect(calls.patches).toEqual([]);
  });

  it("an order despatched meanwhile → 409 with the provider's message", async () => {
    t.signIn(amender(), ...orderHandlers([despatched]));
    const result = (await amend({ intent: "amend-address", addressId: "701" }, "8")) as FormAnswer;
    expect(result.init.status).toBe(409);
    expect(result.data.formError).toBe("Order SO100008 has already been despatched; its address cannot be changed");
  });

  it("without amendOrderDeliveryAddress → 403", async () => {
    t.signIn({}, ...orderHandlers([open]));
    expect(((await amend({ intent: "amend-address", addressId: "704" })) as Response).status).toBe(403);
  });
});
