import { BadRequest } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { bodyOf, callerOf, json, requireCustomer, type Ctx, type ProviderParams } from "./base";

const id = z.union([z.string().regex(/^\d{1,15}$/), z.number().int().nonnegative()]).transform(String);
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
    options: z.record(z.string().max(100), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
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
  throw new BadRequest(`Invalid value at field "${field}": ${issue.message}`, { field, errors: result.error.issues.slice(0, 10) });
}

export async function loadBasketState(db: Knex, userId: number, customerId: number): Promise<BasketState> {
  const row = await db("basket_sessions").where({ user_id: userId, customer_id: customerId }).first("state_json");
  const parsed = basketStateSchema.safeParse(json(row?.state_json, null));
  return parsed.success ? parsed.data : structuredClone(EMPTY_BASKET);
}

export async function saveBasketState(db: Knex, userId: number, customerId: number, state: BasketState, now: Date): Promise<void> {
  await db("basket_sessions")
    .insert({ user_id: userId, customer_id: customerId, state_json: JSON.stringify(state), updated_at: now.toISOString() })
    .onConflict(["user_id", "customer_id"])
    .merge(["state_json", "updated_at"]);
}

/**
 * /api/basket-session — the live basket of the caller in the selected business unit.
 * GET answers it; PUT replaces it; PATCH replaces the top-level keys given; DELETE empties it.
 */
export class BasketSessionService {
  constructor(private ctx: Ctx) {}

  async find(params: ProviderParams): Promise<BasketState> {
    const caller = callerOf(params);
    return loadBasketState(this.ctx.db, caller.userId, requireCustomer(caller));
  }

  async update(_id: unknown, data: unknown, params: ProviderParams): Promise<BasketState> {
    const caller = callerOf(params);
    const state = parseOr400(basketStateSchema, data);
    await saveBasketState(this.ctx.db, caller.userId, requireCustomer(caller), state, this.ctx.now());
    return state;
  }

  async patch(_id: unknown, data: unknown, params: ProviderParams): Promise<BasketState> {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    const current = await loadBasketState(this.ctx.db, caller.userId, customerId);
    const state = parseOr400(basketStateSchema, { ...current, ...bodyOf(data) });
    await saveBasketState(this.ctx.db, caller.userId, customerId, state, this.ctx.now());
    return state;
  }

  async remove(_id: unknown, params: ProviderParams): Promise<BasketState> {
    const caller = callerOf(params);
    await this.ctx.db("basket_sessions").where({ user_id: caller.userId, customer_id: requireCustomer(caller) }).delete();
    return structuredClone(EMPTY_BASKET);
  }
}
