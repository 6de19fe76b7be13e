import { basketCount } from "./basket";
import { mergeLine, type ItemLine } from "./basket-lines";
import type { QuantityItem } from "./quantity";

// The wearer-pack basket's pure operations (issue 15 items 3 and 5): the basket session's `manpack` array, one pack
// per wearer (SPEC §3 Manpack entry: employeeId, optional addressId and shippingMethod, data lines). The wearer's page
// adds lines, the basket page changes and removes them and chooses each pack's delivery; none of them re-states how.
// Every operation answers a new array and leaves the one given alone; one that names a pack or line the basket does
// not hold answers null, so the caller refuses rather than writes.

/** SPEC §3 Manpack entry, with lines of the basket's line type. */
export type PackEntry<L extends ItemLine> = {
  employeeId: string;
  addressId?: string;
  shippingMethod?: string;
  data: L[];
};

type Packs<L extends ItemLine, P extends PackEntry<L>> = readonly P[];

/** The wearer's pack, if the basket holds one. */
export function findPack<L extends ItemLine, P extends PackEntry<L>>(
  packs: Packs<L, P>,
  employeeId: string,
): P | undefined {
  return packs.find((pack) => pack.employeeId === employeeId);
}

function replacePack<L extends ItemLine, P extends PackEntry<L>>(
  packs: Packs<L, P>,
  employeeId: string,
  change: (pack: P) => P | null,
): P[] | null {
  const index = packs.findIndex((pack) => pack.employeeId === employeeId);
  if (index === -1) return null;
  const changed = change(packs[index]);
  const next = [...packs];
  // a pack with no lines left is no pack (the wearers list would still mark the wearer as having one)
  if (changed === null || changed.data.length === 0) next.splice(index, 1);
  else next[index] = changed;
  return next;
}

/**
 * Adds a line to the wearer's pack, summing with the same product's line (SPEC §4) within the item's quantity rules
 * (a sum beyond them is refused, as the stock basket refuses it); a wearer without a pack gets a new one at the end.
 */
export function addToPack<L extends ItemLine, P extends PackEntry<L>>(
  packs: Packs<L, P>,
  employeeId: string,
  line: L,
  item: QuantityItem,
): { ok: true; packs: P[] } | { ok: false; message: string } {
  const held = findPack<L, P>(packs, employeeId);
  const merged = mergeLine<L>(held?.data ?? [], line, item, "this wearer's pack");
  if (!merged.ok) return merged;
  if (!held) return { ok: true, packs: [...packs, { employeeId, data: merged.lines } as P] };
  return { ok: true, packs: packs.map((pack) => (pack === held ? { ...pack, data: merged.lines } : pack)) };
}

/** A new quantity for a line of the wearer's pack (checked by the caller); 0 removes the line. Null: no such line. */
export function setPackLineQty<L extends ItemLine, P extends PackEntry<L>>(
  packs: Packs<L, P>,
  employeeId: string,
  productId: string,
  qty: number,
): P[] | null {
  if (!findPack<L, P>(packs, employeeId)?.data.some((line) => line.productId === productId)) return null;
  return replacePack<L, P>(packs, employeeId, (pack) => ({
    ...pack,
    data:
      qty === 0
        ? pack.data.filter((line) => line.productId !== productId)
        : pack.data.map((line) => (line.productId === productId ? { ...line, qty } : line)),
  }));
}

/** Removes a line from the wearer's pack. Null: no such line. */
export function removePackLine<L extends ItemLine, P extends PackEntry<L>>(
  packs: Packs<L, P>,
  employeeId: string,
  productId: string,
): P[] | null {
  return setPackLineQty<L, P>(packs, employeeId, productId, 0);
}

/** Removes the wearer's whole pack. Null: the basket holds none. */
export function removePack<L extends ItemLine, P extends PackEntry<L>>(
  packs: Packs<L, P>,
  employeeId: string,
): P[] | null {
  return replacePack<L, P>(packs, employeeId, () => null);
}

/**
 * Where and how the wearer's pack is delivered: the keys given replace the pack's (an empty string clears one, so the
 * order uses the customer's default). Null: the basket holds no pack for the wearer.
 */
export function setPackDelivery<L extends ItemLine, P extends PackEntry<L>>(
  packs: Packs<L, P>,
  employeeId: string,
  delivery: { addressId?: string; shippingMethod?: string },
): P[] | null {
  return replacePack<L, P>(packs, employeeId, (pack) => {
    const next: P = { ...pack };
    for (const key of ["addressId", "shippingMethod"] as const) {
      const value = delivery[key];
      if (value === undefined) continue;
      if (value === "") delete next[key];
      else next[key] = value;
    }
    return next;
  });
}

/** How many items the packs hold (the quantities summed, SPEC §4: lines flagged as removed not counted). */
export function packsLineCount<L extends ItemLine & { removeItem?: boolean }>(packs: readonly PackEntry<L>[]): number {
  return packs.reduce((sum, pack) => sum + basketCount(pack.data), 0);
}
