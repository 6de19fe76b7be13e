import { MULTIPLE_DELIVERY_ADDRESSES } from "./messages";
import { isWearerPackOrder, orderItems, orderShipGroups, type Order, type OrderItem } from "./order";
import { normalisePostcode } from "./postcode";

// The last two words, then the last word, of the text (after a separator, so the tail of a word is never taken):
// whichever the one postcode rule (postcode.ts, decision 120) takes is the postcode.
const LAST_TWO_WORDS = /(^|[\s,])([^\s,]+\s+[^\s,]+)\s*$/;
const LAST_WORD = /(^|[\s,])([^\s,]+)\s*$/;
const TRAILING_COUNTRY = /(?:^|[\s,]+)(united kingdom|great britain|uk|gb)\s*$/i;

export interface SplitAddress {
  address: string;
  zip: string;
}

function tidyLine(text: string): string {
  return text
    .split(/\r?\n|,/)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(", ");
}

/**
 * SPEC §3 rule 3: a trailing UK-style postcode becomes the zip, normalised to 'AA9A 9AA'. A postcode is what the one
 * postcode rule takes (postcode.ts), so an order's address splits as the address book writes a postcode.
 */
export function splitUkPostcode(text: string): SplitAddress {
  const withoutCountry = text.replace(TRAILING_COUNTRY, "");
  for (const tail of [LAST_TWO_WORDS, LAST_WORD]) {
    const match = tail.exec(withoutCountry);
    const postcode = match ? normalisePostcode(match[2]) : null;
    if (match && postcode?.ok) {
      return { address: tidyLine(withoutCountry.slice(0, match.index + match[1].length)), zip: postcode.postcode };
    }
  }
  return { address: tidyLine(text), zip: "" };
}

export type OrderAddress =
  | { kind: "address"; name: string; address: string; zip: string }
  | { kind: "multiple"; text: typeof MULTIPLE_DELIVERY_ADDRESSES };

function fromShippingAddress(sa: NonNullable<Order["shippingAddress"]>): OrderAddress | null {
  const fields = [sa.addr1, sa.addr2, sa.addr3, sa.city, sa.state].map((v) => v?.trim() ?? "").filter(Boolean);
  const name = (sa.addressee ?? "").trim() || (sa.attention ?? "").trim();
  if (fields.length > 0 || sa.zip?.trim()) {
    return { kind: "address", name, address: fields.join(", "), zip: (sa.zip ?? "").trim().toUpperCase() };
  }
  if (sa.addrText?.trim()) return { kind: "address", name, ...splitUkPostcode(sa.addrText) };
  return null;
}

// Ship-group text usually repeats the addressee as its first line; showing it twice reads as a fault.
function withoutLeadingName(text: string, name: string): string {
  const lines = text.split(/\r?\n/);
  return name && lines[0]?.trim().toLowerCase() === name.toLowerCase() ? lines.slice(1).join("\n") : text;
}

/** SPEC §3 order address display, the five rules in the SPEC's order (decision 053 on the order). */
export function orderAddress(order: Order): OrderAddress {
  const shipping = order.shippingAddress ? fromShippingAddress(order.shippingAddress) : null;
  if (shipping) return shipping;

  const groups = orderShipGroups(order);
  if (groups.length > 1) return { kind: "multiple", text: MULTIPLE_DELIVERY_ADDRESSES };

  const shipTo = orderItems(order)[0]?.shipAddress;
  if (isWearerPackOrder(order)) return shipToAddress(order, shipTo);
  return { kind: "address", name: (shipTo?.name ?? "").trim(), address: "", zip: "" };
}

export type ShipTo = OrderItem["shipAddress"];

/**
 * SPEC §3 rules 2–4 for one line's ship-to (a wearer-pack line's `shipAddress`): its name, and the text of the ship
 * group whose `destinationAddressRef` is that address, split into an address line and a postcode; the name only when
 * no group matches.
 */
export function shipToAddress(order: Pick<Order, "shipGroupList">, shipTo: ShipTo): OrderAddress {
  const name = (shipTo?.name ?? "").trim();
  const wanted = shipTo?.internalId == null ? null : String(shipTo.internalId);
  const group = orderShipGroups(order).find(
    (g) => wanted !== null && String(g.destinationAddressRef?.internalId ?? "") === wanted,
  );
  if (group?.destinationAddress?.trim()) {
    return { kind: "address", name, ...splitUkPostcode(withoutLeadingName(group.destinationAddress, name)) };
  }
  return { kind: "address", name, address: "", zip: "" };
}

/** An address as display lines: name, address line, zip; empty parts left out. */
export function addressLines(a: OrderAddress): string[] {
  if (a.kind === "multiple") return [a.text];
  return [a.name, a.address, a.zip].filter((line) => line !== "");
}

/** The order's address as display lines (SPEC §3 order address display). */
export function orderAddressLines(order: Order): string[] {
  return addressLines(orderAddress(order));
}
