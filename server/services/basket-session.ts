import { BadRequest } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { canApprove, type Caller } from "../auth/caller";
import { isPostgres } from "../db/knex";
import { bodyOf, callerOf, json, requireCustomer, requireOrdering, type Ctx, type ProviderParams } from "./base";
import { sessionIdValue } from "./ids";
import { linesFor, pricesHiddenFrom } from "./prices-hidden";
import { requireBasketWritable } from "./punchout-rules";

// the session keeps ids as strings, as sent (the provider's one id rule: ./ids.ts)
const id = sessionIdValue;
const optionalText = (max: number) => z.string().max(max).nullable().optional();

const line = z
  .object({
    productId: id,
    parentId: id.nullable().optional(),
    qty: z.number().int().min(0).max(99),
    scope: optionalText(20),
    name: optionalText(300),
    thumbnail: optionalText(500),
    price: z.number().nonnegative().nullable().optional(),
    options: z
      .record(z.string().max(100), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
      .optional(),
    custombasket: z.union([z.boolean(), z.string().max(200), z.null()]).optional(),
  })
  .strict();

const pack = z
  .object({
    employeeId: id,
    addressId: id.nullable().optional(),
    shippingMethod: id.nullable().optional(),
    data: z.array(line).max(500),
  })
  .strict();

export const basketStateSchema = z
  .object({
    selectedBasketType: z.enum(["stock-order-basket", "manpack-order-basket"]),
    stock: z.array(line).max(500),
    manpack: z.array(pack).max(500),
    instructions: z.object({ stock: z.string().max(2000), manpack: z.string().max(2000) }).strict(),
    addressId: id.nullable().optional(),
    shippingMethod: id.nullable().optional(),
    basketIdForApproval: id.nullable().optional(),
    approvedOrderAddressId: id.nullable().optional(),
    punchoutLoadedBasket: z.boolean().optional(),
    // the saved basket the stock lines were loaded from: an order sends it as chosenBasket (decision 077)
    loadedBasket: id.nullable().optional(),
  })
  .strict();

export type BasketState = z.infer<typeof basketStateSchema>;

export const EMPTY_BASKET: BasketState = {
  selectedBasketType: "stock-order-basket",
  stock: [],
  manpack: [],
  instructions: { stock: "", manpack: "" },
};

/** zod issues → one 400 naming the first offending field (e.g. "stock.0.qty"). */
export function parseOr400<T>(schema: z.ZodType<T, any, any>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join(".") || "body";
  throw new BadRequest(`Invalid value at field "${field}": ${issue.message}`, {
    field,
    errors: result.error.issues.slice(0, 10),
  });
}

/**
 * Which live basket a call reads and writes (decision 110): the caller's in the business unit, and inside a punchout
 * session that session's own ('' outside one), so requisitioners punching out through one profile user at once never
 * share a basket, and none of them touches the user's everyday basket. Every read and write of basket_sessions goes
 * through this key.
 */
export interface BasketKey {
  userId: number;
  customerId: number;
  punchoutSession: string;
}

export function basketKey(caller: { userId: number; punchoutSession: string | null }, customerId: number): BasketKey {
  return { userId: caller.userId, customerId, punchoutSession: caller.punchoutSession ?? "" };
}

const keyColumns = (key: BasketKey) => ({
  user_id: key.userId,
  customer_id: key.customerId,
  punchout_session: key.punchoutSession,
});
const KEY_COLUMNS = ["user_id", "customer_id", "punchout_session"];

export async function loadBasketState(db: Knex, key: BasketKey): Promise<BasketState> {
  return (await loadBasket(db, key)).state;
}

/** The live basket and its version (0 before the first write). */
export async function loadBasket(db: Knex, key: BasketKey): Promise<{ state: BasketState; version: number }> {
  const row = await db("basket_sessions").where(keyColumns(key)).first("state_json", "version");
  const parsed = basketStateSchema.safeParse(json(row?.state_json, null));
  return { state: parsed.success ? parsed.data : structuredClone(EMPTY_BASKET), version: Number(row?.version ?? 0) };
}

/**
 * The live basket read for a change inside `trx` (decision 168): the row is made first when there is none, and on
 * PostgreSQL held until the transaction ends, so two changes of one basket at once follow one another and neither
 * loses the other's lines (SQLite has one connection: its transactions follow one another anyway).
 */
export async function lockBasketState(trx: Knex, key: BasketKey, now: Date): Promise<BasketState> {
  await trx("basket_sessions")
    .insert({ ...keyColumns(key), state_json: JSON.stringify(EMPTY_BASKET), updated_at: now.toISOString(), version: 0 })
    .onConflict(KEY_COLUMNS)
    .ignore();
  const query = trx("basket_sessions").where(keyColumns(key)).first("state_json");
  const row = await (isPostgres(trx) ? query.forUpdate() : query);
  const parsed = basketStateSchema.safeParse(json(row?.state_json, null));
  return parsed.success ? parsed.data : structuredClone(EMPTY_BASKET);
}

/** Every write of the basket state bumps its version (decision 074). */
export async function saveBasketState(db: Knex, key: BasketKey, state: BasketState, now: Date): Promise<void> {
  await db("basket_sessions")
    .insert({ ...keyColumns(key), state_json: JSON.stringify(state), updated_at: now.toISOString(), version: 1 })
    .onConflict(KEY_COLUMNS)
    .merge({
      state_json: JSON.stringify(state),
      updated_at: now.toISOString(),
      version: db.raw("?? + 1", ["basket_sessions.version"]),
    });
}

/**
 * Spends the basket version an order was placed from: a conditional update, so of two orders naming the same
 * version exactly one gets true (the other waits for the first's row lock on PostgreSQL, or for its transaction on
 * SQLite, and then finds the version moved on). A caller without a basket row gets an empty one first.
 */
export async function claimBasketVersion(db: Knex, key: BasketKey, version: number, now: Date): Promise<boolean> {
  await db("basket_sessions")
    .insert({ ...keyColumns(key), state_json: JSON.stringify(EMPTY_BASKET), updated_at: now.toISOString(), version: 0 })
    .onConflict(KEY_COLUMNS)
    .ignore();
  const updated = await db("basket_sessions")
    .where({ ...keyColumns(key), version })
    .update({ version: version + 1, updated_at: now.toISOString() });
  return updated === 1;
}

/**
 * Decision 028: filling the basket needs a caller who may order; the lines a write carries need the permission of
 * their kind (stock lines a stock catalogue permission, wearer packs canViewManpack + manpackOrders). A PATCH is
 * checked for the keys it sends; keys without lines (instructions, approval ids) need only a caller who may order.
 */
function requireBasketWrite(caller: Caller, body: Record<string, unknown>): void {
  requireOrdering(caller, "any");
  if (Array.isArray(body.stock) && body.stock.length > 0) requireOrdering(caller, "standard");
  if (Array.isArray(body.manpack) && body.manpack.length > 0) requireOrdering(caller, "manpack");
}

/**
 * Decision 077: a loadedBasket written must be a saved basket the caller may order from — their own in this business
 * unit, or (an approver) a punched-out one of the customer, as placing the order checks chosenBasket (decision 074).
 * Only a new value is checked, so a state read and written back whole stays writable after its saved basket is gone.
 */
async function requireLoadableBasket(
  db: Knex,
  caller: Caller,
  customerId: number,
  state: BasketState,
  current: BasketState,
): Promise<void> {
  if (state.loadedBasket == null || state.loadedBasket === current.loadedBasket) return;
  const found = await db("saved_baskets")
    .where({ id: Number(state.loadedBasket), customer_id: customerId })
    .where((w) => {
      w.where("user_id", caller.userId);
      if (canApprove(caller) || caller.isEvolveUser) w.orWhere("is_punchout", true);
    })
    .first("id");
  if (!found) {
    throw new BadRequest(
      `Invalid value at field "loadedBasket": no saved basket ${state.loadedBasket} you may order from`,
      { field: "loadedBasket" },
    );
  }
}

/** The basket state as sent to the caller: no line prices for a caller with pricingHidden (decision 059). */
export function basketFor(caller: Caller, state: BasketState): BasketState {
  if (!pricesHiddenFrom(caller)) return state;
  return {
    ...state,
    stock: linesFor(caller, state.stock),
    manpack: state.manpack.map((pack) => ({ ...pack, data: linesFor(caller, pack.data) })),
  };
}

/** A basket body as written back by a client: the version it read is not part of the state. */
function stateBody(data: unknown): Record<string, unknown> {
  const { version: _version, ...state } = bodyOf(data);
  return state;
}

/**
 * /api/basket-session — the live basket of the caller in the selected business unit.
 * GET answers it with its version; PUT replaces it; PATCH replaces the top-level keys given; DELETE empties it.
 * Each write bumps the version and answers the new one (a version sent back in a body is ignored).
 */
export class BasketSessionService {
  constructor(private ctx: Ctx) {}

  /** The state with its version, as every method answers it. */
  private async answer(caller: Caller, customerId: number): Promise<BasketState & { version: number }> {
    const { state, version } = await loadBasket(this.ctx.db, basketKey(caller, customerId));
    return { ...basketFor(caller, state), version };
  }

  async find(params: ProviderParams): Promise<BasketState & { version: number }> {
    const caller = callerOf(params);
    return this.answer(caller, requireCustomer(caller));
  }

  /** PUT replaces the basket's state with the body; PATCH merges the body's fields into the current state. */
  async update(_id: unknown, data: unknown, params: ProviderParams): Promise<BasketState & { version: number }> {
    return this.write(data, params, false);
  }

  async patch(_id: unknown, data: unknown, params: ProviderParams): Promise<BasketState & { version: number }> {
    return this.write(data, params, true);
  }

  private async write(data: unknown, params: ProviderParams, merge: boolean) {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    const body = stateBody(data);
    requireBasketWrite(caller, body);
    await requireBasketWritable(this.ctx.db, caller);
    const current = await loadBasketState(this.ctx.db, basketKey(caller, customerId));
    const state = parseOr400(basketStateSchema, merge ? { ...current, ...body } : body);
    await requireLoadableBasket(this.ctx.db, caller, customerId, state, current);
    await saveBasketState(this.ctx.db, basketKey(caller, customerId), state, this.ctx.now());
    return this.answer(caller, customerId);
  }

  /** Empties the basket: a write like any other, so the version moves on (never back to 0). */
  async remove(_id: unknown, params: ProviderParams): Promise<BasketState & { version: number }> {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    await requireBasketWritable(this.ctx.db, caller);
    await saveBasketState(this.ctx.db, basketKey(caller, customerId), structuredClone(EMPTY_BASKET), this.ctx.now());
    return this.answer(caller, customerId);
  }
}
