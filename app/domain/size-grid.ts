// Issue 34 item 8 (decisions 168, 169): the product page's size-and-colour grid, a quantity per variant of one garment.
import { COMBINING_OPTIONS, type MatrixOption, type OptionValues, type SimpleItem } from "./matrix";

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
  /** the product's other options (a leg length, a finish), each as chosen: the grid is that choice's variants */
  fixed: { option: MatrixOption; value: string }[];
  sizes: string[];
  colours: string[];
  /** one row per size, one cell per colour: the variant, or null where it is not made */
  rows: { size: string; cells: { colour: string; variant: S | null }[] }[];
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** The options besides size and colour that the variants use (a leg length, a finish; a logo is no variant). */
function otherOptions(simples: readonly SimpleItem[]): MatrixOption[] {
  return COMBINING_OPTIONS.filter(
    (option) => option !== "size" && option !== "color" && simples.some((s) => text(s.options[option]) !== null),
  );
}

/**
 * The grid for a product's variants, or null when it has none: the grid is for variants told apart by size and
 * colour. Where the variants also use another option (a leg length, a finish), the grid is for the value `chosen`
 * names of each (chosen on the page first), and null until each is chosen. A variant without a size or a colour, two
 * variants in one cell, or a single variant in the grid: no grid (the single-variant form orders them). Rows are the
 * sizes in their natural order, columns the colours as the variants give them.
 */
export function sizeGrid<S extends SimpleItem>(
  allSimples: readonly S[],
  chosen: OptionValues = {},
): SizeGrid<S> | null {
  const fixed: SizeGrid<S>["fixed"] = [];
  for (const option of otherOptions(allSimples)) {
    const value = text(chosen[option]);
    if (value === null) return null;
    fixed.push({ option, value });
  }
  const simples = allSimples.filter((s) => fixed.every(({ option, value }) => text(s.options[option]) === value));
  if (simples.length < 2) return null;
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
    fixed,
    sizes,
    colours,
    rows: sizes.map((size) => ({
      size,
      cells: colours.map((colour) => ({ colour, variant: byCell.get(JSON.stringify([size, colour])) ?? null })),
    })),
  };
}

/**
 * The options to choose before the grid shows (a finish, a leg length): those not yet chosen, when some choice of
 * them gives a grid; none when there is a grid already or can be none.
 */
export function gridWaitsFor(simples: readonly SimpleItem[], chosen: OptionValues): MatrixOption[] {
  if (sizeGrid(simples, chosen)) return [];
  const unchosen = otherOptions(simples).filter((option) => text(chosen[option]) === null);
  if (unchosen.length === 0) return [];
  // a variant's own values for them are a choice on offer
  const gridFor = (s: SimpleItem) =>
    sizeGrid(simples, { ...chosen, ...Object.fromEntries(unchosen.map((o) => [o, s.options[o]])) });
  return simples.some((s) => gridFor(s) !== null) ? unchosen : [];
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
