import type { Knex } from "knex";
import { isPostgres } from "../db/knex";
import { logger } from "../log";

/**
 * The products' search (issue 34 item 1, decision 159), the one every screen that searches products uses: the
 * Search page and the header's suggestions (GET /api/item?q=), the admin's product pickers (GET
 * /api/admin/product?q=). Built on the database's own full-text search (migration 022): SQLite FTS5 with porter
 * stemming, PostgreSQL a weighted tsvector; product and variant codes and their prefixes on a B-tree; one typo in a
 * word of five letters or more corrected from the words the documents hold.
 */

/** Products a search answers at most, best first; screens page within them. */
export const SEARCH_LIMIT = 500;
/** Words a query is read for (the rest is ignored). */
const MAX_WORDS = 8;
/** Products whose documents are rebuilt per statement. */
const REBUILD_BATCH = 500;

export interface SearchHit {
  id: number;
  rank: number;
}

// ---------------------------------------------------------------- documents

/** Words of a text, lower case (letters and digits; anything else separates). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** "Hi-Vis T-Shirt" → "hivis tshirt": hyphenated (or slashed) terms written as one word, so "hivis" finds them. */
function joinedForms(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+(?:[-/][\p{L}\p{N}]+)+/gu) ?? []).map((w) => wordsOf(w).join(""));
}

interface ItemRow {
  id: number;
  parent_id: number | null;
  display_name: string;
  item_code: string;
  description: string | null;
  color: string | null;
}

interface SearchDocument {
  id: number;
  name: string;
  extra: string;
  description: string;
  codes: string[];
}

async function documentsOf(db: Knex, ids: number[]): Promise<SearchDocument[]> {
  const rows: ItemRow[] = await db("items")
    .where((w) => {
      w.whereIn("id", ids).orWhereIn("parent_id", ids);
    })
    .select("id", "parent_id", "display_name", "item_code", "description", "color");
  const categories: Array<{ item_id: number; name: string }> = await db("categories")
    .join("items", "items.class_id", "categories.id")
    .whereIn("items.id", ids)
    .where("categories.type", "full")
    .select("items.id as item_id", "categories.name")
    .union((u) => {
      u.from("item_categories")
        .join("categories", "categories.id", "item_categories.category_id")
        .whereIn("item_categories.item_id", ids)
        .where("categories.type", "full")
        .select("item_categories.item_id", "categories.name");
    });
  // in id order, so processes rebuilding at once take their row locks in the same order
  const products = rows.filter((r) => r.parent_id == null).sort((a, b) => Number(a.id) - Number(b.id));
  return products.map((p) => {
    const variants = rows.filter((r) => Number(r.parent_id) === Number(p.id));
    const colours = [...new Set(variants.map((v) => v.color).filter((c): c is string => !!c))];
    const names = categories.filter((c) => Number(c.item_id) === Number(p.id)).map((c) => c.name);
    const texts = [p.display_name, p.description ?? "", ...names];
    const extra = [...colours, ...names, ...texts.flatMap(joinedForms)].join(" ");
    const codes = [p.item_code, ...variants.map((v) => v.item_code)].map((c) => c.trim().toUpperCase());
    return {
      id: Number(p.id),
      name: p.display_name,
      extra,
      description: p.description ?? "",
      codes: [...new Set(codes.filter(Boolean))],
    };
  });
}

async function writeDocuments(trx: Knex.Transaction, ids: number[]): Promise<void> {
  const docs = await documentsOf(trx, ids);
  if (isPostgres(trx)) {
    // an upsert: another process rebuilding the same product at once writes the same document
    const gone = ids.filter((id) => !docs.some((d) => d.id === id));
    if (gone.length) await trx("item_search").whereIn("item_id", gone).delete();
    for (const d of docs)
      await trx.raw(
        `insert into item_search (item_id, document) values (?,
           setweight(to_tsvector('english', ?), 'A') || setweight(to_tsvector('english', ?), 'B')
           || setweight(to_tsvector('english', ?), 'C'))
         on conflict (item_id) do update set document = excluded.document`,
        [d.id, d.name, d.extra, d.description],
      );
  } else {
    await trx.raw(`delete from item_search where rowid in (${ids.map(() => "?").join(",")})`, ids);
    for (const d of docs)
      await trx.raw("insert into item_search (rowid, name, extra, description) values (?, ?, ?, ?)", [
        d.id,
        d.name,
        d.extra,
        d.description,
      ]);
  }
  await trx("item_search_codes").whereIn("item_id", ids).delete();
  const codes = docs.flatMap((d) => d.codes.map((code) => ({ code, item_id: d.id })));
  for (let i = 0; i < codes.length; i += REBUILD_BATCH)
    await trx("item_search_codes")
      .insert(codes.slice(i, i + REBUILD_BATCH))
      .onConflict(["code", "item_id"])
      .ignore();
  const terms = [...new Set(docs.flatMap((d) => wordsOf(`${d.name} ${d.extra} ${d.description}`)))]
    .filter((t) => t.length >= 4)
    .map((term) => ({ term, length: term.length }));
  for (let i = 0; i < terms.length; i += REBUILD_BATCH)
    await trx("item_search_terms")
      .insert(terms.slice(i, i + REBUILD_BATCH))
      .onConflict("term")
      .ignore();
}

/**
 * Rebuilds the documents of the products the triggers marked (migration 022): whoever changed an item, a category
 * or a link, the next search reads it. Idempotent, so processes that do it at once write the same; only the marks
 * read are removed, so a change made meanwhile is marked again and rebuilt by the next search.
 */
export async function refreshSearch(db: Knex): Promise<number> {
  let rebuilt = 0;
  for (;;) {
    const marks: Array<{ id: number; item_id: number }> = await db("item_search_dirty")
      .orderBy("id")
      .limit(REBUILD_BATCH * 4)
      .select("id", "item_id");
    if (!marks.length) return rebuilt;
    const ids = [...new Set(marks.map((m) => Number(m.item_id)))].sort((a, b) => a - b);
    await db.transaction(async (trx) => {
      for (let i = 0; i < ids.length; i += REBUILD_BATCH) await writeDocuments(trx, ids.slice(i, i + REBUILD_BATCH));
      await trx("item_search_dirty")
        .whereIn(
          "id",
          marks.map((m) => m.id),
        )
        .delete();
    });
    rebuilt += ids.length;
  }
}

// ---------------------------------------------------------------- queries

/** Optimal string alignment distance, stopping early past 1 (all that is asked). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (restA === restB) return true;
  return (
    restA.slice(1) === restB.slice(1) || // substitution
    restA.slice(1) === restB || // a has one more
    restA === restB.slice(1) || // b has one more
    (restA.length >= 2 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2)) // swap
  );
}

/** One-typo corrections of a word of five letters or more that no document holds. */
async function correctionsOf(db: Knex, word: string): Promise<string[]> {
  if (word.length < 5 || /\d/.test(word)) return [];
  const known = await db("item_search_terms").where("term", word).first("term");
  if (known) return [];
  const candidates = db("item_search_terms")
    .whereBetween("length", [word.length - 1, word.length + 1])
    .select("term");
  // PostgreSQL: trigram similarity (pg_trgm) narrows the candidates first; a swap of two letters scores about 0.2
  if (isPostgres(db)) candidates.whereRaw("public.similarity(term, ?) > 0.15", [word]);
  const rows: Array<{ term: string }> = await candidates;
  return rows
    .map((r) => r.term)
    .filter((t) => withinOneEdit(word, t))
    .slice(0, 5);
}

/** Each word's alternatives: itself (the last also as a prefix, for typing) and its corrections. */
interface Alternative {
  word: string;
  prefix: boolean;
}

function ftsExpression(groups: Alternative[][], pg: boolean): string {
  const term = (a: Alternative) => (pg ? `${a.word}${a.prefix ? ":*" : ""}` : `"${a.word}"${a.prefix ? "*" : ""}`);
  return groups.map((g) => `(${g.map(term).join(pg ? " | " : " OR ")})`).join(pg ? " & " : " AND ");
}

/** Words as groups of alternatives, and the same with each pair of neighbours written as one ("hi vis" → hivis). */
async function expressionsOf(db: Knex, words: string[]): Promise<string[]> {
  const pg = isPostgres(db);
  const groupOf = async (word: string, last: boolean): Promise<Alternative[]> => [
    { word, prefix: false },
    ...(last && word.length >= 2 ? [{ word, prefix: true }] : []),
    ...(await correctionsOf(db, word)).map((c) => ({ word: c, prefix: false })),
  ];
  const groups = await Promise.all(words.map((w, i) => groupOf(w, i === words.length - 1)));
  const out = [ftsExpression(groups, pg)];
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = await groupOf(words[i] + words[i + 1], i + 1 === words.length - 1);
    out.push(ftsExpression([...groups.slice(0, i), joined, ...groups.slice(i + 2)], pg));
  }
  return out;
}

async function textHits(db: Knex, words: string[]): Promise<SearchHit[]> {
  const expressions = await expressionsOf(db, words);
  const pg = isPostgres(db);
  const hits = new Map<number, number>();
  for (const expression of expressions) {
    const rows: Array<{ id: number; rank: number }> = pg
      ? (
          await db.raw(
            `select item_id as id, -ts_rank(document, q) as rank
               from item_search, to_tsquery('english', ?) q where document @@ q order by rank, item_id limit ?`,
            [expression, SEARCH_LIMIT],
          )
        ).rows
      : await db.raw(
          `select rowid as id, bm25(item_search, 10.0, 4.0, 1.0) as rank
             from item_search where item_search match ? order by rank, rowid limit ?`,
          [expression, SEARCH_LIMIT],
        );
    for (const r of rows) {
      const id = Number(r.id);
      const rank = Number(r.rank);
      if (!hits.has(id) || rank < hits.get(id)!) hits.set(id, rank);
    }
  }
  return [...hits].map(([id, rank]) => ({ id, rank })).sort((a, b) => a.rank - b.rank || a.id - b.id);
}

/** Product and variant codes: the exact code first, then codes it begins. Only a query that looks like a code (one word with a digit or a hyphen). */
async function codeHits(db: Knex, query: string): Promise<number[]> {
  const code = query.trim().toUpperCase();
  if (code.length < 2 || /\s/.test(code) || !/[\d-]/.test(code)) return [];
  const escaped = code.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows: Array<{ item_id: number; code: string }> = await db("item_search_codes")
    .where((w) => {
      if (isPostgres(db)) w.whereRaw("code like ? escape '\\'", [`${escaped}%`]);
      else w.where("code", ">=", code).where("code", "<", `${code}\uffff`);
    })
    .orderByRaw("case when code = ? then 0 else 1 end, length(code), code", [code])
    .limit(SEARCH_LIMIT)
    .select("item_id", "code");
  return [...new Set(rows.map((r) => Number(r.item_id)))];
}

/**
 * The products a buyer's query finds, best first (at most SEARCH_LIMIT): codes before words; words by relevance
 * (name before category and colour before description). Parents only; who may see which is the caller's to apply.
 */
export async function searchProducts(db: Knex, query: string): Promise<number[]> {
  // a rebuild that meets another process's (a deadlock, a busy database) leaves its marks for the next search: this
  // one answers from the documents as they are rather than fail
  await refreshSearch(db).catch((err: unknown) => logger.warn({ err }, "search: rebuilding documents failed"));
  const words = wordsOf(query).slice(0, MAX_WORDS);
  if (!words.length) return [];
  const [codes, text] = await Promise.all([codeHits(db, query), textHits(db, words)]);
  return [...new Set([...codes, ...text.map((h) => h.id)])].slice(0, SEARCH_LIMIT);
}

/** The column `joinFound` adds: a product's place in the search's answer (0 = best). */
export const FOUND_RANK = "found.rank";

/**
 * Only the products a search found, with their place (FOUND_RANK) to order by: a join on the answer passed as one
 * binding (a JSON array on SQLite, an int[] literal on PostgreSQL), so the statement is the same text for every search,
 * cheap to build and read once.
 */
export function joinFound(db: Knex, qb: Knex.QueryBuilder, ids: number[]): void {
  const found = isPostgres(db)
    ? // an array literal (knex would spread a JS array into a list of bindings); ids are integers
      db.raw("unnest(?::int[]) with ordinality as found (item_id, rank)", [`{${ids.map(Number).join(",")}}`])
    : db.raw("(select value as item_id, key as rank from json_each(?)) as found", [JSON.stringify(ids)]);
  qb.join(found, "found.item_id", "items.id");
}
