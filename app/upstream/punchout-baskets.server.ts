import { z } from "zod";
import { PAGE_SIZE } from "~/domain/constants";
import { pagination } from "~/domain/feathers-query";
import {
  AWAITING_APPROVAL_FILTERS,
  CLEARED_APPROVAL_ID,
  NO_APPROVAL_HELD,
  type ApprovalKeys,
} from "~/domain/punchout-approval";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { SavedBasketSchema } from "./saved-baskets.server";
import { ListSchema, orNull } from "./schemas";

// Punched-out saved baskets and their approval (docs/upstream-api.md /api/saved-basket, /api/basket-session).

const flag = z.union([z.number(), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0));

export const PunchoutBasketSchema = SavedBasketSchema.extend({
  is_punchout: flag.default(0),
  punchout_approved: flag.default(0),
  created_at: z.string().nullish(),
  user: z
    .object({ id, firstName: z.string().nullish(), lastName: z.string().nullish(), email: z.string().nullish() })
    .nullish(),
});
export type PunchoutBasket = z.output<typeof PunchoutBasketSchema>;

// GET /api/saved-basket with is_punchout, punchout_approved, checked_out (SPEC §7 GET /api/saved-basket) — the
// customer's punched-out baskets awaiting approval, with their lines, newest first
export async function listBasketsAwaitingApproval(client: UpstreamClient, page: number) {
  return client.get("/api/saved-basket", ListSchema(PunchoutBasketSchema), {
    query: { ...AWAITING_APPROVAL_FILTERS, ...pagination(page, PAGE_SIZE), $sort: { created_at: -1 } },
  });
}

// GET /api/saved-basket/{id} (SPEC §7 GET /api/saved-basket) — one basket with its lines and punchout flags
export function getPunchoutBasket(client: UpstreamClient, basketId: string): Promise<PunchoutBasket> {
  return client.get(`/api/saved-basket/${encodeURIComponent(basketId)}`, PunchoutBasketSchema);
}

// PATCH /api/saved-basket/{id} {punchout_approved:1} (SPEC §7) — approvers only, else 403
export function approvePunchoutBasket(client: UpstreamClient, basketId: string): Promise<PunchoutBasket> {
  return client.patch(`/api/saved-basket/${encodeURIComponent(basketId)}`, PunchoutBasketSchema, {
    body: { punchout_approved: 1 },
  });
}

export const ApprovalStateSchema = z.object({
  basketIdForApproval: orNull(id),
  approvedOrderAddressId: orNull(id),
  punchoutLoadedBasket: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type ApprovalState = z.output<typeof ApprovalStateSchema>;

// GET /api/basket-session (SPEC §7: /api/basket-session) — only the SPEC §3 approval keys
export function getApprovalState(client: UpstreamClient): Promise<ApprovalState> {
  return client.get("/api/basket-session", ApprovalStateSchema);
}

// PATCH /api/basket-session {basketIdForApproval, approvedOrderAddressId, punchoutLoadedBasket} (SPEC §7: /api/basket-session)
export function setApprovalState(client: UpstreamClient, keys: ApprovalKeys): Promise<ApprovalState> {
  return client.patch("/api/basket-session", ApprovalStateSchema, { body: keys });
}

// PATCH /api/basket-session {basketIdForApproval: null} (SPEC §4: the approval id is cleared even on failure), or with
// the approved address and loaded flag cleared too when nothing stays held (after an order)
export function clearApprovalId(
  client: UpstreamClient,
  body: typeof CLEARED_APPROVAL_ID | typeof NO_APPROVAL_HELD = CLEARED_APPROVAL_ID,
): Promise<ApprovalState> {
  return client.patch("/api/basket-session", ApprovalStateSchema, { body });
}
