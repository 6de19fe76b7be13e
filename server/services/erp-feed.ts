import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

export interface ErpSourceInfo {
  directory: string;
  file: string;
  format: "json";
  exists: boolean;
  size: number | null;
  modifiedAt: string | null;
  products: number | null;
}

/** An ERP adapter: says where it reads from, and reads every row (throws FeedUnreadable when it cannot read at all). */
export interface ErpSource {
  describe(): Promise<ErpSourceInfo>;
  read(): Promise<ErpRow[]>;
}

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
  z.string({ invalid_type_error: "must be text" }).trim().max(max, `must be at most ${max} characters`);

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

  async describe(): Promise<ErpSourceInfo> {
    const { directory, stat } = await this.file();
    let products: number | null = null;
    if (stat)
      products = await this.read().then(
        (rows) => rows.length,
        () => null,
      );
    return {
      directory,
      file: FEED_FILE,
      format: "json",
      exists: !!stat,
      size: stat?.size ?? null,
      modifiedAt: stat ? stat.mtime.toISOString() : null,
      products,
    };
  }

  async read(): Promise<ErpRow[]> {
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
    return rowsOf(feed);
  }
}
