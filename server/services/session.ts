import { BadRequest, NotFound } from "@feathersjs/errors";
import type { Caller } from "../auth/caller";
import { publicUser } from "../auth/authentication";
import { bodyOf, callerOf, json, type Ctx, type ProviderParams } from "./base";
import { basketFor, basketKey, loadBasketState } from "./basket-session";
import { awaitingApprovalBy } from "./baskets";
import { categoryTree } from "./catalogue";
import { isUpstreamIdValue } from "../../app/domain/id-rule";
import { priceFor } from "./prices-hidden";

export const PAYMENT_METHODS_DEFAULT = [{ id: 0, name: "On account" }];

/** GET /api/session — the caller's whole session; a handful of indexed queries, nothing per row. */
export async function buildSession(ctx: Ctx, caller: Caller) {
  const { db } = ctx;
  const customerId = caller.customerId;
  const [user, units] = await Promise.all([
    db("users").where("id", caller.userId).first(),
    db("user_customers as uc")
      .join("customers as c", "c.id", "uc.customer_id")
      .where("uc.user_id", caller.userId)
      .orderBy("c.name")
      .select("c.id", "c.name", "uc.contact_id"),
  ]);
  const customers = units.map((u: any) => ({
    internalId: String(u.id),
    name: u.name,
    contactId: String(u.contact_id),
  }));
  const selectedCustomer = customers.find((c) => Number(c.internalId) === customerId) ?? null;
  const totalReadNews = Number(
    (await db("news_reads").where("user_id", caller.userId).count({ n: "*" }).first())?.n ?? 0,
  );
  // an act-as session names the admin viewing as this user, for the portal's banner (decision 127)
  const admin =
    caller.actingAdminUserId == null
      ? undefined
      : await db("users").where("id", caller.actingAdminUserId).first("id", "email", "first_name", "last_name");
  const base = {
    user: publicUser(user),
    customers,
    selectedCustomer,
    punchoutSession: caller.punchoutSession,
    actingAdmin: admin ? publicUser(admin) : null,
  };
  const flags = {
    isEvolveUser: caller.isEvolveUser,
    isEnhancedUser: caller.isEnhancedUser,
    isSuperUser: caller.isSuperUser,
  };
  const setting = {
    isApprover: caller.isApprover,
    needsAproval: caller.needsApproval,
    userId: caller.userId,
    wp_contact_only: caller.wpContactOnly,
  };
  if (customerId == null || !selectedCustomer) {
    return {
      ...base,
      selectedCustomer: null,
      selectedUser: null,
      account: { permissions: [], totalReadNews, payment_methods: [], ...flags, sector: null },
      setting,
      contacts: [],
      customerSectors: [],
      costCentres: [],
      basketsToApprove: 0,
      basket: emptyBasket(),
      wishList: { productIds: [], items: [] },
      categories: [],
      hasPunchoutProfile: false,
    };
  }
  const [customer, contact, costCentres, basketsToApprove, basket, wish, categories, profile] = await Promise.all([
    db("customers as c")
      .leftJoin("sectors as s", "s.id", "c.sector_id")
      .where("c.id", customerId)
      .first("c.payment_methods_json", "s.id as sector_id", "s.name as sector_name"),
    db("contacts").where({ id: caller.contactId, customer_id: customerId }).first(),
    db("cost_centres").where({ customer_id: customerId, is_inactive: false }).orderBy("name").select("id", "name"),
    caller.isApprover
      ? awaitingApprovalBy(db("saved_baskets").where("saved_baskets.customer_id", customerId), caller)
          .count({ n: "*" })
          .first()
      : Promise.resolve({ n: 0 }),
    loadBasketState(db, basketKey(caller, customerId)),
    db("wish_list as w")
      .join("items as i", "i.id", "w.item_id")
      .where({ "w.user_id": caller.userId, "w.customer_id": customerId })
      .orderBy("w.id")
      .select("w.id as wish_id", "i.id", "i.display_name", "i.slug", "i.price", "i.default_image", "i.item_code"),
    categoryTree(db, { type: "full", customerId }),
    // whether the customer punches out at all: without a profile the portal offers no punched-out baskets (decision 161)
    db("punchout_profiles").where({ customer_id: customerId, is_active: true }).first("id"),
  ]);
  const sectorProducts = customer?.sector_id
    ? (await db("sector_products").where("sector_id", customer.sector_id).orderBy("item_id").select("item_id")).map(
        (r: any) => String(r.item_id),
      )
    : [];
  const sector = customer?.sector_id
    ? { internalId: String(customer.sector_id), name: customer.sector_name, products: sectorProducts }
    : null;
  const contactOut = contact ? contactSummary(contact) : null;
  return {
    ...base,
    selectedUser: contactOut && { ...contactOut, email: contact.email ?? caller.email },
    account: {
      permissions: caller.permissions,
      totalReadNews,
      payment_methods: json(customer?.payment_methods_json, PAYMENT_METHODS_DEFAULT),
      ...flags,
      sector,
    },
    setting,
    contacts: contactOut ? [contactOut] : [],
    customerSectors: sector ? [{ internalId: sector.internalId, name: sector.name }] : [],
    costCentres: costCentres.map((c: any) => ({ internalId: String(c.id), name: c.name })),
    basketsToApprove: Number((basketsToApprove as any)?.n ?? 0),
    // a caller with pricingHidden gets no prices here either, as from its own calls (decisions 059, 066)
    basket: basketFor(caller, basket),
    wishList: {
      productIds: wish.map((w: any) => String(w.id)),
      items: wish.map((w: any) => ({
        id: String(w.wish_id),
        internalId: String(w.id),
        displayName: w.display_name,
        itemId: w.item_code,
        slug: w.slug,
        price: priceFor(caller, w.price == null ? null : Number(w.price)),
        image: w.default_image,
      })),
    },
    categories,
    hasPunchoutProfile: profile !== undefined,
  };
}

export function contactSummary(c: any) {
  return {
    internalId: String(c.id),
    firstName: c.first_name,
    lastName: c.last_name,
    email: c.email ?? null,
    grade: c.grade ?? null,
    budgetType: c.budget_type ?? null,
    employeeRef: c.employee_ref ?? null,
    isInactive: !!c.is_inactive,
    manpackUser: !!c.manpack_user,
    department: c.department_id == null ? null : { internalId: String(c.department_id) },
    costCentre: c.cost_centre_id == null ? null : { internalId: String(c.cost_centre_id) },
  };
}

export function emptyBasket() {
  return { selectedBasketType: "stock-order-basket", stock: [], manpack: [], instructions: { stock: "", manpack: "" } };
}

export class SessionService {
  constructor(private ctx: Ctx) {}
  async find(params: ProviderParams) {
    return buildSession(this.ctx, callerOf(params));
  }
}

/** POST /api/select-customer {contactId}: switch the session's business unit; answers the new session. */
export class SelectCustomerService {
  constructor(private ctx: Ctx) {}
  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const body = bodyOf(data);
    const contactId = String(body.contactId ?? "");
    if (!isUpstreamIdValue(contactId)) throw new BadRequest("Invalid value for 'contactId'", { field: "contactId" });
    const unit = await this.ctx
      .db("user_customers")
      .where({ user_id: caller.userId, contact_id: Number(contactId) })
      .first();
    if (!unit) throw new NotFound(`Contact '${contactId}' is not one of yours`);
    await this.ctx
      .db("auth_sessions")
      .where("id", caller.sessionId)
      .update({ customer_id: unit.customer_id, contact_id: unit.contact_id });
    const updated: Caller = {
      ...caller,
      customerId: unit.customer_id,
      contactId: unit.contact_id,
      permissions: json<string[]>(unit.permissions_json, []),
      isApprover: !!unit.is_approver,
      needsApproval: !!unit.needs_approval,
      wpContactOnly: !!unit.wp_contact_only,
    };
    return buildSession(this.ctx, updated);
  }
}
