import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

export type PunchoutRecord = Record<string, unknown> & { id: number };

/** A punched-out saved basket as GET /api/saved-basket/:id answers an approver (docs/upstream-api.md). */
export function punchoutBasket(overrides: Partial<PunchoutRecord> = {}): PunchoutRecord {
  return {
    id: 650,
    basket_name: "Ariba requisition 4471",
    checked_out: 0,
    address_id: "701",
    is_punchout: 1,
    punchout_approved: 0,
    user: { id: 2, firstName: "Priya", lastName: "Sharma", email: "requester@demo.test" },
    created_at: "2026-11-20T09:30:00.000Z",
    updated_at: "2026-11-20T09:30:00.000Z",
    itemsArray: [
      { internalId: "20002", parent: "20001", price: 24.5, qty: 2, name: "Hi-Vis Jacket M", thumbnail: null },
      { internalId: "20010", parent: null, price: 6, qty: 4, name: "Rigger Gloves (pack of 2)", thumbnail: null },
    ],
    ...overrides,
  };
}

export type PunchoutCalls = {
  lists: URLSearchParams[];
  /** PATCH /api/saved-basket/:id bodies, with the id. */
  patches: Array<{ id: string; body: unknown }>;
};

/**
 * GET /api/saved-basket (list and :id) and PATCH /api/saved-basket/:id over the given baskets. `approve` decides the
 * PATCH answer: "ok" approves, or an HTTP status to fail with.
 */
export function punchoutBasketHandlers(baskets: PunchoutRecord[], options: { approve?: "ok" | number } = {}) {
  const calls: PunchoutCalls = { lists: [], patches: [] };
  const handlers = [
    http.get(`${UPSTREAM}/api/saved-basket`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.lists.push(query);
      return HttpResponse.json({ total: baskets.length, limit: 16, skip: 0, data: baskets });
    }),
    http.get(`${UPSTREAM}/api/saved-basket/:id`, ({ params }) => {
      const found = baskets.find((b) => String(b.id) === params.id);
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json(
            { name: "NotFound", message: `Saved basket '${params.id}' not found`, code: 404 },
            { status: 404 },
          );
    }),
    http.patch(`${UPSTREAM}/api/saved-basket/:id`, async ({ params, request }) => {
      const body = await request.json();
      calls.patches.push({ id: String(params.id), body });
      const found = baskets.find((b) => String(b.id) === params.id);
      if (!found)
        return HttpResponse.json(
          { name: "NotFound", message: `Saved basket '${params.id}' not found`, code: 404 },
          { status: 404 },
        );
      const outcome = options.approve ?? "ok";
      if (outcome !== "ok") {
        const message = outcome === 403 ? "Only an approver may approve a punched-out basket" : "Internal error";
        return HttpResponse.json({ message, code: outcome }, { status: outcome });
      }
      found.punchout_approved = 1;
      return HttpResponse.json(found);
    }),
  ];
  return { handlers, calls };
}
