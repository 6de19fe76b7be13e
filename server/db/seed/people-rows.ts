/**
 * Rows for the business units and everyone in them: customers, users and their memberships,
 * departments, cost centres, contacts (wearers) with budgets, addresses and carriage.
 */
import { SECTOR_ROWS } from "./catalogue-rows";
import {
  CARRIAGE,
  CUSTOMERS,
  DEMO_USERS,
  FIRST_NAMES,
  LAST_NAMES,
  addressText,
  type AddressDef,
  type CustomerDef,
} from "./organisations";
import type { CustomerKey } from "./catalogue";
import type { Row, TableRows } from "./insert";
import type { Rng } from "./prng";

export interface Person {
  contactId: number;
  userId: number | null;
  name: string;
  departmentId: number;
}

export interface SeededAddress {
  id: number;
  def: AddressDef;
  text: string;
}

export interface CustomerContext {
  customer: CustomerDef;
  /** demo users who place orders here, by email */
  users: Map<string, Person>;
  /** contacts without a log-in who appear as the orderer on history */
  otherOrderers: Person[];
  wearers: Person[];
  addresses: SeededAddress[];
}

export interface PeopleResult {
  tables: TableRows;
  contexts: Record<CustomerKey, CustomerContext>;
}

const WEARERS_PER_CUSTOMER = 48;

export function buildPeople(opts: {
  rng: Rng;
  created: string;
  passwordHash: string;
  anchorDate: string;
}): PeopleResult {
  const { rng, created } = opts;
  const t: Record<string, Row[]> = {
    sectors: SECTOR_ROWS,
    customers: [],
    users: [],
    departments: [],
    cost_centres: [],
    contacts: [],
    user_customers: [],
    contact_budgets: [],
    addresses: [],
    carriage: [],
  };
  const userIdByEmail = new Map(DEMO_USERS.map((u) => [u.email, u.id]));
  for (const u of DEMO_USERS) {
    t.users.push({
      id: u.id,
      email: u.email,
      password_hash: opts.passwordHash,
      first_name: u.firstName,
      last_name: u.lastName,
      is_evolve_user: Boolean(u.isEvolveUser),
      is_enhanced_user: false,
      is_super_user: false,
      is_inactive: false,
      created_at: created,
    });
  }
  const contexts = {} as Record<CustomerKey, CustomerContext>;
  let departmentId = 1,
    costCentreId = 1,
    addressId = 1,
    membershipId = 1,
    budgetId = 1;
  const laterMemberships: Row[] = [];
  for (const customer of CUSTOMERS) {
    t.customers.push({
      id: customer.id,
      name: customer.name,
      sector_id: customer.sector === "healthcare" ? 2 : 1,
      payment_methods_json: JSON.stringify(customer.paymentMethods),
      is_inactive: false,
    });
    const departmentIds = customer.departments.map((name) => {
      t.departments.push({ id: departmentId, customer_id: customer.id, name, is_inactive: false });
      return departmentId++;
    });
    const costCentreIds = customer.costCentres.map((name) => {
      t.cost_centres.push({ id: costCentreId, customer_id: customer.id, name, is_inactive: false });
      return costCentreId++;
    });
    const addresses = customer.addresses.map((def) => {
      const text = addressText(def);
      t.addresses.push({
        id: addressId,
        customer_id: customer.id,
        kind: "customer",
        created_by_user_id: null,
        label: def.label,
        addressee: def.addressee,
        addr1: def.addr1,
        addr2: def.addr2,
        city: def.city,
        zip: def.zip,
        country: "GB",
        addr_text: text,
        is_inactive: false,
        created_at: created,
      });
      return { id: addressId++, def, text };
    });
    let contactId = customer.contactBase;
    const refNo = () => `${customer.prefix}-${String(10_000 + contactId - customer.contactBase).padStart(6, "0")}`;
    const addContact = (
      first: string,
      last: string,
      extra: { email?: string; grade?: string; manpack?: boolean; inactive?: boolean },
    ) => {
      const departmentIdOf = departmentIds[(contactId - customer.contactBase) % departmentIds.length];
      t.contacts.push({
        id: contactId,
        customer_id: customer.id,
        first_name: first,
        last_name: last,
        email: extra.email ?? null,
        grade: extra.grade ?? null,
        budget_type: extra.manpack ? (customer.budget === "points" ? "Points" : "Quantity") : null,
        employee_ref: refNo(),
        is_inactive: Boolean(extra.inactive),
        manpack_user: Boolean(extra.manpack),
        department_id: departmentIdOf,
        cost_centre_id: costCentreIds[(contactId - customer.contactBase) % costCentreIds.length],
      });
      return {
        contactId: contactId++,
        userId: null as number | null,
        name: `${first} ${last}`,
        departmentId: departmentIdOf,
      };
    };

    // The demo log-ins that belong here, each with its own contact (those added later after the generated contacts).
    const users = new Map<string, Person>();
    const addDemoUsers = (addedLater: boolean) => {
      for (const u of DEMO_USERS) {
        const m = u.memberships.find((x) => x.customer === customer.key);
        if (!m || Boolean(u.addedLater) !== addedLater) continue;
        const person = addContact(u.firstName, u.lastName, { email: u.email, grade: "Site Supervisor" });
        person.userId = u.id;
        users.set(u.email, person);
        (addedLater ? laterMemberships : t.user_customers).push({
          user_id: u.id,
          customer_id: customer.id,
          contact_id: person.contactId,
          permissions_json: JSON.stringify(m.permissions),
          is_approver: Boolean(m.isApprover),
          needs_approval: Boolean(m.needsApproval),
          wp_contact_only: Boolean(m.wpContactOnly),
          approver_user_id: m.approver ? userIdByEmail.get(m.approver)! : null,
        });
      }
    };
    addDemoUsers(false);
    const otherOrderers = Array.from({ length: 6 }, () =>
      addContact(rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES), { grade: customer.grades[customer.grades.length - 1] }),
    );
    const wearers: Person[] = [];
    for (let i = 0; i < WEARERS_PER_CUSTOMER; i++) {
      const inactive = i >= WEARERS_PER_CUSTOMER - 3; // a few leavers
      const w = addContact(rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES), {
        grade: rng.pick(customer.grades),
        manpack: true,
        inactive,
      });
      if (!inactive) wearers.push(w);
      addBudgets(t.contact_budgets, customer, w.contactId, rng, opts.anchorDate, () => budgetId++);
    }
    addDemoUsers(true);
    contexts[customer.key] = { customer, users, otherOrderers, wearers, addresses };
  }
  // memberships numbered in the order written, those of demo users added later last (decision 059)
  t.user_customers = [...t.user_customers, ...laterMemberships].map((m) => ({ id: membershipId++, ...m }));
  // A one-off address typed at checkout (kind 'custom').
  t.addresses.push({
    id: addressId++,
    customer_id: 1001,
    kind: "custom",
    created_by_user_id: 1,
    label: "Leeds Arena event site",
    addressee: "Northwind Events Team",
    addr1: "Arena Way",
    addr2: "",
    city: "Leeds",
    zip: "LS2 8BY",
    country: "GB",
    addr_text: "Arena Way, Leeds LS2 8BY",
    is_inactive: false,
    created_at: created,
  });
  t.carriage = CARRIAGE.map((c) => ({
    id: c.id,
    customer_id: null,
    description: c.description,
    shipping_flat_rate_amount: c.rate,
    minimum_order_amount: c.minimumOrder,
    is_inactive: false,
  }));
  return { tables: t, contexts };
}

/** Quantity customers get one allowance per garment group; points customers one pot of points. */
function addBudgets(
  rows: Row[],
  customer: CustomerDef,
  contactId: number,
  rng: Rng,
  anchorDate: string,
  nextId: () => number,
) {
  const resetDays = rng.pick([180, 365, 365]);
  const anchor = Date.parse(anchorDate);
  const resetDate = new Date(anchor + rng.int(10, resetDays) * 86_400_000).toISOString().slice(0, 10);
  const allowances: [string, number][] =
    customer.budget === "points"
      ? [["Points", rng.pick([80, 100, 120, 150])]]
      : [
          ["Tops", 5],
          ["Bottoms", 3],
          ["Outerwear", 1],
          ["Footwear", 1],
        ];
  for (const [type, qty] of allowances) {
    rows.push({
      id: nextId(),
      customer_id: customer.id,
      contact_id: contactId,
      type,
      qty,
      reset_days: resetDays,
      reset_date: resetDate,
      allocation_type: customer.budget,
      allocation_type_name: customer.budget === "points" ? "Points" : "Quantity",
      used_qty: rng.int(0, Math.floor(qty * 0.8)),
    });
  }
}
