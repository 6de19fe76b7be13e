import { BadRequest } from "@feathersjs/errors";
import { MAX_LIMIT } from "../../query/dialect";
import { callerOf, requireCustomer, type Ctx, type ProviderParams } from "../base";

// GET /api/order-filter-options (issue 13 item 2, decision 094): the order history's filter choices in one round
// trip — the customer's active contacts, departments and delivery addresses, each scoped exactly as
// GET /api/contact?isInactive=false, GET /api/department?isInactive=false and
// GET /api/customer-address?details.custrecord4.value[$ne]=true answer them ($limit 10000, their default sorts):
// the selected customer's only, and a wp_contact_only user's contacts are themselves alone. Nothing else is sent:
// the history needs an id and a name of each.

export interface OrderFilterOptions {
  contacts: Array<{ internalId: string; firstName: string; lastName: string }>;
  departments: Array<{ internalId: string; name: string }>;
  addresses: Array<{ internalId: string; label: string }>;
}

export class OrderFilterOptionsService {
  constructor(private ctx: Ctx) {}

  async find(params: ProviderParams): Promise<OrderFilterOptions> {
    const caller = callerOf(params);
    // customerId (provider staff acting for a customer) is taken off the query by the app's hook before this runs
    const [unknown] = Object.keys(params.query ?? {});
    if (unknown !== undefined) throw new BadRequest(`Unknown query parameter "${unknown}"`, { field: unknown });
    const customerId = requireCustomer(caller);
    const db = this.ctx.db;
    const contacts = db("contacts")
      .where({ "contacts.customer_id": customerId, "contacts.is_inactive": false })
      .orderBy([{ column: "contacts.last_name" }, { column: "contacts.id" }])
      .limit(MAX_LIMIT)
      .select("contacts.id", "contacts.first_name", "contacts.last_name");
    // SPEC §6: a wp_contact_only user sees only their own contact (as GET /api/contact answers them)
    if (caller.wpContactOnly) contacts.where("contacts.id", caller.contactId ?? -1);
    const departments = db("departments")
      .where({ "departments.customer_id": customerId, "departments.is_inactive": false })
      .orderBy([{ column: "departments.name" }, { column: "departments.id" }])
      .limit(MAX_LIMIT)
      .select("departments.id", "departments.name");
    const addresses = db("addresses")
      .where({ "addresses.customer_id": customerId, "addresses.kind": "customer", "addresses.is_inactive": false })
      .orderBy([{ column: "addresses.label" }, { column: "addresses.id" }])
      .limit(MAX_LIMIT)
      .select("addresses.id", "addresses.label");
    const [c, d, a] = await Promise.all([contacts, departments, addresses]);
    return {
      contacts: c.map((r) => ({ internalId: String(r.id), firstName: r.first_name, lastName: r.last_name })),
      departments: d.map((r) => ({ internalId: String(r.id), name: r.name })),
      addresses: a.map((r) => ({ internalId: String(r.id), label: r.label })),
    };
  }
}
