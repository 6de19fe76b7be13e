/**
 * Wearer packs in the demo data (issue 15 item 9, decision 097): what each grade is entitled to, budgets of both
 * kinds in each wearer-pack customer, and the wearers the screens need to show something: one nearly out of
 * allowance and one whose reset date has passed (the generated leavers are the inactive ones). Derived from the
 * people and catalogue rows without drawing from the random stream, so every other seeded row stays as it was.
 */
import { PRODUCTS, type CustomerKey } from "./catalogue";
import { CUSTOMERS } from "./organisations";
import type { Row } from "./insert";

/** Categories of kit by the kind of work a grade names (the first rule that matches wins). */
const RANGES: Array<{ match: RegExp; categories: string[] }> = [
  {
    match: /porter/i,
    categories: ["polos-tshirts", "work-trousers", "jackets-fleeces", "hi-vis-vests", "safety-trainers"],
  },
  {
    match: /nurse|sister|matron|hca|healthcare/i,
    categories: ["tunics", "scrubs", "safety-trainers", "disposable-gloves"],
  },
  {
    match: /engineer|technician|trackside/i,
    categories: [
      "work-trousers",
      "hi-vis-trousers",
      "hi-vis-jackets",
      "fr-coveralls",
      "fr-jackets-trousers",
      "safety-boots",
      "work-gloves",
      "head-eye",
    ],
  },
  {
    match: /supervisor|manager|leader/i,
    categories: ["polos-tshirts", "work-trousers", "jackets-fleeces", "hi-vis-vests", "hi-vis-jackets", "safety-boots"],
  },
  {
    match: /cleaning/i,
    categories: ["polos-tshirts", "work-trousers", "work-gloves", "disposable-gloves", "safety-trainers"],
  },
  {
    match: /security/i,
    categories: ["polos-tshirts", "work-trousers", "jackets-fleeces", "hi-vis-vests", "hi-vis-jackets", "safety-boots"],
  },
];

/** The readable names of the allocation types (items.allocation_type, the budgets' type). */
export const ALLOCATION_TYPE_NAMES: Record<string, string> = {
  Tops: "Shirts and tops",
  Bottoms: "Trousers",
  Outerwear: "Jackets and outerwear",
  Footwear: "Safety footwear",
  PPE: "PPE",
  Points: "Points",
};

const QUANTITY_ALLOWANCES: Array<[string, number]> = [
  ["Tops", 5],
  ["Bottoms", 3],
  ["Outerwear", 1],
  ["Footwear", 1],
];
const POINTS_ALLOWANCE = 120;
/** Grades whose budgets are of the customer's other kind, so each wearer-pack customer has both. */
const OTHER_KIND: Partial<Record<CustomerKey, RegExp>> = { northwind: /supervisor/i, harbour: /porter/i };

/** The item codes a grade of this customer is entitled to. */
export function gradeRange(customer: CustomerKey, grade: string): string[] {
  const range = RANGES.find((r) => r.match.test(grade));
  if (!range) return [];
  return PRODUCTS.filter((p) => p.customers.includes(customer) && range.categories.includes(p.category)).map(
    (p) => p.code,
  );
}

export interface WearerSeed {
  contact_budgets: Row[];
  entitlements: Row[];
}

/**
 * Budgets rewritten (numbered afresh, in the order of the generated ones) and entitlements added.
 * `itemIdOf` names the demo catalogue's parent item of a product code.
 */
export function buildWearerPacks(opts: {
  contacts: Row[];
  budgets: Row[];
  itemIdOf: (code: string) => number | undefined;
  anchorDate: string;
}): WearerSeed {
  const { contacts, itemIdOf } = opts;
  const anchorDay = opts.anchorDate.slice(0, 10);
  const passedDay = new Date(Date.parse(`${anchorDay}T00:00:00.000Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
  const budgetsOf = new Map<number, Row[]>();
  for (const b of opts.budgets)
    budgetsOf.set(Number(b.contact_id), [...(budgetsOf.get(Number(b.contact_id)) ?? []), b]);
  const budgets: Row[] = [];
  const entitlements: Row[] = [];
  let budgetId = 1;
  let entitlementId = 1;

  for (const customer of CUSTOMERS) {
    const mine = contacts.filter((c) => c.customer_id === customer.id);
    const active = mine.filter((c) => c.manpack_user && !c.is_inactive);
    const nearlyOut = active[0]?.id;
    const resetPassed = active[1]?.id;
    for (const c of mine) {
      const generated = budgetsOf.get(Number(c.id));
      if (!generated?.length) continue;
      const first = generated[0];
      const grade = String(c.grade ?? "");
      const points = (customer.budget === "points") !== Boolean(OTHER_KIND[customer.key]?.test(grade));
      const kept = points === (first.type === "Points");
      const allowances: Array<[string, number, number]> = kept
        ? generated.map((b) => [String(b.type), Number(b.qty), Number(b.used_qty)])
        : (points ? ([["Points", POINTS_ALLOWANCE]] as Array<[string, number]>) : QUANTITY_ALLOWANCES).map(
            ([type, qty]) => [type, qty, Number(c.id) % (Math.floor(qty * 0.8) + 1)],
          );
      for (const [type, qty, used] of allowances) {
        budgets.push({
          id: budgetId++,
          customer_id: customer.id,
          contact_id: c.id,
          type,
          qty,
          reset_days: first.reset_days,
          reset_date: c.id === resetPassed ? passedDay : first.reset_date,
          allocation_type: type,
          allocation_type_name: ALLOCATION_TYPE_NAMES[type] ?? type,
          used_qty: c.id === nearlyOut || c.id === resetPassed ? qty - (c.id === nearlyOut ? 1 : 0) : used,
        });
      }
    }
    const grades = [...new Set(mine.map((c) => c.grade).filter((g): g is string => typeof g === "string"))].sort();
    for (const grade of grades) {
      for (const code of gradeRange(customer.key, grade)) {
        const itemId = itemIdOf(code);
        if (itemId != null)
          entitlements.push({
            id: entitlementId++,
            customer_id: customer.id,
            grade,
            contact_id: null,
            item_id: itemId,
          });
      }
    }
    // one wearer's own entitlement beyond their grade's range ('contact products'): safety glasses
    const own = active[2];
    const glasses = itemIdOf("PP110");
    if (own && glasses != null && !gradeRange(customer.key, String(own.grade ?? "")).includes("PP110")) {
      entitlements.push({
        id: entitlementId++,
        customer_id: customer.id,
        grade: null,
        contact_id: own.id,
        item_id: glasses,
      });
    }
  }
  return { contact_budgets: budgets, entitlements };
}
