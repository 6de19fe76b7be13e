/** The customer's grades and each grade's standard allowances. */
import { BadRequest } from "@feathersjs/errors";
import type { Knex } from "knex";
import { callerOf, requireCustomer, type Ctx, type ProviderParams } from "../base";

/**
 * The customer's grades (decision 103): the grades its entitlements name and its active wearers hold, each once,
 * sorted (a blank grade is none).
 */
export async function customerGrades(db: Knex, customerId: number): Promise<string[]> {
  const [entitled, worn] = await Promise.all([
    db("entitlements").where("customer_id", customerId).whereNotNull("grade").distinct("grade"),
    db("contacts")
      .where({ customer_id: customerId, manpack_user: true, is_inactive: false })
      .whereNotNull("grade")
      .distinct("grade"),
  ]);
  const names = new Set([...entitled, ...worn].map((r: { grade: string }) => r.grade).filter((g) => g.trim() !== ""));
  return [...names].sort((a, b) => a.localeCompare(b, "en-GB") || (a < b ? -1 : a > b ? 1 : 0));
}

/** One standard allowance of a grade: a contact budget without its wearer, use or reset day. */
export interface GradeAllowance {
  type: string;
  qty: number;
  reset_days: number | null;
  allocation_type: string | null;
  allocation_type_name: string | null;
}

/**
 * A grade's standard allowances (decision 103), from the budgets of its `wearers` active wearers: each budget type
 * that at least half of them hold, with the allowance (quantity, reset days, allocation type and name) most of them
 * have (a tie: the larger quantity, then the longer period, then the first seen). A wearer's second budget of one
 * type is not counted. In the order the types first appear.
 */
export function standardAllowances(
  wearers: number,
  budgets: ReadonlyArray<GradeAllowance & { contact_id: number }>,
): GradeAllowance[] {
  const byType = new Map<string, Map<number, GradeAllowance>>();
  for (const b of budgets) {
    const holders = byType.get(b.type) ?? new Map<number, GradeAllowance>();
    if (!holders.has(b.contact_id)) holders.set(b.contact_id, b);
    byType.set(b.type, holders);
  }
  const out: GradeAllowance[] = [];
  for (const [type, holders] of byType) {
    if (holders.size * 2 < wearers) continue;
    const tally = new Map<string, { allowance: GradeAllowance; n: number }>();
    for (const b of holders.values()) {
      const allowance = {
        type,
        qty: b.qty,
        reset_days: b.reset_days ?? null,
        allocation_type: b.allocation_type ?? null,
        allocation_type_name: b.allocation_type_name ?? null,
      };
      const key = JSON.stringify([
        allowance.qty,
        allowance.reset_days,
        allowance.allocation_type,
        allowance.allocation_type_name,
      ]);
      const seen = tally.get(key);
      if (seen) seen.n += 1;
      else tally.set(key, { allowance, n: 1 });
    }
    const [best] = [...tally.values()].sort(
      (x, y) =>
        y.n - x.n || y.allowance.qty - x.allowance.qty || (y.allowance.reset_days ?? 0) - (x.allowance.reset_days ?? 0),
    );
    out.push(best.allowance);
  }
  return out;
}

/** The standard allowances of one of the customer's grades, read from its active wearers' budgets. */
export async function gradeAllowances(db: Knex, customerId: number, grade: string): Promise<GradeAllowance[]> {
  const wearers = () =>
    db("contacts").where({ customer_id: customerId, grade, manpack_user: true, is_inactive: false });
  const [counted, budgets] = await Promise.all([
    wearers().count({ n: "*" }).first(),
    db("contact_budgets").where("customer_id", customerId).whereIn("contact_id", wearers().select("id")).orderBy("id"),
  ]);
  return standardAllowances(Number(counted?.n ?? 0), budgets as Array<GradeAllowance & { contact_id: number }>);
}

/** GET /api/grade (decision 103): the customer's grades, sorted, as a list of `{name}`; no query parameters. */
export class GradeService {
  constructor(private ctx: Ctx) {}

  async find(params: ProviderParams) {
    const caller = callerOf(params);
    // customerId (provider staff acting for a customer) is taken off the query by the app's hook before this runs
    const [unknown] = Object.keys(params.query ?? {});
    if (unknown !== undefined) throw new BadRequest(`Unknown query parameter "${unknown}"`, { field: unknown });
    const names = await customerGrades(this.ctx.db, requireCustomer(caller));
    return { total: names.length, limit: names.length, skip: 0, data: names.map((name) => ({ name })) };
  }
}
