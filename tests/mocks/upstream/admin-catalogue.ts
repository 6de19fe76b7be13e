import { http, HttpResponse } from "msw";
import type { AdminCall } from "./admin-session";
import { UPSTREAM } from "./fixtures";

/**
 * C21's my-catalogue and category-manager calls as the provider answers them (issue 21 items 1–2, decision 133):
 * GET/POST/PATCH/DELETE /api/admin/my-catalogue (customer 1001 only; 1002 has an empty one), GET /api/admin/product,
 * GET/PATCH /api/admin/category (the full tree, and customer 1001's my tree). The customers themselves come from
 * adminSessionHandlers. Every call is recorded with its token.
 */
const err = (status: number, name: string, message: string, errors?: Record<string, string>) =>
  HttpResponse.json({ name, code: status, message, ...(errors ? { errors } : {}) }, { status });

const product = (
  id: string,
  itemCode: string,
  displayName: string,
  price: number | null,
  className: string | null,
) => ({
  id,
  itemCode,
  displayName,
  price,
  image: null,
  isInactive: false,
  className,
});
export const PRODUCTS = [
  product("20001", "HV100", "Hi-Vis Vest Class 2", 4.95, "Hi-Vis Vests"),
  product("20002", "HV200", "Hi-Vis Jacket", 24.5, "Hi-Vis Jackets"),
  product("20003", "BT100", "Safety Boot", 39, "Boots"),
  product("20004", "GL100", "Rigger Glove", null, "Gloves"),
];
const VARIANT_ID = "20011";

type Node = {
  id: string;
  name: string;
  slug: string;
  fullSlug: string;
  type: string;
  customerId: string | null;
  parentId: string | null;
  position: number;
  displayOrder: number;
  isHidden: boolean;
  itemCount: number;
  children: Node[];
};
const node = (
  id: string,
  name: string,
  slug: string,
  parentId: string | null,
  children: Node[] = [],
  more: Partial<Node> = {},
): Node => ({
  id,
  name,
  slug,
  fullSlug: slug,
  type: "full",
  customerId: null,
  parentId,
  position: 1,
  displayOrder: 0,
  isHidden: false,
  itemCount: 2,
  children,
  ...more,
});
/** 10 Hi-Vis Clothing > (101 Hi-Vis Vests, 102 Hi-Vis Jackets), 20 Footwear > 201 Boots, 30 Gloves (hidden). */
export function fullTree(): Node[] {
  const roots = [
    node("10", "Hi-Vis Clothing", "hi-vis", null, [
      node("101", "Hi-Vis Vests", "vests", "10"),
      node("102", "Hi-Vis Jackets", "jackets", "10"),
    ]),
    node("20", "Footwear", "footwear", null, [node("201", "Boots", "boots", "20")]),
    node("30", "Gloves", "gloves", null, [], { isHidden: true }),
  ];
  const number = (list: Node[], prefix = "") =>
    list.forEach((n, i) => {
      n.position = i + 1;
      n.displayOrder = i;
      n.fullSlug = prefix ? `${prefix}/${n.slug}` : n.slug;
      number(n.children, n.fullSlug);
    });
  number(roots);
  return roots;
}
const MY_TREE = [
  node("1101", "Hi-Vis Vests", "vests", null, [], { type: "my", customerId: "1001" }),
  node("1102", "Hi-Vis Jackets", "jackets", null, [], { type: "my", customerId: "1001", position: 2 }),
];

export function adminCatalogueHandlers() {
  const calls: AdminCall[] = [];
  // customer 1001's my catalogue, in order
  const mine = [PRODUCTS[0], PRODUCTS[1], PRODUCTS[2]];
  const entry = (p: (typeof PRODUCTS)[number], i: number) => ({
    position: i + 1,
    item: {
      id: p.id,
      itemCode: p.itemCode,
      displayName: p.displayName,
      price: p.price,
      image: null,
      isInactive: false,
    },
    categories: p.className ? [{ id: "1101", name: p.className }] : [],
  });
  const list = () => ({ total: mine.length, limit: 100, skip: 0, data: mine.map(entry) });
  const tree = fullTree();
  const all = (): Node[] => {
    const out: Node[] = [];
    const walk = (l: Node[]) => l.forEach((n) => (out.push(n), walk(n.children)));
    walk(tree);
    return out;
  };
  const record = async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown = undefined;
    if (request.method !== "GET" && request.method !== "DELETE") body = await request.json().catch(() => undefined);
    const auth = request.headers.get("authorization");
    calls.push({
      method: request.method,
      path: url.pathname,
      token: auth ? auth.replace(/^Bearer /, "") : null,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    return url;
  };
  const knownCustomer = (id: string | null) =>
    id === "1001" || id === "1002" ? null : err(404, "NotFound", `Customer '${id}' not found`);
  const handlers = [
    http.get(`${UPSTREAM}/api/admin/my-catalogue`, async ({ request }) => {
      const url = await record(request);
      const customerId = url.searchParams.get("customerId");
      if (!customerId)
        return err(400, "BadRequest", 'Invalid value at field "customerId": Required', { customerId: "Required" });
      const unknown = knownCustomer(customerId);
      if (unknown) return unknown;
      return HttpResponse.json(customerId === "1001" ? list() : { total: 0, limit: 100, skip: 0, data: [] });
    }),
    http.post(`${UPSTREAM}/api/admin/my-catalogue`, async ({ request }) => {
      await record(request);
      const body = calls.at(-1)!.body as { customerId: string; itemId: string; categoryId?: string };
      const unknown = knownCustomer(body.customerId);
      if (unknown) return unknown;
      if (body.itemId === VARIANT_ID)
        return err(400, "BadRequest", 'Invalid value at field "itemId"', {
          itemId: "must be a product, not a variant",
        });
      const p = PRODUCTS.find((x) => x.id === body.itemId);
      if (!p) return err(404, "NotFound", `Product '${body.itemId}' not found`);
      if (body.categoryId && !MY_TREE.some((c) => c.id === body.categoryId)) {
        return err(400, "BadRequest", 'Invalid value at field "categoryId"', {
          categoryId: "must be one of this customer's my categories",
        });
      }
      if (!body.categoryId && p.className === "Gloves") {
        return err(400, "BadRequest", 'Invalid value at field "categoryId"', {
          categoryId: "Choose a category: this customer has no my category named 'Gloves'",
        });
      }
      if (mine.some((x) => x.id === p.id))
        return err(409, "Conflict", "This product is already in this customer's my catalogue");
      mine.push(p);
      return HttpResponse.json(entry(p, mine.length - 1), { status: 201 });
    }),
    http.patch(`${UPSTREAM}/api/admin/my-catalogue/:itemId`, async ({ request, params }) => {
      const url = await record(request);
      const unknown = knownCustomer(url.searchParams.get("customerId"));
      if (unknown) return unknown;
      const at = mine.findIndex((x) => x.id === params.itemId);
      if (at < 0) return err(404, "NotFound", `Product '${params.itemId}' is not in this customer's my catalogue`);
      const { move } = calls.at(-1)!.body as { move: "up" | "down" };
      const to = move === "up" ? at - 1 : at + 1;
      if (to >= 0 && to < mine.length) [mine[at], mine[to]] = [mine[to], mine[at]];
      return HttpResponse.json(list());
    }),
    http.delete(`${UPSTREAM}/api/admin/my-catalogue/:itemId`, async ({ request, params }) => {
      const url = await record(request);
      const customerId = url.searchParams.get("customerId");
      const unknown = knownCustomer(customerId);
      if (unknown) return unknown;
      const at = mine.findIndex((x) => x.id === params.itemId);
      if (at < 0) return err(404, "NotFound", `Product '${params.itemId}' is not in this customer's my catalogue`);
      mine.splice(at, 1);
      return HttpResponse.json({ customerId, itemId: params.itemId, removed: true });
    }),
    http.get(`${UPSTREAM}/api/admin/product`, async ({ request }) => {
      const url = await record(request);
      const q = url.searchParams.get("q")?.toLowerCase() ?? "";
      const found = PRODUCTS.filter((p) => `${p.displayName} ${p.itemCode}`.toLowerCase().includes(q));
      return HttpResponse.json({ total: found.length, limit: 16, skip: 0, data: found });
    }),
    http.get(`${UPSTREAM}/api/admin/category`, async ({ request }) => {
      const url = await record(request);
      const type = url.searchParams.get("type") ?? "full";
      if (type === "my") {
        const unknown = knownCustomer(url.searchParams.get("customerId"));
        if (unknown) return unknown;
        const roots = url.searchParams.get("customerId") === "1001" ? MY_TREE : [];
        return HttpResponse.json({ total: roots.length, limit: roots.length, skip: 0, data: roots });
      }
      return HttpResponse.json({ total: tree.length, limit: tree.length, skip: 0, data: tree });
    }),
    http.patch(`${UPSTREAM}/api/admin/category/:id`, async ({ request, params }) => {
      await record(request);
      const n = all().find((x) => x.id === params.id);
      if (!n) return err(404, "NotFound", `Category '${params.id}' not found`);
      const body = calls.at(-1)!.body as { name?: string; isHidden?: boolean; parentId?: string | null; move?: string };
      if (body.parentId !== undefined && body.parentId !== null) {
        const below = new Set<string>();
        const walk = (x: Node) => (below.add(x.id), x.children.forEach(walk));
        walk(n);
        if (below.has(body.parentId)) {
          return err(400, "BadRequest", 'Invalid value at field "parentId"', {
            parentId: "A category cannot be moved under itself or one of its own subcategories",
          });
        }
        if (body.parentId === "20" && n.slug === "boots")
          return err(409, "Conflict", "A category with this address already exists there");
        if (!all().some((x) => x.id === body.parentId))
          return err(404, "NotFound", `Category '${body.parentId}' not found`);
      }
      if (body.name !== undefined) n.name = body.name;
      if (body.isHidden !== undefined) n.isHidden = body.isHidden;
      if (body.parentId !== undefined) n.parentId = body.parentId;
      return HttpResponse.json({ ...n, path: [] });
    }),
  ];
  return { handlers, calls, mine, tree };
}
