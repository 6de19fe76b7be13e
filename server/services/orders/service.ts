import type { Page } from "../../query/page";
import { bodyOf, callerOf, idOf, ListService, type ProviderParams } from "../base";
import { amendDeliveryAddress, isAddressAmendment } from "./address-amendment";
import { decideOrder } from "./approval";
import { findOrderedBy, orderedByOf, ordersDef } from "./listing";
import type { OrderMailCtx } from "./notifications";
import { attachDetails, type OrderOut } from "./output";
import { placeOrder } from "./placement";
import { visibleOrders } from "./visibility";

/** /api/order: list (with the orderedBy search), one order with its details, place, and PATCH (decide, or amend the address). */
export class OrderService extends ListService<OrderOut> {
  // the portal's address too: placing and deciding e-mail links to the order (issue 14 item 8)
  constructor(protected ctx: OrderMailCtx) {
    super(ctx, ordersDef());
  }

  async find(params: ProviderParams): Promise<Page<OrderOut>> {
    const caller = callerOf(params);
    const parsed = this.parse(params, caller);
    const text = orderedByOf(parsed);
    if (!text) return super.find(params);
    return findOrderedBy(this.ctx, this.def, caller, parsed, text);
  }

  async get(id: unknown, params: ProviderParams): Promise<OrderOut> {
    // details (lines, ship groups, despatches) always come with a single order
    const order = await super.get(id, { ...params, query: {} });
    await attachDetails(this.ctx.db, [order], true);
    return order;
  }

  async create(data: unknown, params: ProviderParams): Promise<OrderOut> {
    return this.get(await placeOrder(this.ctx, data, params), params);
  }

  /** PATCH /api/order/:id {decision: 'approve'} | {decision: 'reject', note} | {addressId}. */
  async patch(id: unknown, data: unknown, params: ProviderParams): Promise<OrderOut> {
    const caller = callerOf(params);
    const body = bodyOf(data);
    const orderId = idOf(id, "Order");
    if (isAddressAmendment(body)) {
      await amendDeliveryAddress(
        this.ctx.db,
        caller,
        await visibleOrders(this.ctx.db, caller).where("orders.id", orderId).first(),
        body,
      );
    } else {
      await decideOrder(this.ctx, caller, orderId, body);
    }
    return this.get(orderId, params);
  }
}
