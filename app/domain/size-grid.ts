// Issue 34 item 8 (decision 168): the product page's size-and-colour grid, a quantity per variant of one garment.
import { COMBINING_OPTIONS, type SimpleItem } from "./matrix";

/** Letter sizes smallest first; "XXL" and "2XL" are the same size written two ways. */
const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL|2XL", "XXXL|3XL", "4XL", "5XL", "6XL"];

function sizeKey(size: string): [number, number] | null {
  const text = size.trim().toUpperCase();
  const letter = LETTER_SIZES.findIndex((names) => names.split("|").includes(text));
  if (letter !== -1) return [0, letter];
  // a waist (30), a glove (8 (M)) or a boot (UK 7): its first number
  const number = /\d+(\.\d+)?/.exec(text);
  return number ? [1, Number(number[0])] : null;
}

/**
 * Sizes in their natural order: letter sizes by size, numbered sizes by number, letter sizes before numbered ones;
 * a size that is neither keeps its place after those (in the order the variants gave it).
 */
export function sortSizes(sizes: readonly string[]): string[] {
  const keyed = sizes.map((size, index) => ({ size, index, key: sizeKey(size) }));
  return keyed
    .sort((a, b) => {
      if (a.key && b.key) return a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.index - b.index;
      if (a.key || b.key) return a.key ? -1 : 1;
      return a.index - b.index;
    })
    .map((entry) => entry.size);
}

export interface SizeGrid<S extends SimpleItem> {
  sizes: string[];
  colours: string[];
  /** one row per size, one cell per colour: the variant, or null where it is not made */
  rows: { size: string; cells: { colour: string; variant: S | null }[] }[];
}

const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * The grid for a product's variants, or null when it has none: the grid is for variants told apart by size and
 * colour alone. A product whose variants use another option (a leg length or a finish), a variant without a size
 * or a colour, two variants in one cell, or a single variant get no grid (the single-variant form orders them).
 * Rows are the sizes in their natural order, columns the colours as the variants give them.
 */
export function sizeGrid<S extends SimpleItem>(simples: readonly S[]): SizeGrid<S> | null {
  if (simples.length < 2) return null;
  const others = COMBINING_OPTIONS.filter((option) => option !== "size" && option !== "color");
  if (simples.some((s) => others.some((option) => text(s.options[option]) !== null))) return null;
  const byCell = new Map<string, S>();
  for (const simple of simples) {
    const size = text(simple.options.size);
    const colour = text(simple.options.color);
    if (size === null || colour === null) return null;
    const key = JSON.stringify([size, colour]);
    if (byCell.has(key)) return null;
    byCell.set(key, simple);
  }
  const sizes = sortSizes([...new Set(simples.map((s) => text(s.options.size)!))]);
  const colours = [...new Set(simples.map((s) => text(s.options.color)!))];
  return {
    sizes,
    colours,
    rows: sizes.map((size) => ({
      size,
      cells: colours.map((colour) => ({ colour, variant: byCell.get(JSON.stringify([size, colour])) ?? null })),
    })),
  };
}

/** The form field of a cell: the variant's quantity, one field per variant (`qty-<internalId>`). */
export const GRID_FIELD_PREFIX = "qty-";
export const gridField = (internalId: string) => `${GRID_FIELD_PREFIX}${internalId}`;

/** A cell's accessible name, the row and column read out with it. */
export const gridCellLabel = (size: string, colour: string) => `Quantity, size ${size}, colour ${colour}`;

/** What a grid post asks for: the quantities typed (text, as posted), each variant once. */
export interface GridRequest {
  /** variant internalId → the text typed, for every cell posted */
  typed: Record<string, string>;
  /** the cells that order something: the text was not blank or 0 */
  ordered: { internalId: string; qty: string }[];
}

/**
 * Reads a grid post's fields against the grid: null when a field names no variant of the grid (the form did not
 * come from this page), else each cell's text. Blank and 0 order nothing; anything else is for the quantity rules.
 */
export function readGridPost(grid: SizeGrid<SimpleItem>, fields: ReadonlyArray<[string, string]>): GridRequest | null {
  // the grid's variants row by row, the order the lines go into the basket
  const variants = grid.rows.flatMap((row) => row.cells.flatMap((c) => (c.variant ? [c.variant.internalId] : [])));
  const typed: Record<string, string> = {};
  for (const [name, value] of fields) {
    if (!name.startsWith(GRID_FIELD_PREFIX)) continue;
    const id = name.slice(GRID_FIELD_PREFIX.length);
    if (!variants.includes(id) || Object.hasOwn(typed, id)) return null;
    typed[id] = value.trim();
  }
  const ordered = variants
    .filter((id) => Object.hasOwn(typed, id) && typed[id] !== "" && !/^[+-]?0+$/.test(typed[id]))
    .map((internalId) => ({ internalId, qty: typed[internalId] }));
  return { typed, ordered };
}
