import { z } from "zod";
import { PAGE_SIZE } from "~/domain/constants";
import { pagination } from "~/domain/feathers-query";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// Inside a punchout session: handing the basket back, cancelling, and the customer's transfers
// (docs/upstream-api.md "Punchout"; issue 16 items 4 to 6).

const pence = z.number().int().nonnegative();

const TransferLineSchema = z.object({
  lineNumber: z.number().int().positive(),
  itemId: id.nullish(),
  productId: id.nullish(),
  supplierPartId: z.string(),
  supplierPartAuxiliaryId: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  manufacturerPartId: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  description: z.string(),
  quantity: z.number().int().positive(),
  unitPricePence: pence,
  unitOfMeasure: z.literal("EA").default("EA"),
  unspsc: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  leadTimeDays: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((v) => v ?? undefined),
});

// as the setup request gave it: every field optional there (docs/upstream-api.md), so a partial ShipTo still reads
const ShipToSchema = z.object({
  addressId: z.string().optional(),
  name: z.string().default(""),
  deliverTo: z.array(z.string()).default([]),
  street: z.array(z.string()).default([]),
  city: z.string().default(""),
  state: z.string().optional(),
  postalCode: z.string().default(""),
  country: z.string().default(""),
  countryName: z.string().optional(),
});

/** The answer of POST /api/punchout/transfer and /cancel: what the return page posts back, and where. */
export const PunchoutReturnSchema = z.object({
  state: z.enum(["transferred", "awaiting-approval", "cancelled"]),
  transferId: id.nullish().transform((v) => v ?? null),
  savedBasketId: id.nullish().transform((v) => v ?? null),
  protocol: z.enum(["cxml", "oci"]),
  operation: z.enum(["create", "edit", "inspect"]),
  formEncoding: z.enum(["urlencoded", "base64"]).default("urlencoded"),
  returnUrl: z.string(),
  buyerCookie: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  credentials: z
    .object({ fromIdentity: z.string(), senderIdentity: z.string(), toIdentity: z.string() })
    .nullish()
    .transform((v) => v ?? null),
  oci: z
    .object({ target: z.string().nullish(), caller: z.string().nullish(), okCode: z.string().nullish() })
    .nullish()
    .transform((v) => v ?? null),
  currency: z.literal("GBP").default("GBP"),
  totalPence: pence,
  shipTo: ShipToSchema.nullish().transform((v) => v ?? null),
  lines: z.array(TransferLineSchema).default([]),
});
export type PunchoutReturn = z.output<typeof PunchoutReturnSchema>;

// POST /api/punchout/transfer {} — ends the punchout session with the basket transferred (or saved for approval)
export function transferPunchoutBasket(client: UpstreamClient): Promise<PunchoutReturn> {
  return client.post("/api/punchout/transfer", PunchoutReturnSchema, { body: {} });
}

// POST /api/punchout/cancel {} — ends the punchout session returning an empty basket
export function cancelPunchoutSession(client: UpstreamClient): Promise<PunchoutReturn> {
  return client.post("/api/punchout/cancel", PunchoutReturnSchema, { body: {} });
}

export const PunchoutTransferSchema = z.object({
  id,
  createdAt: z.string().nullish(),
  user: z
    .object({ id, firstName: z.string().nullish(), lastName: z.string().nullish(), email: z.string().nullish() })
    .nullish()
    .transform((v) => v ?? null),
  buyerCookie: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  protocol: z.enum(["cxml", "oci"]),
  status: z.enum(["transferred", "awaiting-approval", "ordered"]),
  totalPence: pence,
  lines: z
    .array(
      z.object({
        description: z.string(),
        supplierPartId: z.string(),
        quantity: z.number().int(),
        unitPricePence: pence,
      }),
    )
    .default([]),
  orderId: id.nullish().transform((v) => v ?? null),
  orderNumber: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});

// GET /api/punchout/transfer?$limit&$skip — the customer's transfers (own only without viewAllOrders / orderApproval), newest first
export function listPunchoutTransfers(client: UpstreamClient, page: number) {
  return client.get("/api/punchout/transfer", ListSchema(PunchoutTransferSchema), {
    query: pagination(page, PAGE_SIZE),
  });
}
