import { BadRequest, Forbidden, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import type { Caller } from "../auth/caller";
import { PERMISSIONS } from "../../app/domain/permissions";
import { callerOf, type Ctx, type ProviderParams } from "./base";
import { isReversedDayRange } from "../../app/domain/dates";
import { UPSTREAM_ID_PATTERN } from "../../app/domain/id-rule";
import { isRowIdText, MAX_ROW_ID } from "./ids";

// What every admin service (issue 20, decision 127) shares: the evolve-user check, input parsing with field errors,
// paging, date ranges, and the shapes of people and customers in answers.

export const ADMIN_REFUSAL = "Only provider staff may use the admin area";

/** Every admin call: an evolve user, not an act-as session (whose caller is the customer's user anyway). */
export function requireAdmin(params: ProviderParams): Caller {
  const caller = callerOf(params);
  if (!caller.isEvolveUser || caller.actingAdminUserId != null) throw new Forbidden(ADMIN_REFUSAL);
  return caller;
}

/** An admin call's query: the caller must be an admin (403 otherwise), and the query parses by `schema` (400 naming the field). */
export function adminQuery<S extends z.ZodTypeAny>(params: ProviderParams, schema: S): z.infer<S> {
  requireAdmin(params);
  return parseQuery(schema, params.query) as z.infer<S>;
}

/** A 400 whose `errors` maps each bad field to its message (nothing has been written). */
export function fieldErrors(errors: Record<string, string>): BadRequest {
  const [field, message] = Object.entries(errors)[0] ?? ["body", "Invalid input"];
  return new BadRequest(`Invalid value at field "${field}": ${message}`, { errors });
}

/**
 * Each field's first error. The keys are the client's (any name: `constructor`, `__proto__`, `toString`), so they are
 * gathered in a Map and made own properties of the answer; a plain object's `??=` would see the inherited ones.
 */
function errorsOf(error: z.ZodError): Record<string, string> {
  const errors = new Map<string, string>();
  const add = (field: string, message: string) => {
    if (!errors.has(field)) errors.set(field, message);
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add([...issue.path, key].join("."), "Unknown field");
      continue;
    }
    add(issue.path.length ? String(issue.path[0]) : "body", issue.message);
  }
  return Object.fromEntries(errors);
}

/** A JSON-object body parsed by a strict schema, or a 400 with every field's error. */
/** The start of an admin write: the caller, who must be an admin (else 403), the database and the time of the write. */
export function adminWrite(ctx: AdminCtx, params: ProviderParams) {
  return { caller: requireAdmin(params), db: ctx.db, now: ctx.now() };
}

export function parseBody<T>(schema: z.ZodType<T, any, any>, data: unknown): T {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw fieldErrors({ body: "The request body must be a JSON object" });
  }
  const result = schema.safeParse(data);
  if (!result.success) throw fieldErrors(errorsOf(result.error));
  return result.data;
}

/** A call that takes no query parameters: the first one sent is "Unknown parameter". */
export function noQuery(params: ProviderParams): void {
  const keys = Object.keys(params.query ?? {});
  if (keys.length) throw fieldErrors({ [keys[0]]: "Unknown parameter" });
}

/** A query string parsed by a strict schema: unknown parameters are "Unknown parameter". */
export function parseQuery<T>(schema: z.ZodType<T, any, any>, query: unknown): T {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  const errors = Object.entries(errorsOf(result.error)).map(([key, message]) => [
    key,
    message === "Unknown field" ? "Unknown parameter" : message,
  ]);
  throw fieldErrors(Object.fromEntries(errors));
}

/** An id in a body or query: digits or a positive integer; beyond the tables' range it names nothing (404 later). */
export const idInput = z
  .union(
    [
      z.string().regex(UPSTREAM_ID_PATTERN, "must be an id (digits)"),
      z.number().int("must be an id (digits)").positive("must be an id (digits)"),
    ],
    {
      errorMap: () => ({ message: "must be an id (digits)" }),
    },
  )
  .transform(Number);

/** Whether an id can name a row (ids beyond 32 bits never do). */
export const canExist = (id: number) => id <= MAX_ROW_ID;

/** A routed id (DELETE /…/:id, GET /…/:id): not digits, or out of range, is a 404. */
export function routeId(id: unknown, what: string): number {
  const s = String(id ?? "");
  if (!isRowIdText(s)) throw new NotFound(`${what} '${s}' not found`);
  return Number(s);
}

export const boolInput = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
  errorMap: () => ({ message: "must be true or false" }),
});

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    "must be a real date",
  );

/** Paging and a from/to day range: the fields every admin list may take. */
export function listQuery<S extends z.ZodRawShape>(shape: S, defaultLimit: number, withDates = false) {
  const base = z
    .object({
      ...shape,
      $limit: z.coerce
        .number({ invalid_type_error: "must be a number from 1 to 100" })
        .int("must be a whole number from 1 to 100")
        .min(1, "must be from 1 to 100")
        .max(100, "must be from 1 to 100")
        .default(defaultLimit),
      $skip: z.coerce
        .number({ invalid_type_error: "must be a whole number, 0 or more" })
        .int("must be a whole number, 0 or more")
        .min(0, "must be 0 or more")
        .default(0),
      ...(withDates ? { from: day.optional(), to: day.optional() } : {}),
    })
    .strict();
  return base.superRefine((v: any, ctx) => {
    if (isReversedDayRange(v.from, v.to))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["from"], message: "must be on or before the 'to' date" });
  });
}

/** The day range on a timestamp column: from the start of `from` to the end of `to` (UTC). */
export function whereDays(q: Knex.QueryBuilder, column: string, from?: string, to?: string): void {
  if (from) q.where(column, ">=", `${from}T00:00:00.000Z`);
  if (to) q.where(column, "<", new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString());
}

export interface Page<T> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
}

/** Counts the filtered rows and reads one page, in the given order. */
export async function pageOf<R>(
  filtered: Knex.QueryBuilder,
  page: { $limit: number; $skip: number },
  order: Array<{ column: string; order: "asc" | "desc" }>,
  columns: any[],
): Promise<{ total: number; rows: R[] }> {
  const counted = await filtered.clone().clearSelect().clearOrder().count({ n: "*" }).first();
  const rows = (await filtered.clone().orderBy(order).limit(page.$limit).offset(page.$skip).select(columns)) as R[];
  return { total: Number((counted as any)?.n ?? 0), rows };
}

/** How many rows of `table` name each of these ids in `column` (an id no row names is absent). */
export async function countsBy(db: Knex, table: string, column: string, ids: number[]): Promise<Map<number, number>> {
  const counts = ids.length
    ? await db(table).whereIn(column, ids).groupBy(column).select(column, db.raw("count(*) as n"))
    : [];
  return new Map(counts.map((c: any) => [Number(c[column]), Number(c.n)]));
}

export interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export const personOf = (u: { id: number; email: string; first_name: string; last_name: string }): Person => ({
  id: String(u.id),
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
});

/** People by id, one query for a page. */
export async function peopleById(db: Knex, ids: Array<number | null | undefined>): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null).map(Number))];
  if (!wanted.length) return new Map();
  const rows = await db("users").whereIn("id", wanted).select("id", "email", "first_name", "last_name");
  return new Map(rows.map((r: any) => [Number(r.id), personOf(r)]));
}

export async function customersById(
  db: Knex,
  ids: Array<number | null | undefined>,
): Promise<Map<number, { id: string; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null).map(Number))];
  if (!wanted.length) return new Map();
  const rows = await db("customers").whereIn("id", wanted).select("id", "name");
  return new Map(rows.map((r: any) => [Number(r.id), { id: String(r.id), name: r.name }]));
}

export async function requireUserRow(db: Knex, id: number): Promise<any> {
  const row = canExist(id) ? await db("users").where("id", id).first() : undefined;
  if (!row) throw new NotFound(`User '${id}' not found`);
  return row;
}

export async function requireCustomerRow(db: Knex, id: number): Promise<{ id: number; name: string }> {
  const row = canExist(id) ? await db("customers").where("id", id).first("id", "name") : undefined;
  if (!row) throw new NotFound(`Customer '${id}' not found`);
  return row;
}

/** SPEC §6's permissions: the portal's list (app/domain/permissions.ts), one source for both sides. */
export const KNOWN_PERMISSIONS: readonly string[] = PERMISSIONS;

export const permissionsInput = z
  .array(z.string({ invalid_type_error: "must be a list of permission names" }), {
    invalid_type_error: "must be a list of permission names",
  })
  .max(40, "too many permissions")
  .superRefine((list, ctx) => {
    const unknown = list.find((p) => !KNOWN_PERMISSIONS.includes(p));
    if (unknown !== undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `'${unknown.slice(0, 60)}' is not a known permission` });
  })
  .transform((list) => KNOWN_PERMISSIONS.filter((p) => list.includes(p)));

/** A contains pattern for `like … escape '\'`, lower-cased. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type AdminCtx = Ctx & { portalUrl: string };

export const MINUTES_ACTIVE = 15;
