/** POST /api/order's body: a stock order or a wearer-pack (manpack) order, parsed. */
import { z } from "zod";
import { typedAddress } from "../address-rules";
import { idValue } from "./common";

const orderLine = z.object({ internalId: idValue, qty: z.number().int() }).passthrough();

export const customAddress = typedAddress(z.string().trim().max(200).optional());

export const paymentMethod = z
  .object({
    paymentToken: z.string().max(500).optional(),
    cvc: z.string().max(10).optional(),
    custentitypayment_method: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
    session: z.string().max(500).optional(),
  })
  .strict();

const common = {
  deliveryInstructions: z.string().max(2000).optional(),
  fullOrder: z.unknown().optional(),
  customAddress: customAddress.nullable().optional(),
  stripeId: z.string().max(200).nullable().optional(),
  stripePaid: z.boolean().optional(),
  /** The amount the card was charged, in pence (decision 078): the order is placed only if it totals exactly that. */
  stripeAmount: z.number().int().nonnegative().optional(),
  paymentMethod: paymentMethod.nullable().optional(),
  otherRefNum: z.string().trim().max(100).optional(),
  punchoutSession: z.string().max(200).nullable().optional(),
  /** The live basket version the order is placed from (decision 074): spent once. */
  basketVersion: z.number().int().nonnegative().optional(),
};

export const stockOrder = z
  .object({
    orderType: z.literal("standard"),
    items: z.array(orderLine).min(1, "at least one line is needed").max(200),
    addressId: idValue.nullable().optional(),
    shippingMethod: idValue.nullable().optional(),
    loadedBasket: z.unknown().optional(),
    punchoutLoadedBasket: z.unknown().optional(),
    savedItems: z.unknown().optional(),
    chosenBasket: z
      .union([idValue, z.string().max(100)])
      .nullable()
      .optional(),
    ...common,
  })
  .strict();

export const manpackOrder = z
  .object({
    orderType: z.literal("manpack"),
    packs: z
      .array(
        z
          .object({
            contactId: idValue,
            items: z.array(orderLine).min(1, "at least one line is needed").max(200),
            shippingMethod: idValue.nullable().optional(),
            addressId: idValue.nullable().optional(),
          })
          .strict(),
      )
      .min(1, "at least one pack is needed")
      .max(100),
    addressId: idValue.nullable().optional(),
    shippingMethod: idValue.nullable().optional(),
    ...common,
  })
  .strict();

export type StockOrder = z.infer<typeof stockOrder>;

export type ManpackOrder = z.infer<typeof manpackOrder>;
