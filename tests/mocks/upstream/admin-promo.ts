import { http, HttpResponse } from "msw";
import { checkPromoImage } from "~/domain/promo-image";
import { UPSTREAM } from "./fixtures";

/**
 * R21b's promotion calls as C21 §3 answers them: GET/POST/PATCH/DELETE /api/admin/promotion, GET /api/admin/sector,
 * GET /api/admin/product, GET /api/admin/customer (the pickers) and the customer-facing GET /api/promotion. A variant
 * (20011) → 400 at itemId; unknown ids → 404 with C21's messages. Every query and write is recorded.
 * `forbid`: every admin call answers 403 as it does for a caller who is not an evolve user.
 */
type Ref = { id: string; name: string } | null;
export type MockPromotion = {
  id: string;
  kind: string;
  title: string;
  text: string;
  image: string | null;
  link: string | null;
  item: { id: string; itemCode: string; displayName: string } | null;
  startsOn: string;
  endsOn: string;
  status: string;
  audience: string;
  sector: Ref;
  customer: Ref;
  position: number;
  createdAt: string;
  updatedAt: string;
};

export function promotion(n: number, more: Record<string, unknown> = {}): MockPromotion {
  return {
    id: String(n),
    kind: n % 2 === 0 ? "featured" : "banner",
    title: `Promotion ${n}`,
    text: `Text ${n}`,
    image: n === 1 ? "/images/winter.jpg" : null,
    link: n === 1 ? "/categories/hi-vis" : null,
    item: n % 2 === 0 ? { id: "20001", itemCode: "HV100", displayName: "Hi-Vis Vest" } : null,
    startsOn: "2026-11-20",
    endsOn: "2026-11-30",
    status: "live",
    audience: "all",
    sector: null,
    customer: null,
    position: n,
    createdAt: "2026-11-19T09:00:00.000Z",
    updatedAt: "2026-11-19T09:00:00.000Z",
    ...more,
  } as MockPromotion;
}

export const SECTORS = [
  { id: "2", name: "Facilities", customerCount: 2 },
  { id: "1", name: "Healthcare", customerCount: 1 },
];
export const PRODUCTS = [
  {
    id: "20001",
    itemCode: "HV100",
    displayName: "Hi-Vis Vest",
    price: 4.95,
    image: null,
    isInactive: false,
    className: "Hi-Vis Vests",
  },
  {
    id: "20002",
    itemCode: "HV200",
    displayName: "Hi-Vis Jacket",
    price: 19.5,
    image: null,
    isInactive: false,
    className: "Hi-Vis Jackets",
  },
];
const CUSTOMERS = [
  { id: "1002", name: "Harbour Health Trust", userCount: 3 },
  { id: "1001", name: "Northwind Facilities", userCount: 5 },
];

type Write = { method: string; path: string; body: unknown };
type Live = {
  id: string;
  kind: string;
  title: string;
  text: string;
  image: string | null;
  link: string | null;
  itemId: string | null;
};

export function adminPromoHandlers(
  options: { promotions?: number; forbid?: boolean; live?: Live[]; refuseImages?: string } = {},
) {
  const promotions = new Map<string, MockPromotion>(
    Array.from({ length: options.promotions ?? 3 }, (_, i) => [String(i + 1), promotion(i + 1)] as const),
  );
  const queries: Record<"promotions" | "products" | "customers" | "sectors" | "live", URLSearchParams[]> = {
    promotions: [],
    products: [],
    customers: [],
    sectors: [],
    live: [],
  };
  const writes: Write[] = [];
  /** The images kept, as the provider keeps them (decision 165): by id, their bytes and the type their bytes say. */
  const images = new Map<string, { bytes: Uint8Array; type: string }>();
  const bad = (errors: Record<string, string>) => {
    const [field, message] = Object.entries(errors)[0];
    return HttpResponse.json(
      {
        name: "BadRequest",
        code: 400,
        className: "bad-request",
        message: `Invalid value at field "${field}": ${message}`,
        errors,
      },
      { status: 400 },
    );
  };
  const notFound = (message: string) => HttpResponse.json({ name: "NotFound", code: 404, message }, { status: 404 });
  const forbidden = () =>
    HttpResponse.json(
      { name: "Forbidden", message: "Only provider staff may use the admin area", code: 403 },
      { status: 403 },
    );
  const page = <T>(data: T[], params: URLSearchParams, fallback: number) => {
    const limit = Number(params.get("$limit") ?? fallback);
    const skip = Number(params.get("$skip") ?? 0);
    if (!(limit >= 1 && limit <= 100)) return bad({ $limit: "must be between 1 and 100" });
    return HttpResponse.json({ total: data.length, limit, skip, data: data.slice(skip, skip + limit) });
  };
  const record = async (request: Request) => {
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const ordered = () => [...promotions.values()].sort((a, b) => a.position - b.position);
  /** The body's references checked as the provider does: a variant → 400, unknown → 404; else the resolved parts. */
  const resolve = (body: Record<string, unknown>) => {
    if (body.itemId === "20011") return { refused: bad({ itemId: "must be a product, not a variant" }) };
    if (typeof body.title === "string" && body.title.includes("<"))
      return { refused: bad({ title: "must not hold markup" }) };
    const item = body.itemId ? PRODUCTS.find((p) => p.id === body.itemId) : null;
    if (body.itemId && !item) return { refused: notFound(`Product '${String(body.itemId)}' not found`) };
    const sector = body.sectorId ? SECTORS.find((s) => s.id === body.sectorId) : null;
    if (body.sectorId && !sector) return { refused: notFound(`Sector '${String(body.sectorId)}' not found`) };
    const customer = body.customerId ? CUSTOMERS.find((c) => c.id === body.customerId) : null;
    if (body.customerId && !customer) return { refused: notFound(`Customer '${String(body.customerId)}' not found`) };
    return {
      parts: {
        ...(item !== undefined
          ? { item: item ? { id: item.id, itemCode: item.itemCode, displayName: item.displayName } : null }
          : {}),
        sector: sector ? { id: sector.id, name: sector.name } : null,
        customer: customer ? { id: customer.id, name: customer.name } : null,
      },
    };
  };
  const handlers = [
    http.get(`${UPSTREAM}/api/admin/promotion`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.promotions.push(params);
      if (options.forbid) return forbidden();
      const found = ordered().filter(
        (p) =>
          (!params.get("status") || p.status === params.get("status")) &&
          (!params.get("kind") || p.kind === params.get("kind")),
      );
      return page(found, params, 50);
    }),
    http.get(`${UPSTREAM}/api/admin/promotion/:id`, ({ params }) => {
      if (options.forbid) return forbidden();
      const found = promotions.get(String(params.id));
      return found ? HttpResponse.json(found) : notFound(`Promotion '${String(params.id)}' not found`);
    }),
    http.post(`${UPSTREAM}/api/admin/promotion`, async ({ request }) => {
      if (options.forbid) return forbidden();
      const body = await record(request);
      const { refused, parts } = resolve(body);
      if (refused) return refused;
      const id = String(promotions.size + 10);
      const { itemId: _i, sectorId: _s, customerId: _c, ...rest } = body;
      const created = promotion(Number(id), {
        ...rest,
        item: null,
        ...parts,
        status: "scheduled",
        position: promotions.size + 1,
      });
      promotions.set(id, created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${UPSTREAM}/api/admin/promotion/:id`, async ({ request, params }) => {
      if (options.forbid) return forbidden();
      const body = await record(request);
      const found = promotions.get(String(params.id));
      if (!found) return notFound(`Promotion '${String(params.id)}' not found`);
      if (body.move === "up" || body.move === "down") {
        const list = ordered();
        const at = list.findIndex((p) => p.id === found.id);
        const other = list[body.move === "up" ? at - 1 : at + 1];
        if (other) [found.position, other.position] = [other.position, found.position];
        return HttpResponse.json(found);
      }
      const { refused, parts } = resolve(body);
      if (refused) return refused;
      const { itemId: _i, sectorId: _s, customerId: _c, ...rest } = body;
      const changed = { ...found, ...rest, ...parts } as MockPromotion;
      promotions.set(found.id, changed);
      return HttpResponse.json(changed);
    }),
    http.delete(`${UPSTREAM}/api/admin/promotion/:id`, async ({ request, params }) => {
      if (options.forbid) return forbidden();
      await record(request);
      const found = promotions.get(String(params.id));
      if (!found) return notFound(`Promotion '${String(params.id)}' not found`);
      promotions.delete(found.id);
      return HttpResponse.json(found);
    }),
    http.get(`${UPSTREAM}/api/admin/sector`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.sectors.push(params);
      if (options.forbid) return forbidden();
      return page(
        [...SECTORS].sort((a, b) => a.name.localeCompare(b.name)),
        params,
        100,
      );
    }),
    http.get(`${UPSTREAM}/api/admin/product`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.products.push(params);
      if (options.forbid) return forbidden();
      const q = (params.get("q") ?? "").toLowerCase();
      return page(
        PRODUCTS.filter((p) => `${p.displayName} ${p.itemCode}`.toLowerCase().includes(q)),
        params,
        16,
      );
    }),
    http.get(`${UPSTREAM}/api/admin/customer`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.customers.push(params);
      if (options.forbid) return forbidden();
      const q = (params.get("q") ?? "").toLowerCase();
      return page(
        CUSTOMERS.filter((c) => c.name.toLowerCase().includes(q)),
        params,
        16,
      );
    }),
    // the image's bytes as the body, checked by the provider's own rule (app/domain/promo-image.ts); `refuseImages`
    // is a refusal of the provider's that the portal's check cannot foresee
    http.post(`${UPSTREAM}/api/admin/promotion-image`, async ({ request }) => {
      if (options.forbid) return forbidden();
      const bytes = new Uint8Array(await request.arrayBuffer());
      writes.push({
        method: "POST",
        path: "/api/admin/promotion-image",
        body: { contentType: request.headers.get("content-type"), size: bytes.length },
      });
      if (options.refuseImages) return bad({ image: options.refuseImages });
      const checked = checkPromoImage(bytes);
      if (!checked.ok) return bad({ image: checked.message });
      const id = images.size + 1;
      images.set(String(id), { bytes, type: checked.contentType });
      return HttpResponse.json({ id, contentType: checked.contentType, size: bytes.length }, { status: 201 });
    }),
    http.get(`${UPSTREAM}/api/promotion-image/:id`, ({ params }) => {
      const image = images.get(String(params.id));
      if (!image) return notFound(`Promotion image '${String(params.id)}' not found`);
      return new HttpResponse(image.bytes, {
        headers: {
          "Content-Type": image.type,
          "Content-Length": String(image.bytes.length),
          "Cache-Control": "private, max-age=31536000, immutable",
        },
      });
    }),
    http.get(`${UPSTREAM}/api/promotion`, ({ request }) => {
      queries.live.push(new URL(request.url).searchParams);
      const live = options.live ?? [];
      return HttpResponse.json({ total: live.length, data: live });
    }),
  ];
  return { handlers, queries, writes, promotions, images };
}
