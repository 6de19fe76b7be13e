import { z } from "zod";

export const CARD_PAYMENT_TYPE = 2;
/** Payment method ids that are cards taken through the payment provider. */
export const CARD_PAYMENT_METHOD_IDS: readonly number[] = [1, 2];

export const paymentChoiceSchema = z.object({
  type: z.coerce.number().int(),
  paymentMethodId: z.coerce.number().int().nullish(),
  paymentToken: z.string().nullish(),
  cvc: z.string().nullish(),
  sessionKey: z.string().nullish(),
});
export type PaymentChoice = z.input<typeof paymentChoiceSchema>;

/** SPEC §7 POST /api/order paymentMethod block. */
export interface PaymentMethodBlock {
  paymentToken: string;
  cvc: string;
  custentitypayment_method: number;
  session: string;
}

/** SPEC §5: only a card payment (type 2) with method 1 or 2 sends a block; anything else sends none. */
export function paymentMethodBlock(choice: PaymentChoice): PaymentMethodBlock | null {
  const parsed = paymentChoiceSchema.safeParse(choice);
  if (!parsed.success) return null;
  const { type, paymentMethodId, paymentToken, cvc, sessionKey } = parsed.data;
  if (type !== CARD_PAYMENT_TYPE || paymentMethodId == null || !CARD_PAYMENT_METHOD_IDS.includes(paymentMethodId)) {
    return null;
  }
  return { paymentToken: paymentToken ?? "", cvc: cvc ?? "", custentitypayment_method: paymentMethodId, session: sessionKey ?? "" };
}
