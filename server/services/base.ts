import { BadRequest, Forbidden, NotFound } from "@feathersjs/errors";
import { isRowIdText } from "./ids";
import type { Params } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { canAccessManpack, hasStockCatalogue } from "../../app/domain/permissions";
import { has, type Caller } from "../auth/caller";
import { parseQuery, type ParsedQuery, type QuerySpec } from "../query/dialect";
import { runPage, type Page } from "../query/page";

export interface ProviderParams extends Params {
  caller?: Caller;
}

export interface Ctx {
  db: Knex;
  now: () => Date;
}

export function callerOf(params: ProviderParams): Caller {
  // the global authentication hook guarantees a caller on every non-public service
  if (!params.caller) throw new Forbidden("No caller");
  return params.caller;
}

/** The customer a call acts for: the selected one; evolve users with none selected act across all (null). */
export function scopeOf(caller: Caller): number | null {
  if (caller.customerId != null) return caller.customerId;
  if (caller.isEvolveUser) return null;
  throw new Forbidden("Select a business unit first (POST /api/select-customer)");
}

/** For writes and customer-specific reads: a customer is needed even for evolve users. */
export function requireCustomer(caller: Caller): number {
  const id = scopeOf(caller);
  if (id == null)
    throw new BadRequest("customerId is required for this call (evolve users: add ?customerId=…)", {
      field: "customerId",
    });
  return id;
}

/**
 * Decision 028 (with 050): who may fill a basket or order — stock lines need a stock catalogue permission, wearer
 * packs canViewManpack + manpackOrders ("any": either will do); browseOnly and punchoutOnly refuse it outside a
 * punchout session (SPEC §6: both are ignored within one). Evolve users acting for a customer may.
 */
export function requireOrdering(caller: Caller, kind: "standard" | "manpack" | "any"): void {
  const inPunchout = !!caller.punchoutSession;
  if (!inPunchout && has(caller, "browseOnly")) throw new Forbidden("This account may browse but not order");
  if (!inPunchout && has(caller, "punchoutOnly"))
    throw new Forbidden("This account orders through its punchout system only");
  if (caller.isEvolveUser) return;
  // SPEC §6's stock catalogue and manpack access, the predicates the portal shows with (decision 172)
  const stock = hasStockCatalogue(caller);
  const manpack = canAccessManpack(caller);
  if (kind === "standard" && !stock) throw new Forbidden("Stock ordering is not allowed for this account");
  if (kind === "manpack" && !manpack) throw new Forbidden("Wearer-pack ordering is not allowed for this account");
  if (kind === "any" && !stock && !manpack) throw new Forbidden("Ordering is not allowed for this account");
}

/** Decision 028: may look at products (wish list): a stock catalogue permission or canViewManpack; not punchoutOnly outside punchout. */
export function requireCatalogue(caller: Caller): void {
  if (!caller.punchoutSession && has(caller, "punchoutOnly"))
    throw new Forbidden("This account orders through its punchout system only");
  if (caller.isEvolveUser || hasStockCatalogue(caller) || has(caller, "canViewManpack")) return;
  throw new Forbidden("This account may not view a catalogue");
}

export function scopeTo(qb: Knex.QueryBuilder, column: string, caller: Caller): Knex.QueryBuilder {
  const customerId = scopeOf(caller);
  return customerId == null ? qb : qb.where(column, customerId);
}

/** Route ids are integers; anything else can never exist, so it is a 404 like an unknown id. */
export function idOf(id: unknown, what = "Record"): number {
  const s = String(id ?? "");
  if (!isRowIdText(s)) throw new NotFound(`${what} '${s}' not found`);
  return Number(s);
}

export const str = (v: unknown) => (v == null ? null : String(v));
export const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

export function json<T>(text: unknown, fallback: T): T {
  if (typeof text !== "string") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function byKey<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

/** A body must be a JSON object; anything else is a 400. */
export function bodyOf(data: unknown): Record<string, any> {
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new BadRequest("The request body must be a JSON object");
  return data as Record<string, any>;
}

export interface ListDef<Out> {
  /** The whitelist; a function when filters depend on the caller. */
  spec: QuerySpec | ((ctx: Ctx, caller: Caller) => QuerySpec);
  /** FROM + scoping (customer, own records). Synchronous: a query builder is thenable. */
  base: (ctx: Ctx, caller: Caller, parsed: ParsedQuery) => Knex.QueryBuilder;
  /** Checks before querying, e.g. a foreign parent id (catalogueId) → 404. */
  check?: (ctx: Ctx, caller: Caller, parsed: ParsedQuery) => Promise<void>;
  select: (qb: Knex.QueryBuilder) => Knex.QueryBuilder;
  /** Row → API shape for a whole page at once (batch-load related rows with one whereIn). */
  map: (ctx: Ctx, rows: any[], caller: Caller, parsed: ParsedQuery) => Out[] | Promise<Out[]>;
  idColumn: string;
  what: string;
}

/**
 * A list over one table keyed by its `id`: that column finds a record for get and ends every sort (so pages never
 * overlap or skip), and a page reads the table's own columns unless `select` says otherwise.
 */
export function tableListDef<Out>(
  table: string,
  def: Omit<ListDef<Out>, "idColumn" | "spec" | "select"> & {
    spec: Omit<QuerySpec, "tieBreaker">;
    select?: ListDef<Out>["select"];
  },
): ListDef<Out> {
  const id = `${table}.id`;
  return {
    ...def,
    idColumn: id,
    spec: { ...def.spec, tieBreaker: id },
    select: def.select ?? ((qb) => qb.select(`${table}.*`)),
  };
}

/** A read-only Feathers service over one scoped table: find (paged, filtered) and get by id. */
export class ListService<Out> {
  constructor(
    protected ctx: Ctx,
    protected def: ListDef<Out>,
  ) {}

  protected parse(params: ProviderParams, caller: Caller): ParsedQuery {
    const spec = typeof this.def.spec === "function" ? this.def.spec(this.ctx, caller) : this.def.spec;
    return parseQuery(params.query, spec);
  }

  async find(params: ProviderParams): Promise<Page<Out>> {
    const caller = callerOf(params);
    const parsed = this.parse(params, caller);
    await this.def.check?.(this.ctx, caller, parsed);
    const base = this.def.base(this.ctx, caller, parsed);
    const page = await runPage<any>(base, parsed, this.def.select);
    return { ...page, data: await this.def.map(this.ctx, page.data, caller, parsed) };
  }

  async get(id: unknown, params: ProviderParams): Promise<Out> {
    const caller = callerOf(params);
    const parsed = this.parse(params, caller);
    const key = idOf(id, this.def.what);
    await this.def.check?.(this.ctx, caller, parsed);
    const base = this.def.base(this.ctx, caller, parsed);
    const row = await this.def.select(base.where(this.def.idColumn, key)).first();
    if (!row) throw new NotFound(`${this.def.what} '${key}' not found`);
    const [out] = await this.def.map(this.ctx, [row], caller, parsed);
    return out;
  }
}
