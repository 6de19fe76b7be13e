import { z } from "zod";
import { PAGE_SIZE } from "~/domain/constants";
import { pagination } from "~/domain/feathers-query";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema, orBlank, orNull, orUndefined } from "./schemas";

// Inside a punchout session: handing the basket back, cancelling, and the customer's transfers
// (docs/upstream-api.md "Punchout"; issue 16 items 4 to 6).

const pence = z.number().int().nonnegative();

const TransferLineSchema = z.object({
  lineNumber: z.number().int().positive(),
  itemId: id.nullish(),
  productId: id.nullish(),
  supplierPartId: z.string(),
  supplierPartAuxiliaryId: orBlank,
  manufacturerPartId: orBlank,
  description: z.string(),
  quantity: z.number().int().positive(),
  unitPricePence: pence,
  unitOfMeasure: z.literal("EA").default("EA"),
  unspsc: orBlank,
  leadTimeDays: orUndefined(z.number().int().nonnegative()),
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
  transferId: orNull(id),
  savedBasketId: orNull(id),
  protocol: z.enum(["cxml", "oci"]),
  operation: z.enum(["create", "edit", "inspect"]),
  formEncoding: z.enum(["urlencoded", "base64"]).default("urlencoded"),
  returnUrl: z.string(),
  buyerCookie: orBlank,
  credentials: orNull(z.object({ fromIdentity: z.string(), senderIdentity: z.string(), toIdentity: z.string() })),
  oci: orNull(z.object({ target: z.string().nullish(), caller: z.string().nullish(), okCode: z.string().nullish() })),
  currency: z.literal("GBP").default("GBP"),
  totalPence: pence,
  shipTo: orNull(ShipToSchema),
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
  user: orNull(
    z.object({ id, firstName: z.string().nullish(), lastName: z.string().nullish(), email: z.string().nullish() }),
  ),
  buyerCookie: orBlank,
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
  orderId: orNull(id),
  orderNumber: orNull(z.string()),
});

// GET /api/punchout/transfer?$limit&$skip — the customer's transfers (own only without viewAllOrders / orderApproval), newest first
export function listPunchoutTransfers(client: UpstreamClient, page: number) {
  return client.get("/api/punchout/transfer", ListSchema(PunchoutTransferSchema), {
    query: pagination(page, PAGE_SIZE),
  });
}
