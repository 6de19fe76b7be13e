import type { UpstreamSession } from "~/upstream/schemas";

export const UPSTREAM = "http://upstream.test";

type SessionOverrides = {
  permissions?: string[];
  isEvolveUser?: boolean;
  setting?: Partial<UpstreamSession["setting"]>;
  selected?: boolean;
  customers?: number;
  punchoutSession?: string | null;
  basket?: UpstreamSession["basket"];
  hasPunchoutProfile?: boolean;
};

const UNITS = [
  { internalId: "1001", name: "Northwind Facilities", contactId: "5001" },
  { internalId: "1002", name: "Harbour Health Trust", contactId: "5101" },
];

/** A GET /api/session answer as docs/upstream-api.md describes it. */
export function sessionAnswer(overrides: SessionOverrides = {}) {
  const customers = UNITS.slice(0, overrides.customers ?? 1);
  const selected = overrides.selected ?? true;
  return {
    user: { id: 1, email: "buyer@demo.test", firstName: "Bea", lastName: "Buyer" },
    customers,
    selectedCustomer: selected ? customers[0] : null,
    selectedUser: selected ? { internalId: customers[0].contactId, firstName: "Bea", lastName: "Buyer" } : null,
    account: {
      permissions: overrides.permissions ?? ["canViewFullCatalogue", "viewOrderHistory"],
      totalReadNews: 0,
      payment_methods: [{ id: 0, name: "On account" }],
      isEvolveUser: overrides.isEvolveUser ?? false,
      isEnhancedUser: false,
      isSuperUser: false,
      sector: null,
    },
    setting: { isApprover: false, needsAproval: false, userId: 1, wp_contact_only: false, ...overrides.setting },
    contacts: [],
    basketsToApprove: 0,
    basket: overrides.basket ?? { selectedBasketType: "stock-order-basket", stock: [], manpack: [] },
    wishList: { productIds: [] },
    categories: [],
    punchoutSession: overrides.punchoutSession ?? null,
    hasPunchoutProfile: overrides.hasPunchoutProfile ?? false,
  };
}
