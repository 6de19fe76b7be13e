/** What the portal sends the punchout services, parsed (decisions 107, 110). */
import { z } from "zod";

// ---------------------------------------------------------------------------------------------------------------
// Bodies

const text = (max: number) => z.string().trim().min(1).max(max);

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http or https URL");

const contactSchema = z
  .object({ name: z.string().trim().max(200).optional(), email: z.string().trim().email().max(254).optional() })
  .strict();

/** A cXML ShipTo address as the portal reads it (app/punchout/cxml.server.ts CxmlAddress); every field optional. */
const shipToSchema = z
  .object({
    addressId: z.string().trim().max(200).optional(),
    name: z.string().trim().max(200).optional(),
    deliverTo: z.array(z.string().trim().max(200)).max(5).optional(),
    street: z.array(z.string().trim().max(200)).max(5).optional(),
    city: z.string().trim().max(100).optional(),
    state: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().max(20).optional(),
    /** ISO 3166 code */
    country: z.string().trim().max(100).optional(),
    countryName: z.string().trim().max(100).optional(),
  })
  .strict();

const extrinsicsSchema = z
  .record(z.string().trim().min(1).max(100), z.string().max(1000))
  .refine((v) => Object.keys(v).length <= 50, "at most 50 extrinsics");

/** An edit / inspect line as the ItemOut gave it; the portal resolves it against the catalogue. */
const itemSchema = z
  .object({
    supplierPartId: text(100),
    supplierPartAuxiliaryId: z.string().trim().max(500).optional(),
    quantity: z.number().int().min(1).max(99_999),
    unitPrice: z.number().nonnegative().max(1_000_000).optional(),
    currency: z.string().trim().length(3).optional(),
    description: z.string().trim().max(2000).optional(),
    unitOfMeasure: z.string().trim().max(20).optional(),
  })
  .strict();

export const setupSchema = z
  .object({
    protocol: z.literal("cxml"),
    fromIdentity: text(200),
    senderIdentity: text(200),
    sharedSecret: z.string().min(1).max(500),
    toIdentity: text(200).optional(),
    operation: z.enum(["create", "edit", "inspect"]),
    buyerCookie: text(500),
    returnUrl: httpUrl,
    contact: contactSchema.optional(),
    shipTo: shipToSchema.optional(),
    extrinsics: extrinsicsSchema.optional(),
    items: z.array(itemSchema).max(500).optional(),
  })
  .strict();

export const ociLoginSchema = z
  .object({
    username: text(200),
    password: z.string().min(1).max(500),
    hookUrl: httpUrl,
    target: z.string().trim().max(100).optional(),
    caller: z.string().trim().max(100).optional(),
    okCode: z.string().trim().max(100).optional(),
  })
  .strict();

export const startSchema = z.object({ token: text(200) }).strict();

// ---------------------------------------------------------------------------------------------------------------
// Classification of transferred lines

// ---------------------------------------------------------------------------------------------------------------
// The OrderRequest (decision 110)

const orderLineSchema = z
  .object({
    lineNumber: z.number().int().min(1).max(99_999),
    supplierPartId: text(100),
    supplierPartAuxiliaryId: z.string().trim().max(500).optional(),
    quantity: z.number().int().min(1).max(99_999),
    unitPricePence: z.number().int().nonnegative().max(100_000_000).optional(),
    description: z.string().trim().max(2000).optional(),
  })
  .strict();

export const orderRequestSchema = z
  .object({
    fromIdentity: text(200),
    senderIdentity: text(200),
    sharedSecret: z.string().min(1).max(500),
    toIdentity: text(200).optional(),
    orderId: text(200),
    payloadId: text(500),
    orderDate: z.string().trim().max(100).optional(),
    totalPence: z.number().int().nonnegative().max(10_000_000_000).optional(),
    shipTo: shipToSchema.optional(),
    comments: z.string().trim().max(2000).optional(),
    extrinsics: extrinsicsSchema.optional(),
    items: z.array(orderLineSchema).min(1, "at least one line is needed").max(500),
  })
  .strict();
