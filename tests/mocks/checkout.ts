// What the /checkout route tests share: the basket line they check out, the order bodies POST /api/order carries
// for it (SPEC §7), and the card block a card payment adds.

/** An action's answer to a form it refuses or takes: its data and, on a refusal, the status. */
export type FormAnswer = {
  data: { ok: boolean; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit | null;
};

/** The stock line the checkout tests' basket holds: 2 × Hi-Vis Jacket M at £24.50. */
export const JACKET = {
  productId: "20002",
  parentId: "20001",
  qty: 2,
  name: "Hi-Vis Jacket M",
  price: 24.5,
  thumbnail: null,
};

/** The account's payment methods when it pays by card: on account, then two cards. */
export const CARD_METHODS = [
  { id: 0, name: "On account" },
  { id: 1, name: "Visa" },
  { id: 2, name: "Mastercard" },
];

/** POST /api/order (standard) for the JACKET basket, to the default address by next day, "Gate 3" as instructions. */
export const JACKET_ORDER = {
  orderType: "standard",
  items: [{ internalId: "20002", qty: 2 }],
  punchoutSession: null,
  deliveryInstructions: "Gate 3",
  fullOrder: true,
  addressId: "701",
  shippingMethod: "2",
};

/**
 * POST /api/order (manpack)'s packs for Hal Harbour's tunics (the default address, no delivery method of its own)
 * and Bo Bandb's trousers (address 702, next day).
 */
export const TWO_PACKS_ORDERED = [
  { contactId: "5102", items: [{ internalId: "20030", qty: 2 }], shippingMethod: null, addressId: "701" },
  { contactId: "5104", items: [{ internalId: "20010", qty: 2 }], shippingMethod: "2", addressId: "702" },
];

/** What a card payment adds to the order body: Stripe's intent, paid, the amount in pence and the card block. */
export const paidByCard = (intent: string, pence: number, session: string, method = 1) => ({
  stripeId: intent,
  stripePaid: true,
  stripeAmount: pence,
  paymentMethod: { paymentToken: intent, cvc: "", custentitypayment_method: method, session },
});
