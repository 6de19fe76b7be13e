import type { HookContext } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { z } from "zod";
import type { Caller } from "../auth/caller";
import type { ProviderParams } from "./base";
import {
  adminQuery,
  canExist,
  customersById,
  idInput,
  listQuery,
  pageOf,
  peopleById,
  whereDays,
  type AdminCtx,
  type Page,
  type Person,
} from "./admin-common";

// The audit log (issue 20 item 8, decision 127): every admin write, and every write made under an act-as session.

export interface AuditEntry {
  adminUserId: number | null;
  asUserId?: number | null;
  subjectUserId?: number | null;
  customerId?: number | null;
  service: string;
  method: string;
  recordId?: string | number | null;
  summary: string;
  before?: unknown;
  after?: unknown;
}

const SECRET = /password|token|secret|hash/i;
const MAX_JSON = 20_000;

/** JSON text with secrets taken out; a very large value is stored as its size only. */
export function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, (key, v) => (key && SECRET.test(key) ? "[hidden]" : v));
  if (text === undefined) return null;
  return text.length > MAX_JSON ? JSON.stringify({ truncated: true, size: text.length }) : text;
}

export async function writeAudit(db: Knex, at: Date, entry: AuditEntry): Promise<void> {
  await db("audit_log").insert({
    at: at.toISOString(),
    admin_user_id: entry.adminUserId,
    as_user_id: entry.asUserId ?? null,
    subject_user_id: entry.subjectUserId ?? null,
    customer_id: entry.customerId ?? null,
    service: entry.service.slice(0, 100),
    method: entry.method.slice(0, 20),
    record_id: entry.recordId == null ? null : String(entry.recordId).slice(0, 100),
    summary: entry.summary.slice(0, 500),
    before_json: auditJson(entry.before),
    after_json: auditJson(entry.after),
  });
}

const WRITES = new Set(["create", "update", "patch", "remove"]);

/**
 * An app-level after hook: a successful write of any service made under an act-as session (the admin and the user
 * viewed as), or by an evolve user outside the admin services (e.g. acting for a customer with ?customerId=), is
 * written to the audit log. The admin services write their own entries, with before and after.
 */
export function auditWrites(ctx: { db: Knex; now: () => Date }) {
  return async (context: HookContext) => {
    if (!WRITES.has(context.method) || context.path.startsWith("api/admin/")) return;
    const caller = (context.params as ProviderParams).caller as Caller | undefined;
    if (!caller) return;
    const actingAdmin = caller.actingAdminUserId ?? null;
    if (actingAdmin == null && !caller.isEvolveUser) return;
    const service = context.path.replace(/^api\//, "");
    const id = context.id ?? null;
    const fields =
      context.data && typeof context.data === "object" && !Array.isArray(context.data)
        ? Object.keys(context.data).slice(0, 10)
        : [];
    await writeAudit(ctx.db, ctx.now(), {
      adminUserId: actingAdmin ?? caller.userId,
      asUserId: actingAdmin == null ? null : caller.userId,
      subjectUserId: actingAdmin == null ? null : caller.userId,
      customerId: caller.customerId,
      service,
      method: context.method,
      recordId: id == null ? null : String(id),
      summary: `${context.method} ${service}${id == null ? "" : ` ${id}`}${fields.length ? ` (${fields.join(", ")})` : ""}`,
      after: context.result,
    });
  };
}

export interface AuditOut {
  id: string;
  at: string;
  admin: Person | null;
  asUser: Person | null;
  subjectUser: Person | null;
  customer: { id: string; name: string } | null;
  service: string;
  method: string;
  recordId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
}

const parsed = (text: string | null) => {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Rows of audit_log → answers, with one query each for the people and customers of the page. */
export async function auditOut(db: Knex, rows: any[]): Promise<AuditOut[]> {
  const people = await peopleById(
    db,
    rows.flatMap((r) => [r.admin_user_id, r.as_user_id, r.subject_user_id]),
  );
  const customers = await customersById(
    db,
    rows.map((r) => r.customer_id),
  );
  const person = (id: number | null) => (id == null ? null : (people.get(Number(id)) ?? null));
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at,
    admin: person(r.admin_user_id),
    asUser: person(r.as_user_id),
    subjectUser: person(r.subject_user_id),
    customer: r.customer_id == null ? null : (customers.get(Number(r.customer_id)) ?? null),
    service: r.service,
    method: r.method,
    recordId: r.record_id ?? null,
    summary: r.summary,
    before: parsed(r.before_json),
    after: parsed(r.after_json),
  }));
}

/** The entries concerning a user: about them, or made while viewing as them. */
export const auditAbout = (db: Knex, userId: number) =>
  db("audit_log").where((w) => {
    w.where("subject_user_id", userId).orWhere("as_user_id", userId);
  });

export const NEWEST_AUDIT = [
  { column: "at", order: "desc" as const },
  { column: "id", order: "desc" as const },
];

const auditQuery = listQuery({ userId: idInput.optional(), adminId: idInput.optional() }, 50, true);

/** GET /api/admin/audit?userId=&adminId=&from=&to=&$limit=&$skip= — newest first. */
export class AdminAuditService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams): Promise<Page<AuditOut>> {
    const q = adminQuery(params, auditQuery) as z.infer<typeof auditQuery> & { from?: string; to?: string };
    const { db } = this.ctx;
    const filtered = q.userId != null ? auditAbout(db, canExist(q.userId) ? q.userId : 0) : db("audit_log");
    if (q.adminId != null) filtered.where("admin_user_id", canExist(q.adminId) ? q.adminId : 0);
    whereDays(filtered, "at", q.from, q.to);
    const { total, rows } = await pageOf<any>(filtered, q, NEWEST_AUDIT, ["*"]);
    return { total, limit: q.$limit, skip: q.$skip, data: await auditOut(db, rows) };
  }
}
