/** A feed's rows imported: each row checked, matched by item code and written in its own transaction, retried when the database says so. */
import type { Knex } from "knex";
import { isPostgres } from "../../db/knex";
import { logger } from "../../log";
import { type ErpProduct, type ErpRow } from "../erp-feed";

// The ERP import (issue 21 item 4, decision 131): each feed row — a product with its variants — is validated against
// the catalogue and written in its own transaction, so a bad row writes nothing and the good rows import. A record
// whose every field already holds the feed's value is left alone (unchanged): the same feed twice changes nothing.
// Runs are jobs in erp_import_runs, claimed and run by ErpWorker as report tasks are by the report worker (decision 122).

export interface RowError {
  row: number;
  itemCode: string | null;
  reason: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
}

class RowRefused extends Error {}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 250) || "item";

const same = (a: unknown, b: unknown) =>
  (a == null && b == null) || (typeof b === "number" ? a != null && Number(a) === b : a === b);

/** A slug no other item has: the wished one, else with the item code, else with a number. */
async function freeSlug(trx: Knex, wished: string, itemCode: string): Promise<string> {
  for (const candidate of [slugify(wished), slugify(`${wished}-${itemCode}`)]) {
    if (!(await trx("items").where("slug", candidate).first("id"))) return candidate;
  }
  for (let n = 2; ; n++) {
    const candidate = `${slugify(`${wished}-${itemCode}`)}-${n}`;
    if (!(await trx("items").where("slug", candidate).first("id"))) return candidate;
  }
}

/**
 * The catalogue row of `code`, written if missing: INSERT … ON CONFLICT (item_code) DO NOTHING, so an import racing
 * this one never makes the code twice — its row, once committed, is the one read back (PostgreSQL's insert waits for
 * the other transaction). `insert` gives the new row's values (only called when the code is not there yet).
 */
async function rowByCode(
  trx: Knex,
  code: string,
  insert: () => Promise<Record<string, unknown>>,
): Promise<{ row: any; created: boolean }> {
  const read = () => {
    const q = trx("items").where("item_code", code).first("*");
    return isPostgres(trx) ? q.forUpdate() : q;
  };
  const found = await read();
  if (found) return { row: found, created: false };
  const inserted = await trx("items")
    .insert({ ...(await insert()), item_code: code })
    .onConflict("item_code")
    .ignore()
    .returning("*");
  if (inserted.length) return { row: inserted[0], created: true };
  return { row: await read(), created: false };
}

/** The fields of `wanted` that differ from `current` (in_stock compared as a boolean). */
const changes = (current: any, wanted: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(wanted).filter(([k, v]) => !same(k === "in_stock" ? !!current[k] : current[k], v)),
  ) as Record<string, unknown>;

/** Writes one product row, upserted by code with its variants; throws RowRefused (its transaction then writes nothing). */
async function importRow(trx: Knex, p: ErpProduct, now: string, counts: ImportResult): Promise<void> {
  const local = { created: 0, updated: 0, unchanged: 0 };
  let classId: number | null = null;
  if (p.category) {
    const category = await trx("categories")
      .where({ type: "full", name: p.category })
      .whereNull("customer_id")
      .orderBy("id")
      .first("id");
    if (!category) throw new RowRefused(`category '${p.category}' is not in the catalogue`);
    classId = category.id;
  }
  const inStock = (stock: number | null, fallback: boolean) => (stock == null ? fallback : stock > 0);
  const wanted = (existing: any): Record<string, unknown> => ({
    display_name: p.displayName,
    price: p.price,
    class_id: p.category ? classId : (existing?.class_id ?? null),
    stock_quantity: p.stock,
    in_stock: inStock(
      p.stock,
      p.variants.length ? p.variants.some((v) => v.stock > 0) : !!(existing?.in_stock ?? true),
    ),
    ...(p.description != null ? { description: p.description } : {}),
  });
  const product = await rowByCode(trx, p.itemCode, async () => ({
    ...wanted(null),
    slug: await freeSlug(trx, p.displayName, p.itemCode),
    matrix_type: p.variants.length ? "parent" : null,
    matrix_item_name_template: p.variants.length ? `${p.displayName} - {color} / {size}` : null,
    visible_in_catalogue: true,
    search_text: `${p.displayName} ${p.itemCode} ${p.description ?? ""}`.toLowerCase(),
    created_at: now,
  }));
  const existing = product.row;
  if (existing.parent_id != null)
    throw new RowRefused(`${p.itemCode} is a variant's code in the catalogue, not a product's`);
  const productId = Number(existing.id);
  if (product.created) local.created++;
  else {
    const changed = changes(existing, wanted(existing));
    if (Object.keys(changed).length) {
      if (changed.display_name !== undefined || changed.description !== undefined) {
        changed.search_text =
          `${p.displayName} ${p.itemCode} ${p.description ?? existing.description ?? ""}`.toLowerCase();
      }
      await trx("items").where("id", productId).update(changed);
      local.updated++;
    } else local.unchanged++;
  }
  const productClass = p.category ? classId : (existing.class_id ?? null);
  for (const v of p.variants) {
    const name = v.displayName ?? `${p.displayName} - ${v.color ?? ""} / ${v.size ?? ""}`;
    const values: Record<string, unknown> = {
      price: v.price,
      stock_quantity: v.stock,
      in_stock: v.stock > 0,
      size: v.size,
      color: v.color,
      display_name: name,
    };
    const variant = await rowByCode(trx, v.itemCode, async () => ({
      ...values,
      parent_id: productId,
      matrix_type: "child",
      slug: await freeSlug(trx, v.itemCode, v.itemCode),
      class_id: productClass,
      visible_in_catalogue: false,
      search_text: `${name} ${v.itemCode}`.toLowerCase(),
      created_at: now,
    }));
    const current = variant.row;
    if (Number(current.parent_id) !== productId)
      throw new RowRefused(`variant ${v.itemCode} belongs to another product in the catalogue`);
    if (variant.created) {
      local.created++;
      continue;
    }
    const changed = changes(current, values);
    if (Object.keys(changed).length) {
      if (changed.display_name !== undefined) changed.search_text = `${name} ${v.itemCode}`.toLowerCase();
      await trx("items").where("id", current.id).update(changed);
      local.updated++;
    } else local.unchanged++;
  }
  counts.created += local.created;
  counts.updated += local.updated;
  counts.unchanged += local.unchanged;
}

/**
 * Database errors that another writer's work caused — a unique value (a slug) taken by a row committed meanwhile, a
 * deadlock, a busy SQLite file: the row's transaction is tried again, from the start, with what is committed now.
 */
export const isUniqueViolation = (error: any) =>
  ["23505", "SQLITE_CONSTRAINT_UNIQUE"].includes(String(error?.code ?? ""));

const retryable = (error: any) =>
  /^(23505|40P01|40001|SQLITE_CONSTRAINT_UNIQUE|SQLITE_BUSY.*)$/.test(String(error?.code ?? ""));

const ROW_TRIES = 5;

/** a short, growing and jittered pause before a row's next try, so two writers do not meet again at once */
const backOff = (attempt: number) => new Promise((r) => setTimeout(r, 5 * 2 ** attempt + Math.random() * 20));

/** What the database said, without the statement knex puts in front of it (the values are the feed's, no secret). */
function databaseSaid(error: any): string {
  const message = String(error?.message ?? error);
  const said = message.includes(" - ") ? message.slice(message.lastIndexOf(" - ") + 3) : message;
  return [said, error?.detail].filter(Boolean).join(". ").slice(0, 300);
}

const DB_WORDS: Array<[RegExp, string]> = [
  [/^(23505|SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY))$/, "a value that must be unique is already another row's"],
  [/^(23503|SQLITE_CONSTRAINT_FOREIGNKEY)$/, "a row it points at is missing"],
  [/^(23502|SQLITE_CONSTRAINT_NOTNULL)$/, "a required value is missing"],
  [/^(P0001|SQLITE_CONSTRAINT_TRIGGER)$/, "a rule of the database refused it"],
  [/^(22|23514|SQLITE_TOOBIG|SQLITE_MISMATCH|SQLITE_CONSTRAINT_CHECK)/, "a value does not fit its column"],
  [/^(40P01|40001|SQLITE_BUSY)/, "it clashed with another writer more than once; pull again"],
];

/** The row's reason for the admin: what kind of refusal, in words, and the database's own message. */
export function databaseRefusal(error: any): string {
  const code = String(error?.code ?? "");
  const words = DB_WORDS.find(([pattern]) => pattern.test(code))?.[1] ?? "the database could not write it";
  return `the database refused the row (${words}): ${databaseSaid(error)}`;
}

/** Imports every row: good rows written (each in its own transaction), bad rows listed with their reason. */
export async function importRows(
  db: Knex,
  rows: ErpRow[],
  now: Date,
  opts: { runId?: number } = {},
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, updated: 0, unchanged: 0, errors: [] };
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (r.error !== undefined) {
      result.errors.push({ row: r.row, itemCode: r.itemCode, reason: r.error });
      continue;
    }
    const codes = [r.product.itemCode, ...r.product.variants.map((v) => v.itemCode)];
    const twice = codes.find((c) => seen.has(c));
    if (twice) {
      result.errors.push({
        row: r.row,
        itemCode: r.itemCode,
        reason: `${twice} is already in row ${seen.get(twice)} of this feed`,
      });
      continue;
    }
    codes.forEach((c) => seen.set(c, r.row));
    for (let attempt = 1; ; attempt++) {
      const counts: ImportResult = { created: 0, updated: 0, unchanged: 0, errors: [] };
      try {
        await db.transaction((trx) => importRow(trx, r.product, now.toISOString(), counts));
        result.created += counts.created;
        result.updated += counts.updated;
        result.unchanged += counts.unchanged;
        break;
      } catch (error: any) {
        if (error instanceof RowRefused) {
          result.errors.push({ row: r.row, itemCode: r.itemCode, reason: error.message });
          break;
        }
        if (attempt < ROW_TRIES && retryable(error)) {
          await backOff(attempt);
          continue;
        }
        // the database's own error: in the log with the run and the row, and in words on the run's page
        logger.error(
          { runId: opts.runId ?? null, row: r.row, itemCode: r.itemCode, attempts: attempt, err: error },
          "ERP import: the database refused a row",
        );
        result.errors.push({ row: r.row, itemCode: r.itemCode, reason: databaseRefusal(error) });
        break;
      }
    }
  }
  return result;
}
