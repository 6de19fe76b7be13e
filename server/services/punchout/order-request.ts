/** POST /api/punchout/order: the cXML OrderRequest that orders a transferred basket (decision 110). */
import { BadRequest, Conflict, Forbidden } from "@feathersjs/errors";
import type { HookContext } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { parsePermissions, type Caller } from "../../auth/caller";
import { json } from "../base";
import type { OrderMailCtx } from "../orders/notifications";
import { placeStockOrderWithin } from "../orders/placement";
import { parseAuxId, truthy } from "./items";
import { type TransferLine } from "./transfer-session";

// ---------------------------------------------------------------------------------------------------------------
// The OrderRequest

interface ProfileForOrder {
  id: number;
  customer_id: number;
  user_id: number;
  default_address_id: number | null;
}

interface OrderRequestBody {
  orderId: string;
  payloadId: string;
  comments?: string;
  shipTo?: {
    addressId?: string;
    name?: string;
    deliverTo?: string[];
    street?: string[];
    city?: string;
    postalCode?: string;
  };
  items: Array<{ lineNumber: number; supplierPartId: string; supplierPartAuxiliaryId?: string; quantity: number }>;
}

/** The profile user's caller in the profile's customer, inside the transfer's punchout session (decision 110). */
async function profileCaller(db: Knex, profile: ProfileForOrder, sessionId: number): Promise<Caller> {
  const row = await db("user_customers as uc")
    .join("users as u", "u.id", "uc.user_id")
    .where({ "uc.user_id": profile.user_id, "uc.customer_id": profile.customer_id })
    .first(
      "uc.contact_id",
      "uc.permissions_json",
      "uc.is_approver",
      "uc.needs_approval",
      "uc.wp_contact_only",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.is_inactive",
    );
  if (!row || row.is_inactive) throw new Forbidden("This punchout profile is no longer active");
  return {
    sessionId: 0,
    userId: profile.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isEvolveUser: false,
    isEnhancedUser: false,
    isSuperUser: false,
    customerId: profile.customer_id,
    contactId: row.contact_id,
    permissions: parsePermissions(row.permissions_json),
    isApprover: truthy(row.is_approver),
    needsApproval: truthy(row.needs_approval),
    wpContactOnly: truthy(row.wp_contact_only),
    punchoutSession: String(sessionId),
  };
}

/** The ShipTo as the order's typed address; 400 naming what is missing. */
function customAddressOf(shipTo: NonNullable<OrderRequestBody["shipTo"]>) {
  const street = (shipTo.street ?? []).filter((s) => s.trim() !== "");
  if (!street.length)
    throw new BadRequest('Invalid value at field "shipTo.street": the ShipTo address needs a street', {
      field: "shipTo.street",
    });
  if (!shipTo.city)
    throw new BadRequest('Invalid value at field "shipTo.city": the ShipTo address needs a city', {
      field: "shipTo.city",
    });
  if (!shipTo.postalCode || shipTo.postalCode.trim().length < 2) {
    throw new BadRequest('Invalid value at field "shipTo.postalCode": the ShipTo address needs a postcode', {
      field: "shipTo.postalCode",
    });
  }
  const addressee = shipTo.deliverTo?.find((d) => d.trim() !== "") ?? shipTo.name;
  return {
    label: (shipTo.name || street[0]).slice(0, 200),
    ...(addressee && { addressee: addressee.slice(0, 200) }),
    addr1: street[0],
    ...(street.length > 1 && { addr2: street.slice(1).join(", ").slice(0, 200) }),
    city: shipTo.city,
    zip: shipTo.postalCode,
  };
}

const lineField = (i: number) => `items.${i}`;

/**
 * Places the order an OrderRequest asks for, once. Every line must name a line of one transfer of the profile's
 * customer (by its auxiliary id), at most the quantity transferred; it is priced at the transferred price, delivered
 * to the ShipTo (typed) or the profile's default address, and placed as the profile's user. The same orderID and
 * payloadID again answer the order already made (duplicate: true); the same orderID with another payloadID is a 409.
 */
export async function placeOrderRequest(ctx: OrderMailCtx, profile: ProfileForOrder, body: OrderRequestBody) {
  const { db } = ctx;
  const already = async () => {
    const row = await db("punchout_transfers as t")
      .leftJoin("orders as o", "o.id", "t.order_id")
      .where({ "t.customer_id": profile.customer_id, "t.order_request_id": body.orderId })
      .first("t.order_payload_id", "t.order_id", "o.tran_id");
    if (!row) return null;
    if (row.order_payload_id !== body.payloadId) {
      throw new Conflict(`Order ${body.orderId} was already received with another payloadID`, { field: "payloadId" });
    }
    return { orderId: String(row.order_id), orderNumber: row.tran_id as string, duplicate: true };
  };
  const duplicateOrRefused = async () => {
    const made = await already();
    if (made) return made;
    throw new Conflict("This transferred basket has already been ordered");
  };
  const before = await already();
  if (before) return before;

  // every line names one transfer of this customer
  const refs = body.items.map((line, i) => {
    const aux = parseAuxId(line.supplierPartAuxiliaryId);
    if (!aux || aux.transferId == null) {
      throw new BadRequest(`Line ${line.lineNumber} (${line.supplierPartId}) was not transferred from this portal`, {
        field: `${lineField(i)}.supplierPartAuxiliaryId`,
      });
    }
    return { ...aux, transferId: aux.transferId, line, i };
  });
  const transferId = refs[0].transferId;
  const other = refs.find((r) => r.transferId !== transferId);
  if (other)
    throw new BadRequest(
      `Line ${other.line.lineNumber} (${other.line.supplierPartId}) is from another transferred basket: one order orders one basket`,
      { field: `${lineField(other.i)}.supplierPartAuxiliaryId` },
    );
  const transfer = await db("punchout_transfers").where({ id: transferId, customer_id: profile.customer_id }).first();
  if (!transfer)
    throw new BadRequest(
      `Line ${refs[0].line.lineNumber} (${refs[0].line.supplierPartId}) was not transferred from this portal`,
      { field: `${lineField(0)}.supplierPartAuxiliaryId` },
    );
  if (transfer.status === "awaiting-approval")
    throw new BadRequest("This basket is awaiting approval in the portal and was not returned for ordering");
  // ordered since the check above, perhaps by this very request sent twice at once: that is a duplicate
  if (transfer.status !== "transferred") return duplicateOrRefused();

  const transferred = json<TransferLine[]>(transfer.lines_json, []);
  const ordered = new Map<number, number>();
  for (const r of refs) {
    const line = transferred.find(
      (l) =>
        Number(l.itemId) === r.itemId && l.supplierPartId.toLowerCase() === r.line.supplierPartId.trim().toLowerCase(),
    );
    if (!line)
      throw new BadRequest(`Line ${r.line.lineNumber} (${r.line.supplierPartId}) was not in the transferred basket`, {
        field: `${lineField(r.i)}.supplierPartId`,
      });
    const qty = (ordered.get(r.itemId) ?? 0) + r.line.quantity;
    if (qty > line.quantity) {
      throw new BadRequest(
        `Line ${r.line.lineNumber} (${r.line.supplierPartId}) orders ${qty}, more than the ${line.quantity} transferred`,
        { field: `${lineField(r.i)}.quantity` },
      );
    }
    ordered.set(r.itemId, qty);
  }
  const rates = new Map(transferred.map((l) => [Number(l.itemId), l.unitPricePence / 100]));
  const caller = await profileCaller(db, profile, transfer.session_id);
  const now = ctx.now();
  const order = {
    orderType: "standard",
    items: [...ordered].map(([internalId, qty]) => ({ internalId, qty })),
    ...(body.shipTo ? { customAddress: customAddressOf(body.shipTo) } : { addressId: profile.default_address_id }),
    otherRefNum: body.orderId.slice(0, 100),
    ...(body.comments && { deliveryInstructions: body.comments.slice(0, 2000) }),
  };
  try {
    const placed = await db.transaction(async (trx) => {
      // the conditional update decides: of two OrderRequests for one transfer only one changes the row
      const won = await trx("punchout_transfers")
        .where({ id: transfer.id, status: "transferred" })
        .whereNull("order_request_id")
        .update({
          status: "ordered",
          order_request_id: body.orderId,
          order_payload_id: body.payloadId,
          ordered_at: now.toISOString(),
        });
      if (won !== 1) return null;
      const orderId = await placeStockOrderWithin(ctx, trx, caller, profile.customer_id, order, {
        rates,
        addressChosenByProvider: true,
      });
      await trx("punchout_transfers").where("id", transfer.id).update({ order_id: orderId });
      const tran = await trx("orders").where("id", orderId).first("tran_id");
      return { orderId: String(orderId), orderNumber: tran.tran_id as string, duplicate: false };
    });
    if (placed) return placed;
  } catch (error) {
    const code = (error as { code?: unknown } | null | undefined)?.code;
    if (!(code === "23505" || String(code).startsWith("SQLITE_CONSTRAINT"))) throw error;
  }
  // lost a race: the same request again is answered as a duplicate, anything else is refused
  return duplicateOrRefused();
}

/** After hook: a duplicate OrderRequest is answered 200, a new order 201. */
export function duplicateIs200(context: HookContext): void {
  if ((context.result as { duplicate?: boolean } | undefined)?.duplicate)
    context.http = { ...context.http, status: 200 };
}
