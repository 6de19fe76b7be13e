import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

const noOptions = { size: null, legLength: null, color: null, finish: null, logo: null };

/**
 * Wearer-pack items as GET /api/item?scope=manpack&…&includeAllocation=true&includeChildren=true answers them
 * (docs/upstream-api.md, decision 096), for Wes Wearer's budgets in ./wearers.ts (JKT "Jacket": 1 left; TRS
 * "Trousers": 4 left): a jacket charged to JKT, trousers in two sizes charged to TRS, gloves no budget limits.
 */
export function entitledItems(): Array<Record<string, unknown>> {
  const base = {
    description: "",
    longDesc: "",
    class: null,
    inStock: true,
    isSpecialOrder: false,
    hasFinish: false,
    isInactive: false,
    enStandards: [],
    features: [],
    images: {},
    defaultImage: null,
    quantityStep: 1,
    minimumSaleQuantity: 1,
    parent: null,
    matrixType: null,
  };
  const trousers = (internalId: string, size: string) => ({
    ...base,
    internalId,
    displayName: `Ward Trousers ${size}`,
    itemId: `WD-TRS-${size}`,
    slug: `wd-trs-${size}`,
    price: 18,
    parent: { internalId: "30010" },
    matrixType: "child",
    options: { ...noOptions, size, color: "Navy" },
    allocationType: "TRS",
    allocationTypeName: "Trousers",
    itemPoints: 20,
  });
  return [
    {
      ...base,
      internalId: "30001",
      displayName: "Storm Jacket",
      itemId: "ST-JKT",
      slug: "st-jkt",
      price: 30,
      options: noOptions,
      defaultImage: "/img/storm.jpg",
      allocationType: "JKT",
      allocationTypeName: "Jacket",
      itemPoints: 40,
      simples: [],
    },
    {
      ...base,
      internalId: "30010",
      displayName: "Ward Trousers",
      itemId: "WD-TRS",
      slug: "wd-trs",
      price: 18,
      matrixType: "parent",
      options: noOptions,
      images: { navy: ["/img/trs-navy.jpg"] },
      allocationType: "TRS",
      allocationTypeName: "Trousers",
      itemPoints: 20,
      simples: [trousers("30011", "30"), trousers("30012", "32")],
    },
    {
      ...base,
      internalId: "30020",
      displayName: "Nitrile Gloves (pair)",
      itemId: "GLV-NIT",
      slug: "glv-nit",
      price: 5,
      options: noOptions,
      quantityStep: 2,
      minimumSaleQuantity: 2,
      allocationType: null,
      allocationTypeName: null,
      itemPoints: 0,
      simples: [],
    },
  ];
}

/**
 * GET /api/item with scope=manpack and a contactId: the entitled items of a known contact (`contactIds`), else 404 as
 * the provider answers an unknown or another customer's contact. Every such query is recorded; other item calls fall
 * through to the handlers after these.
 */
export function entitlementHandlers(
  options: { items?: Array<Record<string, unknown>>; contactIds?: readonly string[] } = {},
) {
  const queries: URLSearchParams[] = [];
  const items = options.items ?? entitledItems();
  const handlers = [
    http.get(`${UPSTREAM}/api/item`, ({ request }) => {
      const p = new URL(request.url).searchParams;
      if (p.get("scope") !== "manpack" || !p.get("contactId")) return undefined;
      queries.push(p);
      const contactId = p.get("contactId") as string;
      if (options.contactIds && !options.contactIds.includes(contactId)) {
        return HttpResponse.json(
          { name: "NotFound", message: `Contact '${contactId}' not found`, code: 404 },
          { status: 404 },
        );
      }
      return HttpResponse.json({ total: items.length, limit: Number(p.get("$limit") ?? 16), skip: 0, data: items });
    }),
  ];
  return { handlers, queries };
}
