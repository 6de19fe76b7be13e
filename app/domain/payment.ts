// Card payments (SPEC §5, §7). No zod here: checkout's browser code imports this module's neighbours, and a
// top-level schema would put zod into every page's JavaScript (decision 002).

export const CARD_PAYMENT_TYPE = 2;
/** Payment method ids that are cards taken through the payment provider. */
export const CARD_PAYMENT_METHOD_IDS: readonly number[] = [1, 2];

/** True when a payment method is a card taken through the payment provider (SPEC §5: type 2, method 1 or 2). */
export function isCardMethod(paymentMethodId: number): boolean {
  return CARD_PAYMENT_METHOD_IDS.includes(paymentMethodId);
}

/** A payment method as a checkout offers it: `card` when it is taken through the payment provider. */
export type PaymentOption = { id: number; name: string; card: boolean };

/**
 * The payment methods a checkout offers, stock or wearer packs (issue 34 item 3, decision 161): a card only when
 * cards can be taken (the payment provider configured, prices shown: decisions 058, 106), never one shown greyed.
 */
export function offeredPaymentMethods(
  methods: ReadonlyArray<{ id: number; name: string }>,
  cardsTaken: boolean,
): PaymentOption[] {
  return methods
    .filter((m) => cardsTaken || !isCardMethod(m.id))
    .map((m) => ({ id: m.id, name: m.name, card: isCardMethod(m.id) }));
}

/** How the buyer pays: the payment type (2 = card) and, for a card, the method and what the card form gave. */
export interface PaymentChoice {
  type: number | string;
  paymentMethodId?: number | string | null;
  paymentToken?: string | null;
  cvc?: string | null;
  sessionKey?: string | null;
}

/** SPEC §7 POST /api/order paymentMethod block. */
export interface PaymentMethodBlock {
  paymentToken: string;
  cvc: string;
  custentitypayment_method: number;
  session: string;
}

/** A whole number from a number or numeric text (form values arrive as text); anything else is null. */
function wholeNumber(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
}

/** SPEC §5: only a card payment (type 2) with method 1 or 2 sends a block; anything else sends none. */
export function paymentMethodBlock(choice: PaymentChoice): PaymentMethodBlock | null {
  const type = wholeNumber(choice.type);
  const methodId = wholeNumber(choice.paymentMethodId);
  if (type !== CARD_PAYMENT_TYPE || methodId === null || !isCardMethod(methodId)) return null;
  return {
    paymentToken: choice.paymentToken ?? "",
    cvc: choice.cvc ?? "",
    custentitypayment_method: methodId,
    session: choice.sessionKey ?? "",
  };
}
