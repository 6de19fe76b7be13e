// POST /api/order: parse the body (order-schemas.ts), price the lines from the items (pricing.ts), resolve addresses
// and carriage (destinations.ts), spend the basket version (decision 074) and allowances, insert the order (insert.ts),
// empty the basket, notify approvers.
import { Conflict } from "@feathersjs/errors";
import type { Knex } from "knex";
import { type Caller } from "../../auth/caller";
import { bodyOf, callerOf, requireCustomer, requireOrdering, type ProviderParams } from "../base";
import { basketKey, parseOr400 } from "../basket-session";
import { requirePortalOrdering } from "../punchout-rules";
import { bad } from "./common";
import { basketSpent, insertOrder, type PlacementOptions } from "./insert";
import { type OrderMailCtx } from "./notifications";
import { manpackOrder, stockOrder } from "./order-schemas";
import type { OrderRow } from "./rows";

function headerOf(params: ProviderParams, name: string): string | undefined {
  const v = (params.headers as Record<string, string | string[] | undefined> | undefined)?.[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The order an idempotency key of this user already made. */
async function orderOfKey(db: Knex, userId: number, key: string): Promise<number | undefined> {
  const existing: Pick<OrderRow, "id"> | undefined = await db("orders")
    .where({ placed_by_user_id: userId, idempotency_key: key })
    .first("id");
  return existing?.id;
}

/**
 * POST /api/order: the id of the order placed — or, for a replayed Idempotency-Key, of the order that key
 * already made. Every rule is checked here; nothing is written unless the whole order is.
 */
export async function placeOrder(ctx: OrderMailCtx, data: unknown, params: ProviderParams): Promise<number> {
  const caller = callerOf(params);
  const customerId = requireCustomer(caller);
  const body = bodyOf(data);
  const isManpack = body.orderType === "manpack";
  if (body.orderType !== "standard" && !isManpack) throw bad("orderType", 'expected "standard" or "manpack"');
  requireOrdering(caller, isManpack ? "manpack" : "standard");
  // inside a punchout session the basket goes back by a transfer unless its profile allows ordering here (decision 110)
  await requirePortalOrdering(ctx.db, caller);
  const key = headerOf(params, "idempotency-key");
  if (key !== undefined && (key.length < 1 || key.length > 200))
    throw bad("Idempotency-Key", "expected 1 to 200 characters");
  const db = ctx.db;
  // a replayed key answers the order it already made before the body is looked at: the retry of a checkout whose
  // order emptied the basket carries no lines any more, and must still land on that order
  if (key) {
    const existing = await orderOfKey(db, caller.userId, key);
    if (existing !== undefined) return existing;
  }
  // a basket version an order was already placed from is refused before the body (which, its basket emptied by
  // that order, may carry no lines): the second tab learns the basket was ordered, not that it has no lines
  if (typeof body.basketVersion === "number") {
    const spent = await basketSpent(db, basketKey(caller, customerId), body.basketVersion);
    if (spent.data?.tranId) throw spent;
  }
  const order = isManpack ? parseOr400(manpackOrder, body) : parseOr400(stockOrder, body);
  try {
    return await db.transaction((trx) => insertOrder(ctx, trx, caller, customerId, order, key));
  } catch (error: unknown) {
    // the same key raced in from a second request (refused by the unique key, or by the basket version the first
    // one spent): answer the order the first one made
    const code = (error as { code?: unknown } | null | undefined)?.code;
    if (key && (code === "23505" || String(code).startsWith("SQLITE_CONSTRAINT") || error instanceof Conflict)) {
      const existing = await orderOfKey(db, caller.userId, key);
      if (existing !== undefined) return existing;
    }
    throw error;
  }
}

/**
 * Places a stock order inside `trx` for a caller the provider built itself (a punchout OrderRequest): the same
 * parsing, pricing, delivery and insert as POST /api/order. Answers the order id.
 */
export async function placeStockOrderWithin(
  ctx: OrderMailCtx,
  trx: Knex.Transaction,
  caller: Caller,
  customerId: number,
  data: unknown,
  options: PlacementOptions,
): Promise<number> {
  requireOrdering(caller, "standard");
  const order = parseOr400(stockOrder, bodyOf(data));
  return insertOrder(ctx, trx, caller, customerId, order, undefined, options);
}
