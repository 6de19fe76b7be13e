/** An order written: its header, ship groups, lines, allowances spent and basket emptied, in the caller's transaction. */
import { Conflict, Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { randomBytes } from "node:crypto";
import { isUpstreamIdValue } from "../../../app/domain/id-rule";
import { canApprove, type Caller } from "../../auth/caller";
import { addressPolicy } from "../address-rules";
import { json, money } from "../base";
import { basketKey, claimBasketVersion, loadBasketState, saveBasketState, type BasketKey } from "../basket-session";
import { pricesHiddenFrom } from "../prices-hidden";
import { entitledItemIds } from "../wearers";
import { spendAllowances } from "./allowances";
import { bad, PENDING_APPROVAL, PENDING_FULFILLMENT, STOCK_TYPE, WEARER_PACK_TYPE } from "./common";
import { resolveAddress, resolveCarriage, type Destination } from "./destinations";
import { notifyApprovers, type OrderMailCtx } from "./notifications";
import { type ManpackOrder, type StockOrder } from "./order-schemas";
import { pounds, priceLines, ShipGroups, type PricedLine } from "./pricing";
import type { ContactRow, OrderRow, UserCustomerRow } from "./rows";

export const BASKET_CHANGED = "Your basket changed since checkout was opened: check it and place the order again.";

/** Why a basket version cannot be spent: an order already placed from it, or a change since. */
export async function basketSpent(db: Knex, key: BasketKey, version: number): Promise<Conflict> {
  // orders of this basket only: a punchout session's basket counts its versions apart from the everyday one (decision 110)
  const placed: Pick<OrderRow, "tran_id"> | undefined = await db("orders")
    .where({ placed_by_user_id: key.userId, customer_id: key.customerId, basket_version: version })
    .whereRaw("coalesce(punchout_session, '') = ?", [key.punchoutSession])
    .orderBy("id")
    .first("tran_id");
  if (placed)
    return new Conflict(`This basket has already been ordered (${placed.tran_id}). Your basket is now empty.`, {
      field: "basketVersion",
      tranId: placed.tran_id,
    });
  return new Conflict(BASKET_CHANGED, { field: "basketVersion" });
}

/**
 * How a punchout OrderRequest (decision 110) differs from a person's order: its lines are priced at the prices the
 * basket was transferred at, and its address is the provider's choice (the request's ShipTo or the profile's
 * default address), not the profile user's, so the user's address permissions do not apply.
 */
export interface PlacementOptions {
  /** item id → unit price (pounds) to charge instead of today's catalogue price */
  rates?: ReadonlyMap<number, number>;
  addressChosenByProvider?: boolean;
}

export async function insertOrder(
  ctx: OrderMailCtx,
  trx: Knex.Transaction,
  caller: Caller,
  customerId: number,
  order: StockOrder | ManpackOrder,
  key: string | undefined,
  options: PlacementOptions = {},
): Promise<number> {
  const now = ctx.now();
  const unit: UserCustomerRow | undefined = await trx("user_customers")
    .where({ user_id: caller.userId, customer_id: customerId })
    .first();
  const contact: ContactRow | null | undefined = caller.contactId
    ? await trx("contacts").where("id", caller.contactId).first()
    : null;
  if (order.paymentMethod) {
    const customer: { payment_methods_json: string } | undefined = await trx("customers")
      .where("id", customerId)
      .first("payment_methods_json");
    const methods = json<Array<{ id: number }>>(customer?.payment_methods_json, [{ id: 0 }]);
    if (!methods.some((m) => m.id === order.paymentMethod!.custentitypayment_method)) {
      throw bad("paymentMethod.custentitypayment_method", "this payment method is not offered to the customer");
    }
  }

  // the live basket this order spends (decision 074): first, so a second order of it waits here and is refused
  if (
    order.basketVersion !== undefined &&
    !(await claimBasketVersion(trx, basketKey(caller, customerId), order.basketVersion, now))
  ) {
    throw await basketSpent(trx, basketKey(caller, customerId), order.basketVersion);
  }
  const policy = await addressPolicy(trx, caller, customerId);
  if (options.addressChosenByProvider)
    policy.rights = { choose: { stock: true, wearerPack: true }, type: true, typeOnly: false };
  type Line = PricedLine & { employee: number | null; dest: Destination };
  const lines: Line[] = [];
  // one delivery group per destination, charged its method's flat rate; field names the method's origin
  const groups = new ShipGroups<Destination, Line>();
  let employeeId: number | null = null;
  if (order.orderType === "standard") {
    const dest = await resolveAddress(
      trx,
      caller,
      customerId,
      { policy, use: "stock", addressId: order.addressId, custom: order.customAddress, field: "addressId" },
      now,
    );
    for (const l of await priceLines(trx, order.items, "items.")) {
      const rate = options.rates?.get(l.item.id);
      lines.push(
        rate === undefined
          ? { ...l, employee: null, dest }
          : { ...l, rate, amount: money(rate * l.qty), employee: null, dest },
      );
    }
    const carriage = await resolveCarriage(trx, customerId, order.shippingMethod, "shippingMethod", lines);
    groups.add(`${dest.id}`, dest, carriage, "shippingMethod", lines);
  } else {
    const contactIds = order.packs.map((p) => p.contactId);
    const wearers: ContactRow[] = await trx("contacts")
      .whereIn("id", contactIds)
      .where({ customer_id: customerId, is_inactive: false });
    const wearerIds = new Set(wearers.map((w) => w.id));
    for (const [i, pack] of order.packs.entries()) {
      if (!wearerIds.has(pack.contactId))
        throw bad(`packs.${i}.contactId`, `contact ${pack.contactId} is not an active contact of this customer`);
      // SPEC §6: wp_contact_only limits the contacts to the user's own, for ordering as for listing
      if (caller.wpContactOnly && pack.contactId !== caller.contactId) {
        throw new Forbidden("This account orders wearer packs for its own contact only", {
          field: `packs.${i}.contactId`,
        });
      }
      const dest = await resolveAddress(
        trx,
        caller,
        customerId,
        {
          policy,
          use: "wearerPack",
          addressId: pack.addressId ?? order.addressId,
          custom: order.customAddress,
          field: `packs.${i}.addressId`,
        },
        now,
      );
      const packLines = (await priceLines(trx, pack.items, `packs.${i}.items.`)).map((l) => ({
        ...l,
        employee: pack.contactId,
        dest,
      }));
      // only what the wearer is entitled to (decision 096)
      const wearer = wearers.find((w) => w.id === pack.contactId)!;
      const entitled = await entitledItemIds(trx, customerId, wearer);
      const notEntitled =
        entitled &&
        packLines.find(
          (l) => !entitled.has(l.item.id) && !(l.item.parent_id != null && entitled.has(l.item.parent_id)),
        );
      if (notEntitled) {
        const index = pack.items.findIndex((x) => x.internalId === notEntitled.item.id);
        throw bad(
          `packs.${i}.items.${index}.internalId`,
          `${wearer.first_name} ${wearer.last_name} is not entitled to ${notEntitled.item.display_name} (${notEntitled.item.item_code})`,
        );
      }
      lines.push(...packLines);
      // a default method is chosen for the pack's own lines; the group (this pack and later ones) only grows
      const carriage = await resolveCarriage(
        trx,
        customerId,
        pack.shippingMethod ?? order.shippingMethod,
        `packs.${i}.shippingMethod`,
        packLines,
      );
      groups.add(`${dest.id}`, dest, carriage, `packs.${i}.shippingMethod`, packLines);
    }
    employeeId = order.packs.length === 1 ? order.packs[0].contactId : null;
    await spendAllowances(trx, order.packs, lines, wearers, now);
  }

  // a delivery method's minimum order (decision 073) holds for the lines of its group, before VAT
  groups.checkMinimums({ pricesHidden: pricesHiddenFrom(caller) });

  const needsApproval = !!unit?.needs_approval && !caller.isEvolveUser;
  const { subTotal, shippingCost, taxTotal, totalPence } = groups.amounts();
  // a card charged the quote (GET /api/order-quote); a price changed since, and the order would total otherwise
  if (order.stripeAmount !== undefined && order.stripeAmount !== totalPence) {
    throw new Conflict(
      `The order now totals ${pounds(totalPence)}, not the ${pounds(order.stripeAmount)} charged to the card: prices changed while you were paying`,
      {
        field: "stripeAmount",
        totalPence,
      },
    );
  }
  const first = groups.list[0];
  const contactName = contact
    ? `${contact.first_name} ${contact.last_name}`.trim()
    : `${caller.firstName} ${caller.lastName}`.trim();
  const otherRef = order.otherRefNum || null;
  const [inserted]: Array<{ id: number } | number> = await trx("orders")
    .insert({
      tran_id: `PENDING-${randomBytes(8).toString("hex")}`,
      other_ref_num: otherRef,
      customer_id: customerId,
      placed_by_user_id: caller.userId,
      contact_id: caller.contactId,
      contact_name: contactName,
      employee_contact_id: employeeId,
      department_id: contact?.department_id ?? null,
      created_date: now.toISOString(),
      order_status: needsApproval ? PENDING_APPROVAL : PENDING_FULFILLMENT,
      sales_order_type_id: order.orderType === "manpack" ? WEARER_PACK_TYPE : STOCK_TYPE,
      sub_total: subTotal,
      shipping_cost: shippingCost,
      tax_total: taxTotal,
      shipping_method_id: first.carriage.id,
      ship_address_id: groups.list.length === 1 ? first.dest.id : null,
      ship_addressee: groups.list.length === 1 ? (first.dest.addressee ?? first.dest.name) : null,
      ship_addr1: groups.list.length === 1 ? first.dest.addr1 : null,
      ship_addr2: groups.list.length === 1 ? first.dest.addr2 : null,
      ship_city: groups.list.length === 1 ? first.dest.city : null,
      ship_zip: groups.list.length === 1 ? first.dest.zip : null,
      ship_addr_text: groups.list.length === 1 ? first.dest.text : null,
      message: order.deliveryInstructions ?? null,
      payment_method_id: order.paymentMethod?.custentitypayment_method ?? 0,
      stripe_id: order.stripeId ?? null,
      stripe_paid: order.stripePaid === true,
      pending_web_approval: needsApproval,
      approver_user_id: needsApproval ? (unit?.approver_user_id ?? null) : null,
      idempotency_key: key ?? null,
      basket_version: order.basketVersion ?? null,
      punchout_session: caller.punchoutSession,
    })
    .returning("id");
  const orderId: number = typeof inserted === "object" ? inserted.id : inserted;
  const tranId = `SO${100_000 + orderId}`;
  await trx("orders")
    .where("id", orderId)
    .update({ tran_id: tranId, search_text: `${contactName} ${otherRef ?? ""} ${tranId}`.toLowerCase() });
  // written in item order (line_no keeps the basket's): the report totals' triggers (decision 126) then lock their item
  // rows in one order in every placement, so two placements at once wait for each other rather than deadlock
  await trx("order_lines").insert(
    lines
      .map((l, i) => ({
        order_id: orderId,
        line_no: i + 1,
        item_id: l.item.id,
        parent_item_id: l.item.parent_id ?? null,
        item_code: l.item.item_code,
        name: l.item.display_name,
        quantity: l.qty,
        rate: l.rate,
        amount: l.amount,
        employee_contact_id: l.employee,
        ship_address_id: l.dest.id,
        ship_address_name: l.dest.name,
        quantity_fulfilled: 0,
      }))
      .sort((a, b) => a.item_id - b.item_id || a.line_no - b.line_no),
  );
  await trx("order_ship_groups").insert(
    groups.list.map((g) => ({
      order_id: orderId,
      address_id: g.dest.id,
      address_name: g.dest.name,
      address_text: g.dest.text,
      shipping_method_id: g.carriage.id,
      shipping_cost: g.carriage.shipping_flat_rate_amount,
    })),
  );
  if (order.orderType === "standard" && order.chosenBasket != null && isUpstreamIdValue(String(order.chosenBasket))) {
    // only a basket the caller may order from: their own, or (an approver) a punched-out one of the customer;
    // any other id is ignored, so nothing of a colleague's is written (decision 074)
    await trx("saved_baskets")
      .where({ id: Number(order.chosenBasket), customer_id: customerId })
      .where((w) => {
        w.where("user_id", caller.userId);
        if (canApprove(caller) || caller.isEvolveUser) w.orWhere("is_punchout", true);
      })
      .update({ checked_out: true, updated_at: now.toISOString() });
  }
  // the part of the live basket just ordered is emptied
  const basket = await loadBasketState(trx, basketKey(caller, customerId));
  if (order.orderType === "standard") {
    basket.stock = [];
    basket.loadedBasket = null; // the loaded saved basket went with its lines (decision 077)
  } else basket.manpack = [];
  await saveBasketState(trx, basketKey(caller, customerId), basket, now);
  if (needsApproval) {
    await notifyApprovers(
      trx,
      ctx.portalUrl,
      { orderId, tranId, customerId, approverUserId: unit?.approver_user_id ?? null, who: contactName },
      now,
    );
  }
  return orderId;
}
