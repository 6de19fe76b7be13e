/**
 * The provider's own refusals inside a punchout session (issue 16 item 3, decision 110). The portal closes the same
 * pages (app/domain/permissions.ts PunchoutRule), but the provider never relies on that:
 * - an inspect session is read-only: every write of its basket (and an order, which empties it) is a 403;
 * - a session whose profile does not allow ordering in the portal may not place an order: the basket goes back to the
 *   procurement system by a transfer instead.
 * Only a real punchout session counts: the one the caller's provider session was opened for by POST /api/punchout/start.
 */
import { Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import type { Caller } from "../auth/caller";
import { isRowIdText } from "./ids";

export const READ_ONLY = "This punchout session is read-only";
export const ORDERING_CLOSED = "Ordering in the portal is closed in this punchout session; transfer the basket instead";

interface PunchoutRules {
  operation: string;
  orderingAllowed: boolean;
}

/** The operation and ordering rule of the caller's punchout session; null outside one. */
export async function punchoutRulesOf(
  db: Knex,
  caller: Pick<Caller, "punchoutSession" | "sessionId">,
): Promise<PunchoutRules | null> {
  const id = caller.punchoutSession;
  if (!id || !isRowIdText(id)) return null;
  const row = await db("punchout_sessions as s")
    .join("punchout_profiles as p", "p.id", "s.profile_id")
    .where({ "s.id": Number(id), "s.auth_session_id": caller.sessionId })
    .first("s.operation", "p.ordering_allowed");
  if (!row) return null;
  const allowed = row.ordering_allowed === true || row.ordering_allowed === 1 || row.ordering_allowed === "1";
  return { operation: row.operation, orderingAllowed: allowed };
}

/** 403 for a basket write inside an inspect session. */
export async function requireBasketWritable(
  db: Knex,
  caller: Pick<Caller, "punchoutSession" | "sessionId">,
): Promise<void> {
  const rules = await punchoutRulesOf(db, caller);
  if (rules?.operation === "inspect") throw new Forbidden(READ_ONLY);
}

/** 403 for an order inside a punchout session that may not order in the portal (or is read-only). */
export async function requirePortalOrdering(
  db: Knex,
  caller: Pick<Caller, "punchoutSession" | "sessionId">,
): Promise<void> {
  const rules = await punchoutRulesOf(db, caller);
  if (!rules) return;
  if (rules.operation === "inspect") throw new Forbidden(READ_ONLY);
  if (!rules.orderingAllowed) throw new Forbidden(ORDERING_CLOSED);
}
