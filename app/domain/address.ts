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

/** The label and one-line text an address is offered with. */
export function addressChoice(address: CustomerAddressLike): AddressChoice {
  const d = address.details;
  const text = d.addrText || [d.addr1, d.addr2, d.city, d.zip].filter(Boolean).join(", ");
  return { internalId: address.internalId, label: address.label, text };
}

/**
 * The checkout's "deliver to a new address" choice (its address radio's value). Here, in a module with no imports,
 * rather than in checkout.ts, so the checkout page's browser bundle does not take checkout.ts's imports (and with them
 * zod, decision 002).
 */
export const NEW_ADDRESS = "new";
