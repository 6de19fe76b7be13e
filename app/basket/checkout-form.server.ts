import { z } from "zod";

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

/** The checkout form's own fields (the lines are never taken from the form); a function so zod stays server-side. */
export const checkoutFieldsSchema = () =>
  z.object({
    idempotencyKey: z
      .string({ required_error: "Please reload the checkout page and try again." })
      .trim()
      .min(8, "Please reload the checkout page and try again.")
      .max(100, "Please reload the checkout page and try again."),
    addressId: z.string().trim().max(20).optional(),
    addressee: optionalText(200, "The name can be at most 200 characters"),
    addr1: optionalText(200, "The address line can be at most 200 characters"),
    addr2: optionalText(200, "The address line can be at most 200 characters"),
    city: optionalText(100, "The town can be at most 100 characters"),
    zip: optionalText(20, "The postcode can be at most 20 characters"),
    shippingMethod: z.string({ required_error: "Choose a delivery method" }).regex(/^\d{1,15}$/, "Choose a delivery method"),
    paymentMethod: z.coerce.number({ required_error: "Choose how to pay", invalid_type_error: "Choose how to pay" }).int("Choose how to pay"),
    otherRefNum: optionalText(100, "Your reference can be at most 100 characters"),
    deliveryInstructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default(""),
    // the basket version the page showed (decision 074); a malformed one is a stale or tampered page
    basketVersion: z
      .string()
      .regex(/^\d{1,15}$/, "Please reload the checkout page and try again.")
      .transform(Number)
      .optional(),
  });

/** The place-order post: the fields, plus the card payment Stripe Elements confirmed in the browser, if any. */
export const placeOrderSchema = () =>
  checkoutFieldsSchema().extend({
    paymentIntentId: z
      .string()
      .regex(/^pi_[A-Za-z0-9_]{1,200}$/, "The card payment could not be read. Please try again.")
      .optional(),
  });
