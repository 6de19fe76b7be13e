import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Knex } from "knex";
import { z } from "zod";

// The ERP import's interface (issue 21 item 4, decision 131): what an ERP hands the provider — products with their
// variants, prices and stock — and the one adapter so far, a JSON feed file in a configured directory.

export interface ErpVariant {
  itemCode: string;
  price: number;
  stock: number;
  size: string | null;
  color: string | null;
  displayName: string | null;
}

export interface ErpProduct {
  itemCode: string;
  displayName: string;
  price: number;
  stock: number | null;
  category: string | null;
  description: string | null;
  variants: ErpVariant[];
}

/** One row of a feed: a product, or why it cannot be read (row: 1-based place in the feed). */
export type ErpRow = { row: number; itemCode: string | null } & (
  { product: ErpProduct; error?: undefined } | { product?: undefined; error: string }
);

/** A feed file in a directory of the machine that reads it (ERP_FEED_DIR). */
export interface DirectoryFeedInfo {
  kind: "directory";
  directory: string;
  file: string;
  format: "json";
  exists: boolean;
  size: number | null;
  modifiedAt: string | null;
  products: number | null;
}

/** A feed uploaded on /admin/netsuite-pull and kept in the database (decision 156): every process reads the same. */
export interface UploadedFeedInfo {
  kind: "upload";
  feedId: number;
  file: string;
  format: "json";
  size: number;
  products: number;
  rowProblems: number;
  uploadedAt: string;
  uploadedByUserId: number | null;
}

export type ErpSourceInfo = DirectoryFeedInfo | UploadedFeedInfo;

/** What a run read: its rows, and where from in words (the run's `file`). */
export interface ErpFeed {
  source: string;
  rows: ErpRow[];
}

/** An ERP adapter: says where it reads from, and reads every row (throws FeedUnreadable when it cannot read at all). */
export interface ErpSource {
  describe(): Promise<ErpSourceInfo>;
  read(): Promise<ErpFeed>;
}

/** Where a feed comes from, in words: the run's `file`. */
export const sourceLabel = (info: ErpSourceInfo): string =>
  info.kind === "upload" ? `${info.file} (upload ${info.feedId})` : `${info.file} in ${info.directory}`;

export class FeedUnreadable extends Error {}

export const FEED_FILE = "erp-feed.json";
/** The repo's seeded feed, read when the configured directory has none. */
export const SEEDED_FEED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../db/seed/erp-feed");

const code = z
  .string({ required_error: "is required", invalid_type_error: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters");
const money = z
  .number({ required_error: "is required", invalid_type_error: "must be a number, 0 or more" })
  .min(0, "must be a number, 0 or more")
  .max(1_000_000, "must be at most 1000000")
  .transform((n) => Math.round(n * 100) / 100);
const stock = z
  .number({ required_error: "is required", invalid_type_error: "must be a whole number, 0 or more" })
  .int("must be a whole number, 0 or more")
  .min(0, "must be a whole number, 0 or more")
  .max(100_000_000, "must be at most 100000000");
const text = (max: number) =>
  z
    .string({ required_error: "is required", invalid_type_error: "must be text" })
    .trim()
    .max(max, `must be at most ${max} characters`);

const variantSchema = z
  .object({
    itemCode: code,
    price: money,
    stock,
    size: text(50).nullable().optional(),
    color: text(100).nullable().optional(),
    displayName: text(300).min(1, "must not be empty").nullable().optional(),
  })
  .strict();

const productSchema = z
  .object({
    itemCode: code,
    displayName: text(300).min(1, "must not be empty"),
    price: money,
    stock: stock.nullable().optional(),
    category: text(200).nullable().optional(),
    description: text(5000).nullable().optional(),
    variants: z
      .array(variantSchema, { invalid_type_error: "must be a list" })
      .max(500, "at most 500 variants")
      .default([]),
  })
  .strict();

/** The reason a row is refused: the first problem, named by its field ("variants[2].price must be …"). */
function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue.code === "unrecognized_keys")
    return `${[...issue.path, issue.keys[0]].join(".").replace(/\.(\d+)/g, "[$1]")} is not a known field`;
  const field = issue.path.join(".").replace(/\.(\d+)/g, "[$1]");
  return field ? `${field} ${issue.message}` : issue.message;
}

/** Rows of a parsed feed; each validated on its own, so one bad row does not spoil the others. */
export function rowsOf(feed: unknown): ErpRow[] {
  const items = (feed as { items?: unknown } | null)?.items;
  if (typeof feed !== "object" || feed === null || !Array.isArray(items))
    throw new FeedUnreadable("The feed has no list of items");
  return items.map((raw, i): ErpRow => {
    const row = i + 1;
    const rawCode =
      typeof (raw as any)?.itemCode === "string"
        ? String((raw as any).itemCode)
            .trim()
            .slice(0, 100) || null
        : null;
    const parsed = productSchema.safeParse(raw);
    if (!parsed.success) return { row, itemCode: rawCode, error: reasonOf(parsed.error) };
    const p = parsed.data;
    const codes = new Set<string>([p.itemCode]);
    for (const v of p.variants) {
      if (codes.has(v.itemCode))
        return { row, itemCode: p.itemCode, error: `variant code ${v.itemCode} appears twice in this row` };
      codes.add(v.itemCode);
    }
    return {
      row,
      itemCode: p.itemCode,
      product: {
        itemCode: p.itemCode,
        displayName: p.displayName,
        price: p.price,
        stock: p.stock ?? null,
        category: p.category || null,
        description: p.description ?? null,
        variants: p.variants.map((v) => ({
          itemCode: v.itemCode,
          price: v.price,
          stock: v.stock,
          size: v.size || null,
          color: v.color || null,
          displayName: v.displayName || null,
        })),
      },
    };
  });
}

/** The JSON feed adapter: `erp-feed.json` in the directory (or the repo's seeded feed when the directory has none). */
export class JsonFeedSource implements ErpSource {
  constructor(
    /** ERP_FEED_DIR (server/config.ts) */
    private directory: string,
    private fallback: string | null = SEEDED_FEED_DIR,
  ) {}

  private async file(): Promise<{ directory: string; stat: import("node:fs").Stats | null }> {
    const own = await fs.stat(path.join(this.directory, FEED_FILE)).catch(() => null);
    if (own || !this.fallback) return { directory: this.directory, stat: own };
    const seeded = await fs.stat(path.join(this.fallback, FEED_FILE)).catch(() => null);
    return seeded ? { directory: this.fallback, stat: seeded } : { directory: this.directory, stat: null };
  }

  async describe(): Promise<DirectoryFeedInfo> {
    const { directory, stat } = await this.file();
    let products: number | null = null;
    if (stat)
      products = await this.read().then(
        (feed) => feed.rows.length,
        () => null,
      );
    return {
      kind: "directory",
      directory,
      file: FEED_FILE,
      format: "json",
      exists: !!stat,
      size: stat?.size ?? null,
      modifiedAt: stat ? stat.mtime.toISOString() : null,
      products,
    };
  }

  async read(): Promise<ErpFeed> {
    const { directory, stat } = await this.file();
    if (!stat) throw new FeedUnreadable(`The feed file could not be read: there is no ${FEED_FILE} in ${directory}`);
    if (stat.size > 50 * 1024 * 1024)
      throw new FeedUnreadable("The feed file could not be read: it is larger than 50 MB");
    let text: string;
    try {
      text = await fs.readFile(path.join(directory, FEED_FILE), "utf8");
    } catch (error: any) {
      throw new FeedUnreadable(`The feed file could not be read: ${error?.code ?? "unknown error"}`);
    }
    let feed: unknown;
    try {
      feed = JSON.parse(text);
    } catch {
      throw new FeedUnreadable("The feed file could not be read: it is not valid JSON");
    }
    return { source: `${FEED_FILE} in ${directory}`, rows: rowsOf(feed) };
  }
}

/**
 * The feed every process reads (decision 156): the newest one uploaded on /admin/netsuite-pull, kept in the
 * database; with none uploaded, `fallback` (the ERP_FEED_DIR directory of the machine that runs the import).
 */
export class StoredFeedSource implements ErpSource {
  constructor(
    private db: Knex,
    private fallback: ErpSource,
  ) {}

  private newest() {
    return this.db("erp_feeds")
      .orderBy("id", "desc")
      .first("id", "file_name", "size", "products", "row_problems", "uploaded_at", "uploaded_by_user_id");
  }

  async describe(): Promise<ErpSourceInfo> {
    const row = await this.newest();
    return row ? uploadedInfo(row) : this.fallback.describe();
  }

  async read(): Promise<ErpFeed> {
    const row = await this.newest();
    if (!row) return this.fallback.read();
    const { content } = await this.db("erp_feeds").where("id", row.id).first("content");
    // kept only once read and checked (uploadFeed), so it parses
    return { source: sourceLabel(uploadedInfo(row)), rows: rowsOf(JSON.parse(String(content))) };
  }
}

export function uploadedInfo(row: any): UploadedFeedInfo {
  return {
    kind: "upload",
    feedId: Number(row.id),
    file: String(row.file_name),
    format: "json",
    size: Number(row.size),
    products: Number(row.products),
    rowProblems: Number(row.row_problems),
    uploadedAt: String(row.uploaded_at),
    uploadedByUserId: row.uploaded_by_user_id == null ? null : Number(row.uploaded_by_user_id),
  };
}

/** The source a provider process reads (app.ts, main.ts): uploaded feeds first, then ERP_FEED_DIR. */
export const erpSourceFor = (db: Knex, directory: string) => () =>
  new StoredFeedSource(db, new JsonFeedSource(directory));
