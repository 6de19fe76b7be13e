import { BadRequest, Conflict, Forbidden, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { canApprove, type Caller } from "../auth/caller";
import { parseOr400 } from "./basket-session";
import { idValue } from "./ids";
import { linesFor, priceFor } from "./prices-hidden";
import {
  bodyOf,
  byKey,
  callerOf,
  idOf,
  json,
  ListService,
  money,
  requireCatalogue,
  requireCustomer,
  requireOrdering,
  str,
  type Ctx,
  type ListDef,
  type ProviderParams,
} from "./base";

// the provider's one id rule (./ids.ts), as a number for the database
const id = idValue;
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")])
  .transform((v) => v === true || v === 1 || v === "1");

/** Own baskets, plus — for approvers — the customer's punched-out baskets awaiting them. */
function visibleBaskets(db: Knex, caller: Caller): Knex.QueryBuilder {
  const q = db("saved_baskets").where("saved_baskets.customer_id", requireCustomer(caller));
  if (caller.isEvolveUser) return q;
  return q.where((w) => {
    w.where("saved_baskets.user_id", caller.userId);
    if (canApprove(caller)) w.orWhere("saved_baskets.is_punchout", true);
  });
}

/**
 * Decision 138: the punched-out baskets awaiting an approver: saved in a punchout session, neither approved nor ordered,
 * and saved by someone else (nobody approves their own, as with orders). The session's basketsToApprove counts these.
 */
export function awaitingApprovalBy(q: Knex.QueryBuilder, caller: Caller): Knex.QueryBuilder {
  return q
    .where({
      "saved_baskets.is_punchout": true,
      "saved_baskets.punchout_approved": false,
      "saved_baskets.checked_out": false,
    })
    .whereNot("saved_baskets.user_id", caller.userId);
}

/** Decision 028: a saved basket is changed by the person who saved it (or provider staff acting for the customer). */
function requireOwnBasket(caller: Caller, basket: { user: { id: number } }): void {
  if (basket.user.id !== caller.userId && !caller.isEvolveUser)
    throw new Forbidden("Only the person who saved this basket may change it");
}

const basketOut = (r: any) => ({
  id: r.id,
  basket_name: r.basket_name,
  checked_out: r.checked_out ? 1 : 0,
  address_id: r.address_id == null ? null : String(r.address_id),
  is_punchout: r.is_punchout ? 1 : 0,
  punchout_approved: r.punchout_approved ? 1 : 0,
  // who saved it: approvers list other people's punched-out baskets and need to see whose they are
  user: {
    id: r.user_id,
    firstName: r.user_first_name ?? "",
    lastName: r.user_last_name ?? "",
    email: r.user_email ?? null,
  },
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const itemOut = (i: any) => ({
  internalId: String(i.item_id),
  parent: str(i.parent_id),
  price: i.price == null ? null : money(i.price),
  qty: i.qty,
  name: i.name,
  thumbnail: i.thumbnail ?? null,
});

function savedBasketsDef(): ListDef<ReturnType<typeof basketOut> & { itemsArray?: unknown[] }> {
  return {
    what: "Saved basket",
    idColumn: "saved_baskets.id",
    spec: {
      fields: {
        id: { type: "int", column: "saved_baskets.id", sortable: true },
        basket_name: { type: "string", column: "saved_baskets.basket_name", sortable: true },
        checked_out: { type: "bool", column: "saved_baskets.checked_out" },
        is_punchout: { type: "bool", column: "saved_baskets.is_punchout" },
        punchout_approved: { type: "bool", column: "saved_baskets.punchout_approved" },
        created_at: { type: "date", column: "saved_baskets.created_at", sortable: true },
        updated_at: { type: "date", column: "saved_baskets.updated_at", sortable: true },
      },
      // toApprove: only the punched-out baskets awaiting the caller's approval, not their own (decision 138)
      extras: { justBaskets: "bool", toApprove: "bool" },
      defaultSort: [["saved_baskets.updated_at", "desc"]],
      tieBreaker: "saved_baskets.id",
    },
    base: (ctx, caller, parsed) => {
      const q = visibleBaskets(ctx.db, caller);
      return (parsed.extras as { toApprove?: boolean }).toApprove ? awaitingApprovalBy(q, caller) : q;
    },
    select: (qb) =>
      qb
        .leftJoin("users", "users.id", "saved_baskets.user_id")
        .select(
          "saved_baskets.*",
          "users.first_name as user_first_name",
          "users.last_name as user_last_name",
          "users.email as user_email",
        ),
    map: async (ctx, rows, caller, parsed) => {
      const out = rows.map((r) => ({ ...basketOut(r), itemsArray: [] as unknown[] }));
      if ((parsed.extras as any).justBaskets || !rows.length) return out;
      const items = await ctx
        .db("saved_basket_items")
        .whereIn(
          "basket_id",
          rows.map((r) => r.id),
        )
        .orderBy("id");
      const by = byKey(items, (i: any) => i.basket_id);
      out.forEach((o) => (o.itemsArray = linesFor(caller, (by.get(o.id) ?? []).map(itemOut))));
      return out;
    },
  };
}

const savedLine = z
  .object({
    internalId: id.optional(),
    productId: id.optional(),
    parent: id.nullable().optional(),
    parentId: id.nullable().optional(),
    qty: z.number().int().min(1).max(99),
    price: z.number().nonnegative().nullable().optional(),
    name: z.string().max(300).optional(),
    thumbnail: z.string().max(500).nullable().optional(),
  })
  .passthrough()
  .refine((l) => l.internalId != null || l.productId != null, {
    message: "internalId is required",
    path: ["internalId"],
  });

const patchBody = z.union([
  z.object({ deleteBasket: flag, basketID: id }).strict(),
  z.object({ basket: id, checked_out: flag }).strict(),
  z.object({ basket_id: id, item_id: id, delete_from_saved: flag }).strict(),
  z.object({ basket_id: id, item_id: id, qty: z.number().int().min(0).max(99) }).strict(),
  z.object({ basket_id: id, item_id: id }).strict(),
]);

/**
 * /api/saved-basket — GET (justBaskets), GET /:id, POST {items, newBasketName},
 * PATCH /:id {punchout_approved, address_id}, PATCH (no id) with the five SPEC §7 bodies.
 */
export class SavedBasketService extends ListService<ReturnType<typeof basketOut>> {
  constructor(ctx: Ctx) {
    super(ctx, savedBasketsDef());
  }

  private async one(basketId: number, params: ProviderParams) {
    return this.get(basketId, { ...params, query: {} });
  }

  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    requireOrdering(caller, "standard");
    const body = parseOr400(
      z
        .object({
          items: z.array(savedLine).min(1).max(500),
          newBasketName: z.string().trim().min(1).max(200),
          address_id: id.nullable().optional(),
        })
        .strict(),
      bodyOf(data),
    );
    const db = this.ctx.db;
    const now = this.ctx.now().toISOString();
    const basketId = await db.transaction(async (trx) => {
      if (
        body.address_id != null &&
        !(await trx("addresses").where({ id: body.address_id, customer_id: customerId }).first())
      ) {
        throw new BadRequest('Invalid value at field "address_id": not one of this customer\'s addresses', {
          field: "address_id",
        });
      }
      const productIds = body.items.map((l) => (l.internalId ?? l.productId)!);
      const items = await trx("items").whereIn("id", productIds).where("is_inactive", false);
      const byId = new Map(items.map((i: any) => [i.id, i]));
      body.items.forEach((l, i) => {
        if (!byId.has((l.internalId ?? l.productId)!))
          throw new BadRequest(`Invalid value at field "items.${i}.internalId": product does not exist`, {
            field: `items.${i}.internalId`,
          });
      });
      const [row] = await trx("saved_baskets")
        .insert({
          customer_id: customerId,
          user_id: caller.userId,
          basket_name: body.newBasketName,
          address_id: body.address_id ?? null,
          is_punchout: !!caller.punchoutSession,
          created_at: now,
          updated_at: now,
        })
        .returning("id");
      const newId = typeof row === "object" ? row.id : row;
      await trx("saved_basket_items").insert(
        body.items.map((l) => {
          const item: any = byId.get((l.internalId ?? l.productId)!);
          return {
            basket_id: newId,
            item_id: item.id,
            parent_id: l.parent ?? l.parentId ?? item.parent_id ?? null,
            price: item.price,
            qty: l.qty,
            name: item.display_name,
            thumbnail: l.thumbnail ?? item.default_image ?? null,
          };
        }),
      );
      return newId;
    });
    return this.one(basketId, params);
  }

  async patch(rawId: unknown, data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const db = this.ctx.db;
    const now = this.ctx.now().toISOString();
    if (rawId != null) {
      const basket = await this.one(idOf(rawId, "Saved basket"), params);
      const body = parseOr400(
        z
          .object({
            punchout_approved: flag.optional(),
            address_id: id.nullable().optional(),
            basket_name: z.string().trim().min(1).max(200).optional(),
          })
          .strict(),
        bodyOf(data),
      );
      if (body.punchout_approved !== undefined) {
        if (!canApprove(caller)) throw new Forbidden("Only an approver may approve a punched-out basket");
        // as with orders (orders/approval.ts): another approver approves what one saved oneself (decision 138)
        if (basket.user.id === caller.userId)
          throw new Forbidden("You cannot approve a punched-out basket you saved yourself");
        // the id comes from a page's address: only a punched-out basket still waiting for its order can be approved
        if (!basket.is_punchout)
          throw new BadRequest(
            'Invalid value at field "punchout_approved": this basket was not saved in a punchout session',
            { field: "punchout_approved" },
          );
        if (basket.checked_out) throw new Conflict(`The basket '${basket.basket_name}' has already been ordered`);
      }
      // anything but the approval (name, address, or an empty body) is the owner's change of a stock basket
      if (body.punchout_approved === undefined || body.address_id !== undefined || body.basket_name !== undefined) {
        requireOrdering(caller, "standard");
        requireOwnBasket(caller, basket);
      }
      if (
        body.address_id != null &&
        !(await db("addresses")
          .where({ id: body.address_id, customer_id: requireCustomer(caller) })
          .first())
      ) {
        throw new BadRequest('Invalid value at field "address_id": not one of this customer\'s addresses', {
          field: "address_id",
        });
      }
      await db("saved_baskets")
        .where("id", basket.id)
        .update({
          ...(body.punchout_approved !== undefined && { punchout_approved: body.punchout_approved }),
          ...(body.address_id !== undefined && { address_id: body.address_id }),
          ...(body.basket_name !== undefined && { basket_name: body.basket_name }),
          updated_at: now,
        });
      return this.one(basket.id, params);
    }
    const body = parseOr400(patchBody, bodyOf(data));
    requireOrdering(caller, "standard");
    if ("deleteBasket" in body) {
      const basket = await this.one(body.basketID, params);
      requireOwnBasket(caller, basket);
      if (!body.deleteBasket) return basket;
      await db.transaction(async (trx) => {
        await trx("saved_basket_items").where("basket_id", basket.id).delete();
        await trx("saved_baskets").where("id", basket.id).delete();
      });
      return { ...basket, deleted: true };
    }
    if ("basket" in body) {
      const basket = await this.one(body.basket, params);
      // an approver who ordered a colleague's punched-out basket marks it ordered (decision 081), and only that
      const approversMark = canApprove(caller) && !!basket.is_punchout && body.checked_out;
      if (!approversMark) requireOwnBasket(caller, basket);
      await db("saved_baskets").where("id", basket.id).update({ checked_out: body.checked_out, updated_at: now });
      return this.one(basket.id, params);
    }
    const basket = await this.one(body.basket_id, params);
    requireOwnBasket(caller, basket);
    const existing = await db("saved_basket_items").where({ basket_id: basket.id, item_id: body.item_id }).first();
    if ("delete_from_saved" in body || ("qty" in body && body.qty === 0)) {
      if (!existing) throw new NotFound(`Product '${body.item_id}' is not in this basket`);
      await db("saved_basket_items").where("id", existing.id).delete();
    } else if ("qty" in body) {
      if (!existing) throw new NotFound(`Product '${body.item_id}' is not in this basket`);
      await db("saved_basket_items").where("id", existing.id).update({ qty: body.qty });
    } else if (existing) {
      await db("saved_basket_items")
        .where("id", existing.id)
        .update({ qty: Math.min(existing.qty + 1, 99) });
    } else {
      const item = await db("items").where({ id: body.item_id, is_inactive: false }).first();
      if (!item) throw new BadRequest('Invalid value at field "item_id": product does not exist', { field: "item_id" });
      const images = json<Record<string, string[]>>(item.images_json, {});
      await db("saved_basket_items").insert({
        basket_id: basket.id,
        item_id: item.id,
        parent_id: item.parent_id ?? null,
        price: item.price,
        qty: Math.max(1, item.minimum_sale_quantity ?? 1),
        name: item.display_name,
        thumbnail: item.default_image ?? Object.values(images)[0]?.[0] ?? null,
      });
    }
    await db("saved_baskets").where("id", basket.id).update({ updated_at: now });
    return this.one(basket.id, params);
  }
}

const wishOut = (r: any, caller: Caller) => ({
  id: String(r.id),
  product_id: String(r.item_id),
  item: {
    internalId: String(r.item_id),
    displayName: r.display_name,
    itemId: r.item_code,
    slug: r.slug,
    price: priceFor(caller, r.price == null ? null : money(r.price)),
    image: r.default_image ?? null,
  },
});

function wishListDef(): ListDef<ReturnType<typeof wishOut>> {
  return {
    what: "Wish list entry",
    idColumn: "wish_list.item_id",
    spec: {
      fields: { product_id: { type: "int", column: "wish_list.item_id" } },
      defaultSort: [["wish_list.id", "asc"]],
      defaultLimit: 1000,
    },
    base: (ctx, caller) =>
      ctx
        .db("wish_list")
        .where({ "wish_list.customer_id": requireCustomer(caller), "wish_list.user_id": caller.userId }),
    select: (qb) =>
      qb
        .join("items", "items.id", "wish_list.item_id")
        .select(
          "wish_list.*",
          "items.display_name",
          "items.item_code",
          "items.slug",
          "items.price",
          "items.default_image",
        ),
    map: (_ctx, rows, caller) => rows.map((r) => wishOut(r, caller)),
  };
}

/** /api/wish-list — GET, POST {product_id}, DELETE /:productId (the id is the product's internalId). */
export class WishListService extends ListService<ReturnType<typeof wishOut>> {
  constructor(ctx: Ctx) {
    super(ctx, wishListDef());
  }
  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    requireCatalogue(caller);
    const { product_id } = parseOr400(z.object({ product_id: id }).strict(), bodyOf(data));
    const item = await this.ctx.db("items").where({ id: product_id, is_inactive: false }).first("id");
    if (!item)
      throw new BadRequest('Invalid value at field "product_id": product does not exist', { field: "product_id" });
    await this.ctx
      .db("wish_list")
      .insert({
        customer_id: customerId,
        user_id: caller.userId,
        item_id: product_id,
        created_at: this.ctx.now().toISOString(),
      })
      .onConflict(["user_id", "customer_id", "item_id"])
      .ignore();
    return this.get(product_id, { ...params, query: {} });
  }
  async remove(rawId: unknown, params: ProviderParams) {
    const entry = await this.get(rawId, { ...params, query: {} });
    await this.ctx.db("wish_list").where("id", Number(entry.id)).delete();
    return entry;
  }
}
