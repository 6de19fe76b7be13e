import { z } from "zod";
import type { StockOrderBody } from "~/domain/checkout";
import type { ManpackOrderBody } from "~/domain/wearer-pack-order";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";

const text = z.string().nullish();

/** The placed order as POST /api/order and GET /api/order/:id answer it: what the confirmation shows. */
export const PlacedOrderSchema = z
  .object({
    internalId: id,
    tranId: text,
    orderStatus: text,
    pendingWebApproval: z.boolean().nullish(),
    createdDate: text,
    subTotal: z.unknown(),
    shippingCost: z.unknown(),
    taxTotal: z.unknown(),
    message: text,
    shippingAddress: z
      .object({ addressee: text, addr1: text, addr2: text, city: text, zip: text, addrText: text })
      .partial()
      .nullish(),
    itemList: z
      .object({
        item: z
          .array(
            z
              .object({
                quantity: z.coerce.number().catch(0),
                item: z.object({ name: text }).partial().nullish(),
                name: text,
                rate: z.unknown(),
                amount: z.unknown(),
              })
              .partial(),
          )
          .nullish(),
      })
      .nullish(),
    // 3-D Secure hand-off (SPEC §7): present only when the card issuer wants the customer to confirm
    threeDSUrl: text,
    cReq: text,
    transactionId: text,
  })
  .passthrough();
export type PlacedOrder = z.output<typeof PlacedOrderSchema>;

// POST /api/order, stock (SPEC §7) — one order per Idempotency-Key: a resubmitted checkout gets the first order back
export function placeStockOrder(
  client: UpstreamClient,
  body: StockOrderBody,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  return client.post("/api/order", PlacedOrderSchema, { body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** What an order of the live stock basket would total (decision 078); goods amounts null when prices are hidden. */
export const OrderQuoteSchema = z
  .object({
    shippingMethod: id,
    subTotal: z.number().nullable(),
    shippingCost: z.number(),
    taxTotal: z.number().nullable(),
    total: z.number().nullable(),
    totalPence: z.number().int().nonnegative().nullable(),
    basketVersion: z.number().int().nonnegative(),
  })
  .passthrough();
export type OrderQuote = z.output<typeof OrderQuoteSchema>;

// GET /api/order-quote?forBasket=stock&shippingMethod= (decision 078) — the amount a card is charged, priced by the provider
export function getOrderQuote(client: UpstreamClient, shippingMethod: string): Promise<OrderQuote> {
  return client.get("/api/order-quote", OrderQuoteSchema, { query: { forBasket: "stock", shippingMethod } });
}

// POST /api/order, manpack (SPEC §7) — the same one order per Idempotency-Key as a stock order
export function placeManpackOrder(
  client: UpstreamClient,
  body: ManpackOrderBody,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  return client.post("/api/order", PlacedOrderSchema, { body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** What an order of the live wearer-pack basket would total, with each pack's address and method (decision 102). */
export const ManpackQuoteSchema = OrderQuoteSchema.extend({
  packs: z
    .array(z.object({ contactId: id, addressId: id, shippingMethod: id, subTotal: z.number().nullable() }))
    .default([]),
});
export type ManpackQuote = z.output<typeof ManpackQuoteSchema>;

// GET /api/order-quote?forBasket=manpack (decision 102) — each pack priced as POST /api/order (manpack) prices it
export function getManpackQuote(client: UpstreamClient): Promise<ManpackQuote> {
  return client.get("/api/order-quote", ManpackQuoteSchema, { query: { forBasket: "manpack" } });
}
