import { sumMoney, toPence, fromPence } from "./money";

// Approval of punched-out saved baskets (SPEC §3 basket state, §4, §8; decision 081).

export interface PunchoutBasketFlags {
  checked_out: number;
  is_punchout: number;
  punchout_approved: number;
}

/** Awaiting an approver: saved in a punchout session, neither approved nor ordered yet. */
export function isAwaitingApproval(basket: PunchoutBasketFlags): boolean {
  return basket.is_punchout === 1 && basket.punchout_approved === 0 && basket.checked_out === 0;
}

/**
 * The GET /api/saved-basket filters of the approval list: the customer's punched-out baskets awaiting approval, and
 * (toApprove, decision 138) none the approver saved themselves.
 */
export const AWAITING_APPROVAL_FILTERS = {
  is_punchout: true,
  punchout_approved: false,
  checked_out: false,
  toApprove: true,
} as const;

/** Decision 138: as with orders, nobody approves a punched-out basket they saved themselves. */
export const OWN_BASKET_REFUSAL = "You saved this basket yourself, so another approver must approve it.";

/** Whether the approver `approverId` saved the basket themselves. */
export function isOwnBasket(basket: { user?: { id: string } | null }, approverId: string): boolean {
  return basket.user != null && basket.user.id === approverId;
}

/** Why a punched-out basket cannot be loaded or approved by `approverId`, or null while it awaits their approval. */
export function approvalRefusal(
  basket: PunchoutBasketFlags & { basket_name: string; user?: { id: string } | null },
  approverId: string,
): string | null {
  if (basket.checked_out === 1) return `"${basket.basket_name}" has already been ordered.`;
  if (basket.punchout_approved === 1) return `"${basket.basket_name}" has already been approved.`;
  if (isOwnBasket(basket, approverId)) return OWN_BASKET_REFUSAL;
  return null;
}

export interface ApprovalKeys {
  basketIdForApproval: string;
  approvedOrderAddressId: string | null;
  punchoutLoadedBasket: true;
}

/**
 * The basket-session keys set when a punched-out basket is loaded for approval. SPEC §8: a basket without
 * address_id still loads (the approver picks an address at checkout); the caller logs it as an error.
 */
export function approvalKeys(basket: { id: string; address_id?: string | null }): {
  keys: ApprovalKeys;
  addressMissing: boolean;
} {
  const address = basket.address_id ?? null;
  return {
    keys: { basketIdForApproval: basket.id, approvedOrderAddressId: address, punchoutLoadedBasket: true },
    addressMissing: address === null || address === "",
  };
}

/** SPEC §4: the approval id is cleared after a finalise, whether the PATCH succeeded or not. */
export const CLEARED_APPROVAL_ID = { basketIdForApproval: null } as const;

/** Nothing held for approval: the id, the approved address and the loaded flag all cleared. */
export const NO_APPROVAL_HELD = {
  basketIdForApproval: null,
  approvedOrderAddressId: null,
  punchoutLoadedBasket: false,
} as const;

export interface PunchoutLine {
  productId: string;
  name: string;
  qty: number;
  price: number | null;
  lineTotal: number;
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * A saved basket's itemsArray as display lines. The lines are read loosely (they are only checked by the
 * SPEC §5 shape rule when loaded), so a malformed quantity shows as 0 rather than failing the page.
 */
export function punchoutLines(itemsArray: readonly unknown[]): PunchoutLine[] {
  return itemsArray.map((raw) => {
    const productId = String(field(raw, "internalId") ?? "");
    const rawQty = field(raw, "qty");
    const qty = typeof rawQty === "number" && Number.isFinite(rawQty) ? rawQty : 0;
    const rawPrice = field(raw, "price");
    const price = rawPrice === null || rawPrice === undefined ? null : fromPence(toPence(rawPrice));
    const name = field(raw, "name");
    return {
      productId,
      name: typeof name === "string" && name ? name : productId,
      qty,
      price,
      lineTotal: fromPence(toPence(price) * qty),
    };
  });
}

/** The basket's value at its saved prices, exact to the penny. */
export function punchoutTotal(lines: readonly Pick<PunchoutLine, "lineTotal">[]): number {
  return sumMoney(lines.map((line) => line.lineTotal));
}

/** Who saved the basket: their name, else their e-mail, else their user number. */
export function requesterName(
  user: { id: string; firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
): string {
  if (!user) return "Unknown";
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(" ");
  return name || user.email || `User ${user.id}`;
}
