import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

export const ADDRESSES = [
  {
    internalId: "701",
    label: "Head office",
    details: {
      addressee: "Goods in",
      addr1: "1 Mill Lane",
      addr2: null,
      city: "Leeds",
      zip: "LS1 4AP",
      addrText: null,
    },
  },
  {
    internalId: "702",
    label: "Depot",
    details: { addressee: null, addr1: "9 Dock Road", addr2: null, city: "Hull", zip: "HU1 2AB", addrText: null },
  },
];
export const SHIP_METHODS = [
  { internalId: "1", description: "Standard delivery", shippingflatrateamount: 5.95 },
  { internalId: "2", description: "Next day", shippingflatrateamount: "12.5" },
];

/** GET /api/order-quote answers for the 2 × £24.50 basket the checkout tests use, per ship method (decision 078). */
export const QUOTES: Record<string, Record<string, unknown>> = {
  "1": {
    forBasket: "stock",
    shippingMethod: "1",
    subTotal: 49,
    shippingCost: 5.95,
    taxTotal: 10.99,
    total: 65.94,
    totalPence: 6594,
    basketVersion: 1,
  },
  "2": {
    forBasket: "stock",
    shippingMethod: "2",
    subTotal: 49,
    shippingCost: 12.5,
    taxTotal: 12.3,
    total: 73.8,
    totalPence: 7380,
    basketVersion: 1,
  },
};

/** GET /api/order-quote?forBasket=manpack for the two packs the wearer-pack checkout tests use (decision 102). */
export const MANPACK_QUOTE = {
  forBasket: "manpack",
  shippingMethod: "1",
  subTotal: 67.5,
  shippingCost: 5.95,
  taxTotal: 14.69,
  total: 88.14,
  totalPence: 8814,
  basketVersion: 7,
  packs: [
    { contactId: "5102", addressId: "701", shippingMethod: "1", subTotal: 31.5 },
    { contactId: "5104", addressId: "701", shippingMethod: "2", subTotal: 36 },
  ],
};

export type PlacedCall = { body: Record<string, unknown>; idempotencyKey: string | null };

/** Free Delivery with a £150 minimum, as GET /api/carriage?forBasket=stock answers it for a £49 basket (decision 073). */
export const FREE_DELIVERY_FOR_49 = {
  internalId: "3",
  description: "Free Delivery – orders over £150",
  shippingflatrateamount: 0,
  minimumOrderAmount: 150,
  basketSubTotal: 49,
  available: false,
  amountNeeded: 101,
  refusal: "Free Delivery needs an order of £150.00 or more before VAT; this order is £49.00",
};

/**
 * GET /api/customer-address, GET /api/carriage, POST /api/order and GET /api/order/:id as the provider answers them
 * (docs/upstream-api.md), remembering each order body; a replayed Idempotency-Key answers the first order.
 * `usableAddresses`: the ids the provider answers `orderUse.stock` true for (default: all; decision 075);
 * `shipMethods`: the carriage answer (default SHIP_METHODS); `carriageQueries` records each carriage query string.
 */
export function checkoutHandlers(
  options: {
    orderAnswer?: Record<string, unknown>;
    /** The provider's refusal of every order (`field`: its data.field, e.g. "packs.1.items"). */
    orderError?: { status: number; message: string; field?: string };
    usableAddresses?: string[];
    shipMethods?: Array<Record<string, unknown>>;
    /** The quote's answer instead of QUOTES (an `error` answers that refusal). */
    quote?: Record<string, unknown> | { error: { status: number; message: string; field?: string } };
    /** The wearer-pack quote's answer instead of MANPACK_QUOTE (an `error` answers that refusal). */
    manpackQuote?: Record<string, unknown> | { error: { status: number; message: string; field?: string } };
  } = {},
) {
  const carriageQueries: string[] = [];
  const quoteQueries: string[] = [];
  const addresses = ADDRESSES.map((a, index) => {
    const usable = options.usableAddresses ? options.usableAddresses.includes(a.internalId) : true;
    return { ...a, isDefault: index === 0, orderUse: { stock: usable, wearerPack: usable } };
  });
  const shipMethods = options.shipMethods ?? SHIP_METHODS;
  const orders: PlacedCall[] = [];
  const byKey = new Map<string, Record<string, unknown>>();
  const answerFor = (n: number) => ({
    internalId: String(800 + n),
    tranId: `SO10${800 + n}`,
    orderStatus: "Pending Fulfillment",
    pendingWebApproval: false,
    subTotal: 49,
    shippingCost: 5.95,
    taxTotal: 10.99,
    shippingAddress: { addressee: "Goods in", addr1: "1 Mill Lane", city: "Leeds", zip: "LS1 4AP" },
    itemList: { item: [{ quantity: 2, item: { name: "Hi-Vis Jacket M" } }] },
    ...options.orderAnswer,
  });
  const handlers = [
    http.get(`${UPSTREAM}/api/customer-address`, () =>
      HttpResponse.json({ total: addresses.length, limit: 10000, skip: 0, data: addresses }),
    ),
    http.get(`${UPSTREAM}/api/carriage`, ({ request }) => {
      carriageQueries.push(new URL(request.url).search);
      return HttpResponse.json({ total: shipMethods.length, limit: 16, skip: 0, data: shipMethods });
    }),
    http.get(`${UPSTREAM}/api/order-quote`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      quoteQueries.push(query.toString());
      const answer =
        query.get("forBasket") === "manpack"
          ? (options.manpackQuote ?? MANPACK_QUOTE)
          : (options.quote ?? QUOTES[query.get("shippingMethod") ?? ""]);
      if (answer && "error" in answer) {
        const { status, message, field } = answer.error as { status: number; message: string; field?: string };
        return HttpResponse.json(
          { name: "BadRequest", message, code: status, data: field ? { field } : undefined },
          { status },
        );
      }
      if (!answer)
        return HttpResponse.json(
          { name: "BadRequest", message: 'Invalid value at field "shippingMethod": not available', code: 400 },
          { status: 400 },
        );
      return HttpResponse.json(answer);
    }),
    http.post(`${UPSTREAM}/api/order`, async ({ request }) => {
      const key = request.headers.get("idempotency-key");
      const body = (await request.json()) as Record<string, unknown>;
      orders.push({ body, idempotencyKey: key });
      if (key && byKey.has(key)) return HttpResponse.json(byKey.get(key), { status: 201 });
      if (options.orderError) {
        const { status, message, field } = options.orderError;
        return HttpResponse.json(
          {
            name: status === 403 ? "Forbidden" : "BadRequest",
            message,
            code: status,
            data: field ? { field } : undefined,
          },
          { status },
        );
      }
      if (body.orderType === "manpack" && (!Array.isArray(body.packs) || body.packs.length === 0)) {
        return HttpResponse.json(
          {
            name: "BadRequest",
            message: 'Invalid value at field "packs": at least one pack is needed',
            code: 400,
            data: { field: "packs" },
          },
          { status: 400 },
        );
      }
      if (body.orderType !== "manpack" && (!Array.isArray(body.items) || body.items.length === 0)) {
        return HttpResponse.json(
          { name: "BadRequest", message: 'Invalid value at field "items": at least one line is needed', code: 400 },
          { status: 400 },
        );
      }
      const answer = answerFor(byKey.size + 1);
      if (key) byKey.set(key, answer);
      return HttpResponse.json(answer, { status: 201 });
    }),
    http.get(`${UPSTREAM}/api/order/:id`, ({ params }) => {
      const found =
        [...byKey.values()].find((order) => order.internalId === params.id) ??
        (params.id === "801" ? answerFor(1) : null);
      if (!found)
        return HttpResponse.json({ name: "NotFound", message: "No record found", code: 404 }, { status: 404 });
      return HttpResponse.json(found);
    }),
  ];
  return { handlers, orders, carriageQueries, quoteQueries };
}
