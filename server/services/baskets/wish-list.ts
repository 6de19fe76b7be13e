/** /api/wish-list: the caller's wish list. */
import { BadRequest } from "@feathersjs/errors";
import { z } from "zod";
import { type Caller } from "../../auth/caller";
import {
  bodyOf,
  callerOf,
  ListService,
  money,
  requireCatalogue,
  requireCustomer,
  type Ctx,
  type ListDef,
  type ProviderParams,
} from "../base";
import { parseOr400 } from "../basket-session";
import { priceFor } from "../prices-hidden";
import { id } from "./saved-basket-list";

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
