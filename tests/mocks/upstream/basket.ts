import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/** Catalogue items as GET /api/item/:id answers them (docs/upstream-api.md). */
export const ITEMS = {
  jacketM: {
    internalId: "20002",
    displayName: "Hi-Vis Jacket M",
    itemId: "HV-JKT-M",
    slug: "hv-jkt-m",
    price: 24.5,
    parent: { internalId: "20001" },
    matrixType: "child",
    quantityStep: 1,
    minimumSaleQuantity: 1,
    isInactive: false,
    options: { size: "M", color: "Yellow", legLength: null, finish: null, logo: null },
    images: { yellow: ["/img/hvj-y.jpg"] },
    defaultImage: null,
  },
  gloves: {
    internalId: "20010",
    displayName: "Rigger Gloves (pack of 2)",
    itemId: "GLV-RIG",
    slug: "glv-rig",
    price: 6,
    parent: null,
    matrixType: null,
    quantityStep: 2,
    minimumSaleQuantity: 2,
    isInactive: false,
    options: null,
    images: null,
    defaultImage: "/img/gloves.jpg",
  },
  jacketParent: {
    internalId: "20001",
    displayName: "Hi-Vis Jacket",
    itemId: "HV-JKT",
    slug: "hv-jkt",
    price: 24.5,
    parent: null,
    matrixType: "parent",
    quantityStep: 1,
    minimumSaleQuantity: 1,
    isInactive: false,
    options: null,
    images: null,
    defaultImage: null,
  },
} as const;

/** Wearer-pack items as GET /api/item answers them with includeAllocation (issue 15): what each charges an allowance. */
export const PACK_ITEMS = {
  tunic: {
    internalId: "20030",
    displayName: "Ward Tunic M",
    itemId: "WD-TUN-M",
    slug: "wd-tun-m",
    price: 18,
    parent: { internalId: "20029" },
    matrixType: "child",
    quantityStep: 1,
    minimumSaleQuantity: 1,
    isInactive: false,
    options: { size: "M", color: "Navy", legLength: null, finish: null, logo: null },
    images: null,
    defaultImage: "/img/tunic.jpg",
    allocationType: "JKT",
    allocationTypeName: "Jacket",
    itemPoints: 10,
  },
  trousers: {
    internalId: "20031",
    displayName: "Ward Trousers",
    itemId: "WD-TRS",
    slug: "wd-trs",
    price: 15,
    parent: null,
    matrixType: null,
    quantityStep: 1,
    minimumSaleQuantity: 1,
    isInactive: false,
    options: null,
    images: null,
    defaultImage: null,
    allocationType: "TRS",
    allocationTypeName: "Trousers",
    itemPoints: 5,
  },
  socks: {
    internalId: "20032",
    displayName: "Ward Socks (pack of 2)",
    itemId: "WD-SCK",
    slug: "wd-sck",
    price: 4,
    parent: null,
    matrixType: null,
    quantityStep: 2,
    minimumSaleQuantity: 2,
    isInactive: false,
    options: null,
    images: null,
    defaultImage: null,
    allocationType: null,
    allocationTypeName: null,
    itemPoints: 2,
  },
} as const;

/**
 * GET /api/contact?internalId[$in]=…&$limit=n as the wearer-pack basket asks it: the contacts with those ids, inactive
 * ones too; every such query is recorded. A contact query without internalId[$in] passes on to the next handler.
 */
export function packWearerHandlers(wearers: ReadonlyArray<{ internalId: string }>) {
  const queries: URLSearchParams[] = [];
  const handlers = [
    http.get(`${UPSTREAM}/api/contact`, ({ request }) => {
      const p = new URL(request.url).searchParams;
      const ids = p.get("internalId[$in]")?.split(",");
      if (!ids) return undefined;
      queries.push(p);
      const data = wearers.filter((w) => ids.includes(w.internalId));
      return HttpResponse.json({ total: data.length, limit: Number(p.get("$limit") ?? 16), skip: 0, data });
    }),
  ];
  return { handlers, queries };
}

type Item = (typeof ITEMS)[keyof typeof ITEMS] | Record<string, unknown>;
export type BasketStore = {
  state: Record<string, unknown> & { stock: Array<Record<string, unknown>>; manpack: unknown[] };
  /** Every PATCH body sent to /api/basket-session, in order. */
  patches: unknown[];
  reorders: unknown[];
};

export function emptyBasket(): BasketStore["state"] {
  return { selectedBasketType: "stock-order-basket", stock: [], manpack: [], instructions: { stock: "", manpack: "" } };
}

/** Handlers for /api/basket-session, /api/item and /api/re-order over an in-memory basket. */
export function basketHandlers(
  options: { store?: BasketStore; items?: Item[]; reorder?: Record<string, unknown> } = {},
) {
  const store = options.store ?? { state: emptyBasket(), patches: [], reorders: [] };
  const items = new Map((options.items ?? Object.values(ITEMS)).map((item) => [String(item.internalId), item]));
  const handlers = [
    http.get(`${UPSTREAM}/api/basket-session`, () => HttpResponse.json(store.state)),
    http.patch(`${UPSTREAM}/api/basket-session`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      store.patches.push(body);
      store.state = { ...store.state, ...body } as BasketStore["state"];
      return HttpResponse.json(store.state);
    }),
    http.get(`${UPSTREAM}/api/item/:id`, ({ params }) => {
      const item = items.get(String(params.id));
      if (!item)
        return HttpResponse.json(
          { name: "NotFound", message: `No record found for id '${params.id}'`, code: 404 },
          { status: 404 },
        );
      return HttpResponse.json(item);
    }),
    http.get(`${UPSTREAM}/api/item`, ({ request }) => {
      const url = new URL(request.url);
      const ids = url.searchParams.get("internalId[$in]")?.split(",");
      const code = url.searchParams.get("itemId");
      const data = [...items.values()].filter((item) =>
        ids
          ? ids.includes(String(item.internalId))
          : code
            ? String(item.itemId).toLowerCase() === code.toLowerCase()
            : true,
      );
      return HttpResponse.json({ total: data.length, limit: 16, skip: 0, data });
    }),
    http.post(`${UPSTREAM}/api/re-order`, async ({ request }) => {
      const body = (await request.json()) as { orderId: string };
      store.reorders.push(body);
      if (!options.reorder || body.orderId !== options.reorder.orderId) {
        return HttpResponse.json(
          { name: "NotFound", message: `Order '${body.orderId}' not found`, code: 404 },
          { status: 404 },
        );
      }
      return HttpResponse.json(options.reorder, { status: 201 });
    }),
  ];
  return { store, handlers };
}
