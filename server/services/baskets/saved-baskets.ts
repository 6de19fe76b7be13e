import { BadRequest, Conflict, Forbidden, NotFound } from "@feathersjs/errors";
import { z } from "zod";
import { canApprove } from "../../auth/caller";
import {
  bodyOf,
  callerOf,
  idOf,
  json,
  ListService,
  requireCustomer,
  requireOrdering,
  type Ctx,
  type ProviderParams,
} from "../base";
import { parseOr400 } from "../basket-session";
import { basketOut, flag, id, requireOwnBasket, savedBasketsDef } from "./saved-basket-list";

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
