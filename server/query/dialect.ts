import { BadRequest } from "@feathersjs/errors";
import type { Knex } from "knex";

/**
 * The Feathers query dialect, parsed against a per-service whitelist and turned into Knex.
 * Anything not declared (field, operator, parameter) or a value of the wrong type is a 400
 * whose message names the parameter as it was sent, e.g. "Invalid query parameter 'tranId[$bogus]'".
 */

export type FieldType = "int" | "string" | "bool" | "date" | "number";

export type Operator = "eq" | "$in" | "$nin" | "$ne" | "$gte" | "$lte" | "$gt" | "$lt" | "$match";

export type Value = string | number | boolean | null;

export interface FieldSpec {
  type: FieldType;
  /** Column (qualified as needed). Omit when `filter` does the work. */
  column?: string;
  ops?: Operator[];
  sortable?: boolean;
  /** Only sortable, not filterable. */
  sortOnly?: boolean;
  /** Custom condition (e.g. a subquery). `value` is already typed; an array for $in/$nin. */
  filter?: (qb: Knex.QueryBuilder, op: Operator, value: Value | Value[]) => void;
}

export type ExtraType = "bool" | "int" | "string" | "stringList" | "intList";

export interface QuerySpec {
  fields: Record<string, FieldSpec>;
  /** Non-filter parameters a service understands (includeChildren, scope…), with their types. */
  extras?: Record<string, ExtraType>;
  defaultSort: Array<[column: string, direction: "asc" | "desc"]>;
  /** Appended to every sort so paging is stable. */
  tieBreaker?: string;
  defaultLimit?: number;
  /**
   * Decision 030: deep pages seek their ids on the sort index from the nearer end (the tie-breaker is the
   * table's unique key) and read only the page's rows; and the total is kept until a table it reads is written.
   */
  fastPaging?: boolean;
}

export interface ParsedQuery {
  conditions: Array<(qb: Knex.QueryBuilder) => void>;
  sort: Array<[string, "asc" | "desc"]>;
  limit: number;
  skip: number;
  extras: Record<string, unknown>;
  /** Top-level parameter names that were sent. */
  keys: string[];
  /** Those of `keys` that only exclude records (`f[$ne]`, `f[$nin]`), rather than name the ones wanted. */
  exclusionKeys: string[];
  /** The unique key column a deep page is sought by, when the spec asks for fast paging (decision 030). */
  keyColumn?: string;
}

export const DEFAULT_LIMIT = 16;

export const MAX_LIMIT = 10_000;

const COMPARISON: Operator[] = ["eq", "$in", "$nin", "$ne", "$gte", "$lte", "$gt", "$lt"];

const DEFAULT_OPS: Record<FieldType, Operator[]> = {
  int: [...COMPARISON, "$match"],
  number: [...COMPARISON],
  date: ["eq", "$gte", "$lte", "$gt", "$lt", "$ne"],
  string: ["eq", "$in", "$nin", "$ne", "$match"],
  bool: ["eq", "$ne", "$match"],
};

const SQL_OP: Partial<Record<Operator, string>> = { $ne: "<>", $gte: ">=", $lte: "<=", $gt: ">", $lt: "<" };

export function invalid(name: string, why?: string): BadRequest {
  return new BadRequest(`Invalid query parameter '${name}'${why ? `: ${why}` : ""}`, { field: name });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** qs turns long arrays into objects with numeric keys; accept both, and "a,b" strings. */
function asList(raw: unknown): unknown[] | undefined {
  if (Array.isArray(raw)) return raw;
  if (isPlainObject(raw) && Object.keys(raw).every((k) => /^\d+$/.test(k))) return Object.values(raw);
  if (typeof raw === "string") return raw === "" ? [] : raw.split(",");
  if (typeof raw === "number") return [raw];
  return undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function coerce(type: FieldType | "int", raw: unknown, name: string, op: Operator = "eq"): Value {
  if (raw === null || raw === "null") {
    if (op === "eq" || op === "$ne") return null;
    throw invalid(name, "null is not allowed here");
  }
  switch (type) {
    case "int": {
      const s = String(raw).trim();
      if (!/^-?\d{1,15}$/.test(s)) throw invalid(name, "expected an integer");
      return Number(s);
    }
    case "number": {
      const n = Number(raw);
      if (typeof raw === "object" || String(raw).trim() === "" || !Number.isFinite(n))
        throw invalid(name, "expected a number");
      return n;
    }
    case "bool": {
      if (raw === true || raw === "true" || raw === "1" || raw === 1) return true;
      if (raw === false || raw === "false" || raw === "0" || raw === 0) return false;
      throw invalid(name, "expected true or false");
    }
    case "date": {
      const s = String(raw).trim();
      if (!ISO_DATE.test(s) || Number.isNaN(Date.parse(s))) throw invalid(name, "expected an ISO date");
      if (s.length === 10) {
        // a calendar date bound covers the whole day
        return op === "$lte" || op === "$gt" ? `${s}T23:59:59.999Z` : `${s}T00:00:00.000Z`;
      }
      return new Date(s).toISOString();
    }
    case "string": {
      if (typeof raw === "object") throw invalid(name, "expected a text value");
      return String(raw);
    }
  }
}

/** `lower(col) LIKE '%value%'` with LIKE metacharacters escaped; works on SQLite and PostgreSQL. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function whereContains(qb: Knex.QueryBuilder, column: string, text: string, alreadyLower = false): void {
  const pattern = containsPattern(text);
  if (alreadyLower) qb.whereRaw(`?? like ? escape '\\'`, [column, pattern]);
  else qb.whereRaw(`lower(??) like ? escape '\\'`, [column, pattern]);
}

/** `column` starts with `prefix` (case as given): an index range on SQLite, LIKE 'x%' on PostgreSQL. */
export function wherePrefix(qb: Knex.QueryBuilder, column: string, prefix: string): void {
  if ((qb as any).client?.config?.client === "pg") {
    qb.orWhereRaw(`?? like ? escape '\\'`, [column, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  } else {
    qb.orWhere((w) => {
      w.where(column, ">=", prefix).where(column, "<", `${prefix}\uffff`);
    });
  }
}

function applyOne(qb: Knex.QueryBuilder, spec: FieldSpec, op: Operator, value: Value | Value[]): void {
  if (spec.filter) return spec.filter(qb, op, value);
  const column = spec.column!;
  if (op === "$in") qb.whereIn(column, value as Value[] as string[]);
  else if (op === "$nin") qb.whereNotIn(column, value as Value[] as string[]);
  else if (op === "$match" && spec.type === "string") whereContains(qb, column, String(value));
  else if (op === "eq" || op === "$match") value === null ? qb.whereNull(column) : qb.where(column, value as string);
  else if (op === "$ne")
    value === null
      ? qb.whereNotNull(column)
      : qb.where((w) => {
          w.whereNot(column, value as string).orWhereNull(column);
        });
  else qb.where(column, SQL_OP[op]!, value as string);
}

function parseField(name: string, spec: FieldSpec, raw: unknown): Array<(qb: Knex.QueryBuilder) => void> {
  if (spec.sortOnly) throw invalid(name);
  const allowed = spec.ops ?? DEFAULT_OPS[spec.type];
  const entries: Array<[Operator, unknown, string]> = [];
  if (isPlainObject(raw)) {
    for (const [op, v] of Object.entries(raw)) entries.push([op as Operator, v, `${name}[${op}]`]);
  } else if (Array.isArray(raw)) {
    entries.push(["$in", raw, name]);
  } else {
    entries.push(["eq", raw, name]);
  }
  return entries.map(([op, v, label]) => {
    if (!allowed.includes(op)) throw invalid(label);
    let value: Value | Value[];
    if (op === "$in" || op === "$nin") {
      const list = asList(v);
      if (!list) throw invalid(label, "expected a list");
      if (list.length > MAX_LIMIT) throw invalid(label, "too many values");
      value = list.map((x) => coerce(spec.type, x, label, op));
    } else {
      value = coerce(spec.type, v, label, op);
    }
    return (qb: Knex.QueryBuilder) => applyOne(qb, spec, op, value);
  });
}

function parseConditions(
  query: Record<string, unknown>,
  spec: QuerySpec,
  prefix = "",
): Array<(qb: Knex.QueryBuilder) => void> {
  const out: Array<(qb: Knex.QueryBuilder) => void> = [];
  for (const [key, raw] of Object.entries(query)) {
    const fieldSpec = Object.hasOwn(spec.fields, key) ? spec.fields[key] : undefined;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (!fieldSpec) throw invalid(name);
    out.push(...parseField(name, fieldSpec, raw));
  }
  return out;
}

function parseInt0(raw: unknown, name: string, max: number): number {
  const n = coerce("int", raw, name) as number;
  if (n < 0 || n > max) throw invalid(name, `expected 0 to ${max}`);
  return n;
}

export function parseExtra(type: ExtraType, raw: unknown, name: string): unknown {
  switch (type) {
    case "bool":
      return coerce("bool", raw, name);
    case "int":
      return coerce("int", raw, name);
    case "string":
      return coerce("string", raw, name);
    case "stringList":
    case "intList": {
      const list = asList(raw);
      if (!list) throw invalid(name, "expected a list");
      return list.map((x) => coerce(type === "intList" ? "int" : "string", x, name));
    }
  }
}

export function parseQuery(query: Record<string, unknown> | undefined, spec: QuerySpec): ParsedQuery {
  const result: ParsedQuery = {
    conditions: [],
    sort: [],
    limit: spec.defaultLimit ?? DEFAULT_LIMIT,
    skip: 0,
    extras: {},
    keys: Object.keys(query ?? {}),
    exclusionKeys: Object.entries(query ?? {})
      .filter(
        ([, raw]) =>
          isPlainObject(raw) &&
          Object.keys(raw).length > 0 &&
          Object.keys(raw).every((op) => op === "$ne" || op === "$nin"),
      )
      .map(([key]) => key),
  };
  const rest: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query ?? {})) {
    if (key === "$limit") result.limit = parseInt0(raw, "$limit", MAX_LIMIT);
    else if (key === "$skip") result.skip = parseInt0(raw, "$skip", Number.MAX_SAFE_INTEGER);
    else if (key === "$sort") {
      if (!isPlainObject(raw)) throw invalid("$sort", "expected $sort[field]=1|-1");
      for (const [field, dir] of Object.entries(raw)) {
        const f = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
        if (!f?.sortable || !f.column) throw invalid(`$sort[${field}]`);
        if (!["1", "-1", 1, -1].includes(dir as string)) throw invalid(`$sort[${field}]`, "expected 1 or -1");
        result.sort.push([f.column, Number(dir) === 1 ? "asc" : "desc"]);
      }
    } else if (key === "$or") {
      const branches = asList(raw);
      if (!branches || !branches.every(isPlainObject)) throw invalid("$or", "expected $or[0][field]=…");
      const parsed = branches.map((b, i) => parseConditions(b as Record<string, unknown>, spec, `$or[${i}]`));
      result.conditions.push((qb) => {
        qb.where((outer) => {
          for (const conds of parsed) outer.orWhere((inner) => conds.forEach((c) => c(inner)));
        });
      });
    } else if (spec.extras && Object.hasOwn(spec.extras, key)) {
      result.extras[key] = parseExtra(spec.extras[key], raw, key);
    } else rest[key] = raw;
  }
  result.conditions.push(...parseConditions(rest, spec));
  if (result.sort.length === 0) result.sort = [...spec.defaultSort];
  if (spec.tieBreaker && !result.sort.some(([c]) => c === spec.tieBreaker)) {
    result.sort.push([spec.tieBreaker, result.sort[0]?.[1] ?? "asc"]);
  }
  if (spec.fastPaging && spec.tieBreaker) result.keyColumn = spec.tieBreaker;
  return result;
}
