import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

type Options = {
  size?: string | null;
  color?: string | null;
  legLength?: string | null;
  finish?: string | null;
  logo?: string | null;
};

/** A GET /api/item entry as the provider sends it (docs/upstream-api.md). */
export function itemAnswer(
  id: number,
  overrides: Record<string, unknown> = {},
  simples: Array<{ id: number; options: Options; price?: number }> = [],
) {
  const base = {
    internalId: String(id),
    integerId: id,
    displayName: `Product ${id}`,
    itemId: `P${id}`,
    slug: `product-${id}`,
    description: `Description of product ${id}`,
    longDesc: "<p>long</p>",
    price: 10,
    class: { internalId: "12", name: "Hi-Vis Jackets" },
    parent: null,
    matrixType: simples.length ? "parent" : null,
    inStock: true,
    isSpecialOrder: false,
    isDropShip: false,
    hasFinish: false,
    isInactive: false,
    options: { size: null, legLength: null, color: null, finish: null, logo: null },
    enStandards: ["EN ISO 20471 Class 3"],
    features: [{ heading: "Waterproof", subheading: "Taped seams" }],
    images: { yellow: [`/images/products/p${id}-yellow.svg`] },
    defaultImage: `/images/products/p${id}-yellow.svg`,
    quantityStep: 1,
    minimumSaleQuantity: 1,
    ...overrides,
  };
  return {
    ...base,
    simples: simples.map((s) => ({
      ...base,
      internalId: String(s.id),
      integerId: s.id,
      itemId: `P${id}-${s.id}`,
      slug: `p${id}-${s.id}`,
      parent: { internalId: String(id) },
      matrixType: "child",
      price: s.price ?? base.price,
      options: { size: null, legLength: null, color: null, finish: null, logo: null, ...s.options },
    })),
  };
}

export const list = <T>(data: T[], total = data.length, limit = 16, skip = 0) => ({ total, limit, skip, data });

/** GET /api/item: `answer` sees each request's query; the default answers by slug from `items`. */
export function itemHandlers(
  options: {
    items?: ReturnType<typeof itemAnswer>[];
    seen?: URLSearchParams[];
    answer?: (q: URLSearchParams) => unknown;
  } = {},
) {
  const items = options.items ?? [];
  return [
    http.get(`${UPSTREAM}/api/item`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      options.seen?.push(q);
      if (options.answer) return HttpResponse.json(options.answer(q) as Record<string, unknown>);
      const slug = q.get("slug");
      const found = slug ? items.filter((i) => i.slug === slug) : items;
      return HttpResponse.json(list(found.slice(0, 16), found.length));
    }),
  ];
}
