import { addToBasket, basketAddPayload } from "./basket";
import { formatMoney, fromPence, toPence } from "./money";
import { cardImage } from "./product-card";
import { checkOrderQuantity, QUANTITY_MAX, type QuantityItem } from "./quantity";

// The basket's pure rules (issue 12 item 3): what may go into a basket line and how lines combine. The basket, quick
// order, saved baskets and punchout approval all apply these; none of them re-states a rule.

export const UNKNOWN_PRODUCT = "That product is not available to order.";

type OptionValue = string | number | boolean | null;

/** A catalogue item as these rules read it (the upstream's BasketItem satisfies it). */
export interface LineItem extends QuantityItem {
  internalId: string;
  displayName: string;
  price: number | null;
  isInactive: boolean;
  matrixType: string | null;
  parent: { internalId: string } | null;
  options: Record<string, OptionValue> | null;
  images: Record<string, string[]> | null;
  defaultImage: string | null;
}

/** A stock basket line as these rules write it (the upstream's StockLine satisfies it). */
export type ItemLine = {
  productId: string;
  qty: number;
  parentId?: string;
  name?: string;
  price?: number | null;
  thumbnail?: string | null;
  options?: Record<string, OptionValue>;
};

/** The session's pricingHidden, decided once (decision 058): its null prices are hidden, not missing. */
export type PricesHidden = { pricesHidden?: boolean };

export type Orderable<I> = { ok: true; item: I } | { ok: false; message: string };

/**
 * Whether a catalogue item can go into the basket as it is: active, priced, and not a matrix parent. With the
 * account's prices hidden the upstream sends no price, and the line is still orderable: the provider prices the order.
 */
export function orderable<I extends Pick<LineItem, "isInactive" | "matrixType" | "price" | "displayName">>(
  item: I,
  { pricesHidden = false }: PricesHidden = {},
): Orderable<I> {
  if (item.isInactive) return { ok: false, message: UNKNOWN_PRODUCT };
  if (item.matrixType === "parent")
    return { ok: false, message: `Choose a size or colour of ${item.displayName} first.` };
  if (item.price === null && !pricesHidden)
    return { ok: false, message: `${item.displayName} has no price and cannot be ordered here.` };
  return { ok: true, item };
}

function chosenOptions(options: LineItem["options"]): Record<string, string> | undefined {
  if (!options) return undefined;
  const chosen = Object.entries(options).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
  );
  return chosen.length ? Object.fromEntries(chosen) : undefined;
}

/** SPEC §3 basket line for an item: the add payload (price from upstream, never from the form) plus display fields. */
export function lineFromItem(item: LineItem, qty: number) {
  const payload = basketAddPayload({ productId: item.internalId, name: item.displayName, price: item.price ?? 0 }, qty);
  const firstImage = item.images ? Object.values(item.images).find((list) => list.length > 0)?.[0] : undefined;
  return {
    ...payload,
    price: item.price,
    parentId: item.parent?.internalId ?? item.internalId,
    thumbnail: cardImage({ defaultImage: item.defaultImage ?? firstImage }),
    options: chosenOptions(item.options),
  };
}

/** Adds one line, summing with the product's line (SPEC §4); a sum beyond the item's rules is refused, not trimmed. */
export function mergeLine<L extends ItemLine>(
  current: readonly L[],
  line: L,
  item: QuantityItem,
  where = "your basket",
): { ok: true; lines: L[] } | { ok: false; message: string } {
  const lines = addToBasket(current, line);
  const merged = lines.find((l) => l.productId === line.productId);
  if (merged) {
    const check = checkOrderQuantity(item, merged.qty);
    if (!check.ok) {
      const held = merged.qty - line.qty;
      const reason =
        merged.qty > QUANTITY_MAX ? `a basket line cannot be more than ${QUANTITY_MAX}` : check.message.toLowerCase();
      return {
        ok: false,
        message: `You already have ${held} of ${line.name ?? "this product"} in ${where}; ${reason}.`,
      };
    }
  }
  return { ok: true, lines };
}

/** Lines added to lines (a reorder): the same product's quantities summed (SPEC §4), stopping at the line limit. */
export function addCapped<L extends ItemLine>(current: readonly L[], added: readonly L[]): L[] {
  let lines = [...current];
  for (const line of added) lines = addToBasket(lines, line).map((l) => ({ ...l, qty: Math.min(l.qty, QUANTITY_MAX) }));
  return lines;
}

export interface Pack<L extends ItemLine> {
  employeeId: string;
  data: L[];
}

/** Reordered packs into the wearer-pack basket: one pack per wearer, a wearer's pack already held keeps its address. */
export function addPacks<L extends ItemLine, P extends Pack<L>>(current: readonly P[], added: readonly Pack<L>[]): P[] {
  const packs = [...current];
  for (const pack of added) {
    const index = packs.findIndex((held) => held.employeeId === pack.employeeId);
    if (index === -1) packs.push({ employeeId: pack.employeeId, data: addCapped([], pack.data) } as P);
    else packs[index] = { ...packs[index], data: addCapped(packs[index].data, pack.data) };
  }
  return packs;
}

/** The notice for products of an old order or saved basket that could not be added. */
export function droppedNotice(names: readonly string[]): string {
  return names.length ? ` No longer available, so not added: ${names.join(", ")}.` : "";
}

/**
 * The notice for an order's lines a reorder left out: products gone as droppedNotice says, and lines the provider
 * gave a reason for (a wearer no longer active or entitled, decision 104) with the provider's reason.
 */
export function reorderDroppedNotice(dropped: ReadonlyArray<{ name: string; reason?: string | null }>): string {
  const reasons = dropped.flatMap((d) => (d.reason ? [d.reason] : []));
  return (
    droppedNotice(dropped.filter((d) => !d.reason).map((d) => d.name)) +
    (reasons.length ? ` Not added: ${reasons.join("; ")}.` : "")
  );
}

/** A line's amount, price × quantity, worked in whole pence (issue 12 item 3: money as integer pence). */
export function lineAmount(price: number, qty: number): number {
  return fromPence(toPence(price) * qty);
}

// the upstream's option keys are American (SPEC §3 `color`); the portal says "Colour" everywhere (issue 14 item 5)
const OPTION_NAMES: Record<string, string> = { color: "Colour", colour: "Colour" };

/** An option key as a label: 'color' → 'Colour', 'legLength' → 'Leg length'. */
function optionName(key: string): string {
  const known = OPTION_NAMES[key.toLowerCase()];
  if (known) return known;
  const words = key.replace(/([a-z\d])([A-Z])/g, "$1 $2").toLowerCase();
  return `${words[0].toUpperCase()}${words.slice(1)}`;
}

/** A line's chosen options as the basket lists them: 'Size: M', 'Colour: Yellow'; empty ones left out. */
export function optionLabels(options: Record<string, OptionValue> | undefined): string[] {
  return Object.entries(options ?? {})
    .filter(([, value]) => value !== null && value !== "")
    .map(([key, value]) => `${optionName(key)}: ${String(value)}`);
}

/** The notice for one line whose price changed or vanished since it was added (SPEC §5 verifyPrices). */
export function priceNoticeText(
  line: Pick<ItemLine, "productId" | "name" | "price">,
  item: Pick<LineItem, "displayName" | "price"> | undefined,
): string {
  const name = line.name ?? item?.displayName ?? `Product ${line.productId}`;
  if (!item || item.price === null) return `${name}: no longer available at a price`;
  return `${name}: was ${formatMoney(line.price)}, now ${formatMoney(item.price)}`;
}
