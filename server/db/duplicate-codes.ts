import type { Knex } from "knex";

/**
 * Item codes named by more than one catalogue row (issue 33 item 1, decision 155). Products and their variants are
 * rows of `items` alike, so one code is one row, whichever kind: migration 020 makes that the database's rule, and
 * stops, naming the codes and the command below, where an older database breaks it. The command lists them and
 * merges each code's rows into its oldest (server/services/merge-duplicate-codes.ts).
 */

/** What an operator runs to repair duplicate codes (server/cli.ts). */
export const REPAIR_COMMAND = "npm run provider -- items duplicates --merge";

export interface DuplicateCode {
  code: string;
  /** oldest (lowest id) first: the first is the one kept */
  ids: number[];
}

export async function findDuplicateCodes(db: Knex): Promise<DuplicateCode[]> {
  const codes = await db("items")
    .groupBy("item_code")
    .havingRaw("count(*) > 1")
    .orderBy("item_code")
    .pluck("item_code");
  if (!codes.length) return [];
  const rows: Array<{ id: number; item_code: string }> = await db("items")
    .whereIn("item_code", codes)
    .orderBy("id")
    .select("id", "item_code");
  return codes.map((code: string) => ({
    code,
    ids: rows.filter((r) => r.item_code === code).map((r) => Number(r.id)),
  }));
}

/** The migration's refusal: the codes (at most 20 named) and how to repair them. */
export function duplicatesMessage(duplicates: DuplicateCode[]): string {
  const named = duplicates
    .slice(0, 20)
    .map((d) => `${d.code} (items ${d.ids.join(", ")})`)
    .join("; ");
  const more = duplicates.length > 20 ? ` and ${duplicates.length - 20} more` : "";
  return (
    `Migration 020 stopped: ${duplicates.length} item ${duplicates.length === 1 ? "code names" : "codes name"} more ` +
    `than one catalogue row: ${named}${more}. Nothing was changed. Merge them with \`${REPAIR_COMMAND}\` ` +
    `(it keeps each code's oldest row and moves everything that pointed at the others to it), then start the provider ` +
    `or run \`npm run provider -- migrate\` again.`
  );
}
