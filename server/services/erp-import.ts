import { logger } from "../log";
import type { Knex } from "knex";
import type { Ctx } from "./base";
import { FeedUnreadable, type ErpProduct, type ErpRow, type ErpSource } from "./erp-feed";
import { claimNext, TaskLoop, workerName } from "./task-queue";

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

/** Writes one product row; throws RowRefused (its transaction then writes nothing). */
async function importRow(trx: Knex, p: ErpProduct, now: string, counts: ImportResult): Promise<void> {
  const local = { created: 0, updated: 0, unchanged: 0 };
  const found = await trx("items").where("item_code", p.itemCode).orderBy("id").select("*");
  if (found.length > 1) throw new RowRefused(`item code ${p.itemCode} names ${found.length} items in the catalogue`);
  const existing = found[0];
  if (existing && existing.parent_id != null)
    throw new RowRefused(`${p.itemCode} is a variant's code in the catalogue, not a product's`);
  let classId: number | null = existing?.class_id ?? null;
  if (p.category) {
    const category = await trx("categories")
      .where({ type: "full", name: p.category })
      .whereNull("customer_id")
      .orderBy("id")
      .first("id");
    if (!category) throw new RowRefused(`category '${p.category}' is not in the catalogue`);
    classId = category.id;
  }
  // the variants: each new, or already this product's
  const variantRows = new Map<string, any>();
  for (const v of p.variants) {
    const rows = await trx("items").where("item_code", v.itemCode).select("*");
    if (rows.length > 1) throw new RowRefused(`variant code ${v.itemCode} names ${rows.length} items in the catalogue`);
    if (rows[0] && (!existing || rows[0].parent_id !== existing.id))
      throw new RowRefused(`variant ${v.itemCode} belongs to another product in the catalogue`);
    if (rows[0]) variantRows.set(v.itemCode, rows[0]);
  }

  const inStock = (stock: number | null, fallback: boolean) => (stock == null ? fallback : stock > 0);
  const wanted: Record<string, unknown> = {
    display_name: p.displayName,
    price: p.price,
    class_id: classId,
    stock_quantity: p.stock,
    in_stock: inStock(
      p.stock,
      p.variants.length ? p.variants.some((v) => v.stock > 0) : !!(existing?.in_stock ?? true),
    ),
  };
  if (p.description != null) wanted.description = p.description;
  let productId: number;
  if (!existing) {
    const [row] = await trx("items")
      .insert({
        ...wanted,
        item_code: p.itemCode,
        slug: await freeSlug(trx, p.displayName, p.itemCode),
        matrix_type: p.variants.length ? "parent" : null,
        matrix_item_name_template: p.variants.length ? `${p.displayName} - {color} / {size}` : null,
        visible_in_catalogue: true,
        search_text: `${p.displayName} ${p.itemCode} ${p.description ?? ""}`.toLowerCase(),
        created_at: now,
      })
      .returning("id");
    productId = Number(typeof row === "object" ? row.id : row);
    local.created++;
  } else {
    productId = existing.id;
    const changed = Object.fromEntries(
      Object.entries(wanted).filter(([k, v]) => !same(k === "in_stock" ? !!existing[k] : existing[k], v)),
    );
    if (Object.keys(changed).length) {
      if (changed.display_name !== undefined || changed.description !== undefined) {
        changed.search_text =
          `${p.displayName} ${p.itemCode} ${p.description ?? existing.description ?? ""}`.toLowerCase();
      }
      await trx("items").where("id", productId).update(changed);
      local.updated++;
    } else local.unchanged++;
  }
  for (const v of p.variants) {
    const name = v.displayName ?? [`${p.displayName} - ${v.color ?? ""} / ${v.size ?? ""}`].join("");
    const values: Record<string, unknown> = {
      price: v.price,
      stock_quantity: v.stock,
      in_stock: v.stock > 0,
      size: v.size,
      color: v.color,
      display_name: name,
    };
    const current = variantRows.get(v.itemCode);
    if (!current) {
      await trx("items").insert({
        ...values,
        parent_id: productId,
        matrix_type: "child",
        item_code: v.itemCode,
        slug: await freeSlug(trx, v.itemCode, v.itemCode),
        class_id: classId,
        visible_in_catalogue: false,
        search_text: `${name} ${v.itemCode}`.toLowerCase(),
        created_at: now,
      });
      local.created++;
      continue;
    }
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, val]) => !same(k === "in_stock" ? !!current[k] : current[k], val)),
    );
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

/** Imports every row: good rows written (each in its own transaction), bad rows listed with their reason. */
export async function importRows(db: Knex, rows: ErpRow[], now: Date): Promise<ImportResult> {
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
    const counts: ImportResult = { created: 0, updated: 0, unchanged: 0, errors: [] };
    try {
      await db.transaction((trx) => importRow(trx, r.product, now.toISOString(), counts));
      result.created += counts.created;
      result.updated += counts.updated;
      result.unchanged += counts.unchanged;
    } catch (error: any) {
      result.errors.push({
        row: r.row,
        itemCode: r.itemCode,
        reason: error instanceof RowRefused ? error.message : "the row could not be written",
      });
    }
  }
  return result;
}

export const IMPORT_REASONS = { unfinished: "The import could not be finished" } as const;

interface RunRow {
  id: number;
  attempts: number;
  claimed_by: string;
}

/** Runs ERP import jobs in the provider process: claimed atomically (SKIP LOCKED on PostgreSQL), leased, one at a time. */
export class ErpWorker {
  readonly id = workerName();
  private readonly loop: TaskLoop;

  constructor(
    private ctx: Ctx,
    private source: () => ErpSource,
    private opts: { leaseMs?: number; pollMs?: number; maxAttempts?: number; log?: (m: string) => void } = {},
  ) {
    this.loop = new TaskLoop(() => this.runOnce(), {
      name: "ERP import worker",
      pollMs: opts.pollMs ?? 1000,
      log: opts.log ?? ((m) => logger.error(m)),
    });
  }

  /** the run claimed and not yet finished */
  private inHand: RunRow | null = null;

  start(): void {
    this.loop.start();
  }

  /** Stops looking for work; an import in hand runs to its end (its rows are written one by one, decision 153). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** The run in hand, for the shutdown's log. */
  running(): string | null {
    return this.inHand ? `ERP import run ${this.inHand.id}` : null;
  }

  wake(): void {
    this.loop.wake();
  }

  /** Claims the oldest claimable run (pending, or running with a lapsed lease) with one atomic statement, or null. */
  claim(): Promise<RunRow | null> {
    return claimNext<RunRow>(this.ctx.db, "erp_import_runs", {
      workerId: this.id,
      now: this.ctx.now(),
      leaseMs: this.opts.leaseMs ?? 10 * 60_000,
      returning: "id, attempts, claimed_by",
    });
  }

  /** Claims and runs one import; false when there was none. */
  async runOnce(): Promise<boolean> {
    const run = await this.claim();
    if (!run) return false;
    this.inHand = run;
    try {
      await this.runClaimed(run);
    } finally {
      this.inHand = null;
    }
    return true;
  }

  private async runClaimed(run: RunRow): Promise<void> {
    if (run.attempts > (this.opts.maxAttempts ?? 3)) {
      await this.finish(run, { status: "failed", failure: IMPORT_REASONS.unfinished });
      return;
    }
    let rows: ErpRow[];
    try {
      rows = await this.source().read();
    } catch (error: any) {
      await this.finish(run, {
        status: "failed",
        failure: error instanceof FeedUnreadable ? error.message : IMPORT_REASONS.unfinished,
      });
      return;
    }
    const result = await importRows(this.ctx.db, rows, this.ctx.now());
    await this.finish(run, { status: "succeeded", result });
  }

  private async finish(
    run: RunRow,
    outcome: { status: "succeeded"; result: ImportResult } | { status: "failed"; failure: string },
  ): Promise<void> {
    const values =
      outcome.status === "succeeded"
        ? {
            status: "succeeded",
            failure: null,
            created: outcome.result.created,
            updated: outcome.result.updated,
            unchanged: outcome.result.unchanged,
            error_count: outcome.result.errors.length,
            errors_json: JSON.stringify(outcome.result.errors.slice(0, 1000)),
          }
        : { status: "failed", failure: outcome.failure.slice(0, 500) };
    // only while the claim is still this run's own
    await this.ctx
      .db("erp_import_runs")
      .where({ id: run.id, status: "running", claimed_by: run.claimed_by, attempts: run.attempts })
      .update({ ...values, finished_at: this.ctx.now().toISOString(), lease_until: null });
  }
}
