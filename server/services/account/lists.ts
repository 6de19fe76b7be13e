/** The customer's named lists: departments, cost centres, carriage. */
import { BadRequest } from "@feathersjs/errors";
import { type Caller } from "../../auth/caller";
import { type FieldSpec, type QuerySpec } from "../../query/dialect";
import { money, requireCustomer, scopeTo, tableListDef, type ListDef } from "../base";
import { basketKey, loadBasketState } from "../basket-session";
import { deliveryAvailability, deliveryRefusal, minimumOrderAmount } from "../delivery-rules";
import { pricedSubTotal } from "../orders";
import { priceFor, pricesHiddenFrom } from "../prices-hidden";

/** A customer-owned table listed with a whitelist; the common case of most account services. */
export function ownedDef<Out>(o: {
  what: string;
  table: string;
  fields: Record<string, FieldSpec>;
  sort: string;
  map: (r: any) => Out;
  where?: (q: any, caller: Caller, extras: Record<string, any>) => void;
  extras?: QuerySpec["extras"];
  defaultLimit?: number;
}): ListDef<Out> {
  return tableListDef(o.table, {
    what: o.what,
    spec: {
      fields: o.fields,
      extras: o.extras,
      defaultSort: [[`${o.table}.${o.sort}`, "asc"]],
      defaultLimit: o.defaultLimit,
    },
    base: (ctx, caller, parsed) => {
      const q = scopeTo(ctx.db(o.table), `${o.table}.customer_id`, caller);
      o.where?.(q, caller, parsed.extras);
      return q;
    },
    map: (_ctx, rows) => rows.map(o.map),
  });
}

const named = (table: string) =>
  ({
    internalId: { type: "int", column: `${table}.id`, sortable: true },
    name: { type: "string", column: `${table}.name`, sortable: true },
    isInactive: { type: "bool", column: `${table}.is_inactive` },
  }) satisfies Record<string, FieldSpec>;

const namedOut = (r: any) => ({ internalId: String(r.id), name: r.name, isInactive: !!r.is_inactive });

/** GET /api/department (isInactive=false) */
export const departmentsDef = () =>
  ownedDef({ what: "Department", table: "departments", fields: named("departments"), sort: "name", map: namedOut });

/** GET /api/cost-centre */
export const costCentresDef = () =>
  ownedDef({ what: "Cost centre", table: "cost_centres", fields: named("cost_centres"), sort: "name", map: namedOut });

/**
 * GET /api/carriage (isinactive[$match]=false): ship methods for every customer or this one, each with its minimum
 * order before VAT (decision 073). With forBasket=stock each also says whether the caller's live stock basket,
 * priced by the provider, reaches it, and how much more is needed.
 */
export const carriageDef = (): ListDef<unknown> =>
  tableListDef("carriage", {
    what: "Ship method",
    spec: {
      fields: {
        internalId: { type: "int", column: "carriage.id", sortable: true },
        description: { type: "string", column: "carriage.description", sortable: true },
        isinactive: { type: "bool", column: "carriage.is_inactive" },
        shippingflatrateamount: { type: "number", column: "carriage.shipping_flat_rate_amount", sortable: true },
      },
      extras: { forBasket: "string" },
      defaultSort: [["carriage.shipping_flat_rate_amount", "asc"]],
    },
    base: (ctx, caller, parsed) => {
      const customerId = requireCustomer(caller);
      if (parsed.extras.forBasket !== undefined && parsed.extras.forBasket !== "stock") {
        throw new BadRequest('Invalid query parameter "forBasket": expected "stock"', { field: "forBasket" });
      }
      return ctx.db("carriage").where((w) => {
        w.whereNull("carriage.customer_id").orWhere("carriage.customer_id", customerId);
      });
    },
    map: async (ctx, rows, caller, parsed) => {
      const basketSubTotal =
        parsed.extras.forBasket === "stock"
          ? await pricedSubTotal(
              ctx.db,
              (await loadBasketState(ctx.db, basketKey(caller, requireCustomer(caller)))).stock,
            )
          : null;
      return rows.map((r) => {
        const minimum = minimumOrderAmount(r);
        const method = {
          internalId: String(r.id),
          description: r.description,
          shippingflatrateamount: money(r.shipping_flat_rate_amount),
          isinactive: !!r.is_inactive,
          // only on a method that has a minimum
          ...(minimum != null && { minimumOrderAmount: minimum }),
        };
        if (basketSubTotal == null) return method;
        const { available, amountNeeded } = deliveryAvailability(r, basketSubTotal);
        // the words an order of this basket would be refused with (one rule, decision 073); the basket's value is not
        // sent to a caller with pricingHidden: no subtotal, no amount needed, a refusal without the amount (decision 066)
        const pricesHidden = pricesHiddenFrom(caller);
        return {
          ...method,
          basketSubTotal: priceFor(caller, basketSubTotal),
          available,
          amountNeeded: priceFor(caller, amountNeeded),
          ...(!available && { refusal: deliveryRefusal(r, basketSubTotal, { pricesHidden }) }),
        };
      });
    },
  });
