import type { PortalUser } from "~/auth/require-user.server";
import { formatDate } from "~/domain/dates";
import { formatMoney } from "~/domain/money";
import { pricesHidden } from "~/domain/prices";
import {
  approvalKeys,
  approvalRefusal,
  isAwaitingApproval,
  isOwnBasket,
  punchoutLines,
  punchoutTotal,
  requesterName,
} from "~/domain/punchout-approval";
import { validateSavedBasket } from "~/domain/saved-basket";
import type { UpstreamClient } from "~/upstream/client.server";
import { isRedirect, isRefusal, logFailure, UpstreamError } from "~/upstream/errors.server";
import { logger, requestIdOf } from "~/http/log.server";
import {
  approvePunchoutBasket,
  clearApprovalId,
  getApprovalState,
  getPunchoutBasket,
  setApprovalState,
  type ApprovalState,
  type PunchoutBasket,
} from "~/upstream/punchout-baskets.server";
import { loadIntoBasket, savedShape } from "~/saved-baskets/saved-basket-changes.server";

// Approving a customer's punched-out saved baskets (SPEC §3 basket state, §4, §8; decision 081).

export const BASKET_NOT_FOUND = "That punchout basket could not be found.";
export const NOT_LOADED =
  "Load this basket for approval first: its products go into your basket so you can check them.";

export type ApprovalOutcome =
  { ok: true; message: string; notice: boolean } | { ok: false; message: string; status: number };

/**
 * A caught failure as an upstream error: the client's own, or a 502 with `message` for anything else. A redirect (a
 * 401 sends the user to log in) is thrown on unchanged.
 */
/** Whether a failure is the provider answering `status` (a boolean, so the other branch keeps its type). */
const answered = (failed: UpstreamError, status: number): boolean => isRefusal(failed, status);

function failureOf(error: unknown, message: string): UpstreamError {
  if (isRedirect(error)) throw error;
  return error instanceof UpstreamError ? error : new UpstreamError(502, message);
}

/** A punched-out saved basket of the customer; anything else (an ordinary saved basket, another customer's) is a 404. */
export async function getBasketForApproval(client: UpstreamClient, basketId: string): Promise<PunchoutBasket> {
  const basket = await getPunchoutBasket(client, basketId);
  if (basket.is_punchout !== 1) throw new UpstreamError(404, BASKET_NOT_FOUND);
  return basket;
}

/**
 * Loads a punched-out basket for approval: its lines replace the live stock basket (the saved-basket rules: SPEC §5
 * shape check, vanished products dropped) and the basket-session gets basketIdForApproval, approvedOrderAddressId
 * and punchoutLoadedBasket. SPEC §8: a failure answers success false with the error; a missing address_id is logged.
 */
export async function loadForApproval(
  user: Pick<PortalUser, "upstream" | "session" | "inPunchout">,
  basketId: string,
): Promise<ApprovalOutcome> {
  const client = user.upstream;
  // an approver whose prices are hidden still loads every line (decision 064)
  const prices = { pricesHidden: pricesHidden(user.session.account, { inPunchout: user.inPunchout }) };
  try {
    const basket = await getBasketForApproval(client, basketId);
    const approverId = String(user.session.user.id);
    const refusal = approvalRefusal(basket, approverId);
    if (refusal) return { ok: false, message: refusal, status: isOwnBasket(basket, approverId) ? 403 : 409 };
    const loaded = await loadIntoBasket(client, basketId, prices);
    if (!loaded.ok) return { ok: false, message: loaded.message, status: 409 };
    const shape = validateSavedBasket(savedShape(basket));
    if (!shape.ok) {
      logFailure(client.request, `punchout approval: saved basket ${basketId} failed the shape check`, shape.message);
      return {
        ok: false,
        message: `"${basket.basket_name}" could not be loaded for approval (${shape.message}), so your basket is now empty.`,
        status: 422,
      };
    }
    const { keys, addressMissing } = approvalKeys(basket);
    if (addressMissing)
      logger().error(
        { reqId: requestIdOf(client.request), basketId },
        "punchout approval: the saved basket has no address_id; the approver chooses one at checkout",
      );
    await setApprovalState(client, keys);
    return { ok: true, notice: loaded.notice ?? false, message: `${loaded.message} It is waiting for your approval.` };
  } catch (error) {
    const failed = failureOf(error, "The basket could not be loaded.");
    logFailure(client.request, `punchout approval: loading saved basket ${basketId} failed`, failed);
    return { ok: false, message: answered(failed, 404) ? BASKET_NOT_FOUND : failed.message, status: failed.status };
  }
}

export type FinaliseOutcome =
  { ok: true; basketId: string; message: string } | { ok: false; basketId: string; message: string; status: number };

function failureMessage(basketId: string, failed: UpstreamError): string {
  const start = `Punchout basket ${basketId} could not be approved`;
  if (answered(failed, 404)) return `${start}: it no longer exists (it may have been withdrawn or ordered).`;
  if (answered(failed, 403)) return `${start}: ${failed.message || "you may not approve it"}.`;
  return `${start}: the ordering service did not accept the approval. Load it for approval again to retry.`;
}

/**
 * Finalises the punched-out basket held for approval in the basket-session: PATCH /api/saved-basket/{id}
 * {punchout_approved:1}, then basketIdForApproval is cleared whether that succeeded or not (SPEC §4, §8: a failure
 * is logged). Null when no basket is held for approval, so checkout may call it after every order.
 * `known` saves a GET when the caller has just read the approval state.
 */
export async function finalisePunchoutApproval(
  user: Pick<PortalUser, "upstream">,
  known?: ApprovalState,
  clearing?: Parameters<typeof clearApprovalId>[1],
): Promise<FinaliseOutcome | null> {
  const client = user.upstream;
  const basketId = (known ?? (await getApprovalState(client))).basketIdForApproval;
  if (!basketId) return null;
  try {
    const approved = await approvePunchoutBasket(client, basketId);
    return { ok: true, basketId, message: `Approved "${approved.basket_name}"` };
  } catch (error) {
    const failed = failureOf(error, "The approval could not be sent.");
    logFailure(client.request, `punchout finalise of saved basket ${basketId} failed`, failed);
    return { ok: false, basketId, message: failureMessage(basketId, failed), status: failed.status };
  } finally {
    await clearApprovalId(client, clearing).catch((error: unknown) => {
      if (isRedirect(error)) throw error;
      logFailure(client.request, `punchout finalise: clearing basketIdForApproval ${basketId} failed`, error);
    });
  }
}

/** A punched-out basket as the approval screens show it to the approver `user`. */
export function punchoutBasketView(basket: PunchoutBasket, user: Pick<PortalUser, "session">) {
  const lines = punchoutLines(basket.itemsArray);
  const refusal = approvalRefusal(basket, String(user.session.user.id));
  return {
    id: basket.id,
    name: basket.basket_name,
    requester: requesterName(basket.user),
    created: formatDate(basket.created_at ?? basket.updated_at),
    lines: lines.map((line) => ({
      ...line,
      price: line.price === null ? "—" : formatMoney(line.price),
      lineTotal: formatMoney(line.lineTotal),
    })),
    lineCount: lines.length,
    total: formatMoney(punchoutTotal(lines)),
    hasAddress: !approvalKeys(basket).addressMissing,
    awaiting: isAwaitingApproval(basket) && refusal === null,
    refusal,
  };
}
