import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/** An order as GET /api/order/:id answers it (docs/upstream-api.md), Northwind's by default. */
export function orderAnswer(overrides: Record<string, unknown> = {}) {
  return {
    internalId: "3",
    tranId: "SO100003",
    otherRefNum: "PO-3",
    createdDate: "2026-10-03T10:00:00.000Z",
    shipDate: null,
    orderStatus: "Pending Approval",
    status: "Pending Approval",
    salesOrderType: { internalId: "2" },
    subTotal: 20,
    shippingCost: 5.95,
    taxTotal: 5.19,
    contact: { internalId: "5002", name: "Rory Requester" },
    shippingAddress: {
      internalId: "701",
      addressee: "Northwind Depot",
      addr1: "Northwind Depot House",
      addr2: "",
      city: "Leeds",
      zip: "LS1 4AP",
      addrText: "",
    },
    message: "Gate 3",
    webRejected: false,
    pendingWebApproval: true,
    rejectionNote: null,
    pickingNote: null,
    orderToApprove: true,
    approval: null,
    itemList: {
      item: [
        {
          line: 1,
          item: { internalId: "20002", name: "Hi-Vis Jacket M" },
          itemId: "HV-JKT-M",
          quantity: 2,
          quantityFulfilled: 0,
          rate: 10,
          amount: 20,
          shipAddress: { internalId: "701", name: "Northwind Depot" },
        },
      ],
    },
    shipGroupList: {
      shipGroup: [
        { destinationAddressRef: { internalId: "701" }, destinationAddress: "Northwind Depot House, Leeds LS1 4AP" },
      ],
    },
    despatches: [],
    ...overrides,
  };
}

/**
 * A wearer-pack order as the provider answers it (issue 15 item 8): Harbour's, two wearers, Hal's lines to the hospital
 * and Bo's to the clinic, so two ship groups and no order-level shippingAddress.
 */
export function wearerPackOrderAnswer(overrides: Record<string, unknown> = {}) {
  const line = (
    line: number,
    id: string,
    name: string,
    code: string,
    quantity: number,
    employee: { internalId: string; name: string },
    to: { internalId: string; name: string },
  ) => ({
    line,
    item: { internalId: id, name },
    itemId: code,
    quantity,
    quantityFulfilled: 0,
    rate: 15.75,
    amount: 15.75 * quantity,
    employee,
    shipAddress: to,
  });
  const hal = { internalId: "5102", name: "Hal Harbour" };
  const bo = { internalId: "5104", name: "Bo Bandb" };
  const hospital = { internalId: "702", name: "Harbour Hospital" };
  const clinic = { internalId: "703", name: "Harbour Clinic" };
  return orderAnswer({
    internalId: "60",
    tranId: "SO100060",
    salesOrderType: { internalId: "1" },
    isWearerPack: true,
    contact: { internalId: "5103", name: "Mo Manpack" },
    shippingAddress: null,
    pendingWebApproval: false,
    orderToApprove: false,
    orderStatus: "Pending Fulfillment",
    status: "Pending Fulfillment",
    subTotal: 78.75,
    itemList: {
      item: [
        line(1, "20030", "Ward Tunic", "WD-TUN", 2, hal, hospital),
        line(2, "20031", "Ward Trousers", "WD-TRS", 1, bo, clinic),
        line(3, "20032", "Clog", "CL-001", 1, hal, hospital),
        line(4, "20030", "Ward Tunic", "WD-TUN", 1, bo, clinic),
      ],
    },
    shipGroupList: {
      shipGroup: [
        {
          destinationAddressRef: { internalId: "702" },
          destinationAddress: "Harbour Hospital\nHarbour Hospital House, Leeds LS1 4AP",
        },
        { destinationAddressRef: { internalId: "703" }, destinationAddress: "Clinic Lane, York YO1 7HH" },
      ],
    },
    ...overrides,
  });
}

export type OrderCalls = { lists: URLSearchParams[]; patches: Array<{ id: string; body: unknown }> };

/**
 * The provider's order calls over a small in-memory store: listing records its query, GET by id of
 * an unknown id is 404 (another customer's), PATCH decides once and answers 409 after that.
 */
export function orderHandlers(orders = [orderAnswer()], calls: OrderCalls = { lists: [], patches: [] }) {
  const store = new Map(orders.map((o) => [String(o.internalId), { ...o }]));
  return [
    http.get(`${UPSTREAM}/api/order`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.lists.push(params);
      const limit = Number(params.get("$limit") ?? 16);
      const skip = Number(params.get("$skip") ?? 0);
      const all = [...store.values()];
      return HttpResponse.json({ total: all.length, limit, skip, data: all.slice(skip, skip + limit) });
    }),
    http.get(`${UPSTREAM}/api/order/:id`, ({ params }) => {
      const order = store.get(String(params.id));
      return order
        ? HttpResponse.json(order)
        : HttpResponse.json(
            { name: "NotFound", message: `Order '${params.id}' not found`, code: 404 },
            { status: 404 },
          );
    }),
    http.patch(`${UPSTREAM}/api/order/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { decision: string; note?: string; addressId?: string };
      calls.patches.push({ id: String(params.id), body });
      const order = store.get(String(params.id));
      if (!order)
        return HttpResponse.json({ name: "NotFound", message: "Order not found", code: 404 }, { status: 404 });
      if (body.addressId !== undefined) {
        if (order.despatches.length > 0) {
          return HttpResponse.json(
            {
              name: "Conflict",
              message: `Order ${order.tranId} has already been despatched; its address cannot be changed`,
              code: 409,
            },
            { status: 409 },
          );
        }
        order.shippingAddress = { ...order.shippingAddress, internalId: body.addressId };
        return HttpResponse.json(order);
      }
      if (!order.pendingWebApproval) {
        const decided = order.webRejected ? "rejected" : "approved";
        return HttpResponse.json(
          { name: "Conflict", message: `Order ${order.tranId} has already been ${decided}`, code: 409 },
          { status: 409 },
        );
      }
      const decided =
        body.decision === "approve"
          ? {
              orderStatus: "Pending Fulfillment",
              pendingWebApproval: false,
              orderToApprove: false,
              approval: { decision: "approved" },
            }
          : {
              orderStatus: "Closed",
              pendingWebApproval: false,
              webRejected: true,
              rejectionNote: body.note,
              orderToApprove: false,
              approval: { decision: "rejected" },
            };
      Object.assign(order, decided);
      return HttpResponse.json(order);
    }),
    http.get(`${UPSTREAM}/api/despatch/:id`, ({ params }) => {
      for (const order of store.values()) {
        const despatch = order.despatches.find((d: { internalId: string }) => d.internalId === params.id);
        if (despatch) return HttpResponse.json(despatch);
      }
      return HttpResponse.json({ name: "NotFound", message: "Despatch not found", code: 404 }, { status: 404 });
    }),
    http.get(`${UPSTREAM}/api/contact`, () =>
      HttpResponse.json({
        total: 1,
        limit: 10000,
        skip: 0,
        data: [{ internalId: "5004", firstName: "Ann", lastName: "Smith" }],
      }),
    ),
    http.get(`${UPSTREAM}/api/department`, () =>
      HttpResponse.json({ total: 1, limit: 10000, skip: 0, data: [{ internalId: "301", name: "Facilities" }] }),
    ),
    http.get(`${UPSTREAM}/api/customer-address`, () =>
      HttpResponse.json({ total: 1, limit: 10000, skip: 0, data: [{ internalId: "701", label: "Northwind Depot" }] }),
    ),
    // the order history's filter choices in one call (decision 094)
    http.get(`${UPSTREAM}/api/order-filter-options`, () =>
      HttpResponse.json({
        contacts: [{ internalId: "5004", firstName: "Ann", lastName: "Smith" }],
        departments: [{ internalId: "301", name: "Facilities" }],
        addresses: [{ internalId: "701", label: "Northwind Depot" }],
      }),
    ),
  ];
}
