import { PERMISSIONS, isPermission, type Permission } from "./permissions";

/**
 * SPEC §6's permissions in words (issue 17, decision 113): one line each, as /my-account lists what the user may do
 * and /add-site-user labels its checkboxes. A restriction reads as one.
 */
export const PERMISSION_WORDS: Readonly<Record<Permission, string>> = {
  canViewFullCatalogue: "Browse and order from the full catalogue",
  canViewMyCatalogue: "Browse and order from My catalogue",
  canViewUserCatalogue: "Browse and order from the employee catalogues",
  canViewManpack: "See wearer packs",
  manpackOrders: "Order wearer packs",
  fullCatalogue: "See every product of the catalogue, not only the sector's",
  punchoutOnly: "Order only through a procurement system (punchout)",
  browseOnly: "Browse only: no basket and no orders outside punchout",
  addSiteUser: "Invite colleagues and see the site users",
  viewOrderHistory: "See the order history",
  orderApproval: "Approve or reject orders waiting for approval",
  viewReporting: "See reports",
  addManpackUser: "Add wearers",
  dellAddress: "Deactivate delivery addresses",
  indAddress: "Deliver to individual addresses",
  addAddress: "Add delivery addresses",
  customAddressOnly: "Deliver only to addresses typed at checkout",
  viewAllOrders: "See every order of the business unit, not only their own",
  pricingHidden: "Prices are hidden",
  amendOrderDeliveryAddress: "Change the delivery address of an order",
};

/** The permissions a list names, each once, in SPEC §6's order, with their words; strings the portal does not know are left out. */
export function permissionsInWords(permissions: readonly string[]): Array<{ permission: Permission; words: string }> {
  const held = new Set(permissions.filter(isPermission));
  return PERMISSIONS.filter((p) => held.has(p)).map((permission) => ({
    permission,
    words: PERMISSION_WORDS[permission],
  }));
}
