import { BadRequest, Conflict, Forbidden, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { has, type Caller } from "../../auth/caller";
import { addressPolicy, requireAddressChoice } from "../address-rules";
import { idValue } from "../ids";
import { WEARER_PACK_TYPE } from "./common";
import type { AddressRow, OrderRow } from "./rows";

/** A PATCH /api/order/:id body that changes the delivery address rather than deciding an approval. */
export function isAddressAmendment(body: Record<string, unknown>): boolean {
  return "addressId" in body;
}

const amendment = z.object({ addressId: idValue }).strict();

/**
 * PATCH /api/order/:id {addressId}: the delivery address of a visible order, with amendOrderDeliveryAddress,
 * to an active address of the order's customer, only while nothing is despatched and for a single-address order
 * (the conditional update also refuses a despatch that lands meanwhile). The new address follows SPEC §6 as an
 * order's does (decision 075): another than the default needs dellAddress (indAddress for a wearer pack).
 * Order, ship group and lines change together or not at all.
 */
export async function amendDeliveryAddress(
  db: Knex,
  caller: Caller,
  order: OrderRow | undefined,
  body: Record<string, unknown>,
): Promise<void> {
  if (!order) throw new NotFound("Order not found");
  const parsed = amendment.safeParse(body);
  if (!parsed.success)
    throw new BadRequest('Invalid value at field "addressId": expected an address id', { field: "addressId" });
  if (!has(caller, "amendOrderDeliveryAddress") && !caller.isEvolveUser)
    throw new Forbidden("This account may not change delivery addresses");
  if (order.web_rejected) throw new Conflict(`Order ${order.tran_id} was rejected; its address cannot be changed`);
  const { addressId } = parsed.data;
  await db.transaction(async (trx) => {
    if (await trx("despatches").where("order_id", order.id).first("id")) {
      throw new Conflict(`Order ${order.tran_id} has already been despatched; its address cannot be changed`);
    }
    const groups = await trx("order_ship_groups").where("order_id", order.id).count({ n: "*" }).first();
    if (Number(groups?.n ?? 0) > 1) {
      throw new BadRequest(`Order ${order.tran_id} has several delivery addresses; they cannot be changed here`, {
        field: "addressId",
      });
    }
    const a: AddressRow | undefined = await trx("addresses")
      .where({ id: addressId, customer_id: order.customer_id, is_inactive: false })
      .first();
    if (!a)
      throw new BadRequest(
        `Invalid value at field "addressId": address ${addressId} is not one of this customer's delivery addresses`,
        { field: "addressId" },
      );
    requireAddressChoice(
      await addressPolicy(trx, caller, order.customer_id),
      order.sales_order_type_id === WEARER_PACK_TYPE ? "wearerPack" : "stock",
      a.id,
      "addressId",
    );
    const updated = await trx("orders")
      .where("id", order.id)
      .whereNotExists((q) => {
        q.from("despatches").where("despatches.order_id", order.id).select(trx.raw("1"));
      })
      .update({
        ship_address_id: a.id,
        ship_addressee: a.addressee ?? a.label,
        ship_addr1: a.addr1,
        ship_addr2: a.addr2,
        ship_city: a.city,
        ship_zip: a.zip,
        ship_addr_text: a.addr_text,
      });
    if (updated === 0)
      throw new Conflict(`Order ${order.tran_id} has already been despatched; its address cannot be changed`);
    await trx("order_ship_groups")
      .where("order_id", order.id)
      .update({ address_id: a.id, address_name: a.label, address_text: a.addr_text });
    await trx("order_lines").where("order_id", order.id).update({ ship_address_id: a.id, ship_address_name: a.label });
  });
}
