// A delivery address as the portal offers it for choosing (checkout, amending an order's address): one wording of
// the provider's GET /api/customer-address answer (issue 12 item 3).

export interface CustomerAddressLike {
  internalId: string;
  label: string;
  details: { addr1?: string; addr2?: string; city?: string; zip?: string; addrText?: string };
}

export interface AddressChoice {
  internalId: string;
  /** The address's name, as the provider labels it. */
  label: string;
  /** One line: the provider's own text, else the address lines, town and postcode joined by commas. */
  text: string;
}

/**
 * An address on one line: its lines, town and postcode joined by commas, empty parts left out ("1 Dock Rd, Hull, HU1
 * 1AA"). The provider stores an address's text with it; the portal shows an address without one the same way
 * (decision 172).
 */
export function addressText(lines: {
  addr1?: string | null;
  addr2?: string | null;
  city?: string | null;
  zip?: string | null;
}): string {
  return [lines.addr1, lines.addr2, lines.city, lines.zip].filter(Boolean).join(", ");
}

/** The label and one-line text an address is offered with. */
export function addressChoice(address: CustomerAddressLike): AddressChoice {
  const d = address.details;
  const text = d.addrText || addressText(d);
  return { internalId: address.internalId, label: address.label, text };
}

/**
 * The checkout's "deliver to a new address" choice (its address radio's value). Here, in a module with no imports,
 * rather than in checkout.ts, so the checkout page's browser bundle does not take checkout.ts's imports (and with them
 * zod, decision 002).
 */
export const NEW_ADDRESS = "new";
