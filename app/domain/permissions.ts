/** SPEC §6: every permission string an account can carry. */
export const PERMISSIONS = [
  "canViewFullCatalogue",
  "canViewMyCatalogue",
  "canViewUserCatalogue",
  "canViewManpack",
  "manpackOrders",
  "fullCatalogue",
  "punchoutOnly",
  "browseOnly",
  "addSiteUser",
  "viewOrderHistory",
  "orderApproval",
  "viewReporting",
  "addManpackUser",
  "dellAddress",
  "indAddress",
  "addAddress",
  "customAddressOnly",
  "viewAllOrders",
  "pricingHidden",
  "amendOrderDeliveryAddress",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** The permissions that take something away (SPEC §6): an account holding one may do less, not more. */
export const RESTRICTING_PERMISSIONS: readonly Permission[] = [
  "punchoutOnly",
  "browseOnly",
  "customAddressOnly",
  "pricingHidden",
];

/**
 * Every permission that grants something: what provider staff acting for a customer may do there (the provider's
 * customer switch), all of SPEC §6's list but the restrictions.
 */
export const GRANTING_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (p) => !RESTRICTING_PERMISSIONS.includes(p),
);

// a Set, not a zod enum: this module reaches the browser, and a zod schema built at load time pulls zod (~14 KB
// gzip) into every page that imports it
const KNOWN = new Set<string>(PERMISSIONS);

/** Whether a string is one of SPEC §6's permissions. */
export const isPermission = (value: string): value is Permission => KNOWN.has(value);

// Accounts come from the upstream and may carry permissions this portal does not know yet,
// so the list stays `string[]` rather than failing on an unknown entry.
export interface AccountLike {
  permissions: readonly string[];
  isEvolveUser: boolean;
}

export interface SettingLike {
  isApprover: boolean;
  needsAproval: boolean;
  wp_contact_only: boolean;
}

export interface PunchoutContext {
  inPunchout: boolean;
}

// SPEC §6: these two restrict a user, and a punchout session lifts the restriction.
const LIFTED_IN_PUNCHOUT: readonly Permission[] = ["punchoutOnly", "browseOnly"];

function holds(account: Pick<AccountLike, "permissions">, permission: Permission): boolean {
  return account.permissions.includes(permission);
}

export function hasPermission(account: AccountLike, permission: Permission, ctx: PunchoutContext): boolean {
  if (ctx.inPunchout && LIFTED_IN_PUNCHOUT.includes(permission)) return false;
  return holds(account, permission);
}

export function canApprove(
  account: Pick<AccountLike, "permissions">,
  setting: Pick<SettingLike, "isApprover">,
): boolean {
  return holds(account, "orderApproval") && setting.isApprover;
}

/** SPEC §6 "Manpack access": both, for /wearer-pack and everything below it (decision 098). */
export const MANPACK_ACCESS = ["canViewManpack", "manpackOrders"] as const satisfies readonly Permission[];

export function canAccessManpack(account: AccountLike): boolean {
  return MANPACK_ACCESS.every((p) => holds(account, p));
}

/** SPEC §6: the stock catalogue, and stock ordering with it, come with any of these (the provider enforces with it). */
const STOCK_CATALOGUE = [
  "canViewFullCatalogue",
  "canViewMyCatalogue",
  "canViewUserCatalogue",
] as const satisfies readonly Permission[];

export function hasStockCatalogue(account: AccountLike): boolean {
  return STOCK_CATALOGUE.some((p) => holds(account, p));
}

/** SPEC §6: the address rights (dellAddress stock, indAddress wearer packs, addAddress, customAddressOnly). */
export const ADDRESS_RIGHTS = [
  "dellAddress",
  "indAddress",
  "addAddress",
  "customAddressOnly",
] as const satisfies readonly Permission[];

type BasketKind = "stock-order-basket" | "manpack-order-basket";

/** The baskets a user may fill (decision 161): stock with a stock catalogue, wearer packs with Manpack access. */
export function usableBaskets(account: AccountLike): Record<BasketKind, boolean> {
  return { "stock-order-basket": hasStockCatalogue(account), "manpack-order-basket": canAccessManpack(account) };
}

/**
 * The basket the basket page shows and checkout orders (decision 161): the one selected, unless the user may use
 * only the other (a wearer-pack-only user lands on the wearer-pack basket whatever was stored).
 */
export function shownBasketType(account: AccountLike, selected: BasketKind): BasketKind {
  const usable = usableBaskets(account);
  if (usable[selected]) return selected;
  const other = selected === "stock-order-basket" ? "manpack-order-basket" : "stock-order-basket";
  return usable[other] ? other : selected;
}

export function isPunchoutOnly(account: AccountLike, ctx: PunchoutContext): boolean {
  return hasPermission(account, "punchoutOnly", ctx);
}

export function isBrowseOnly(account: AccountLike, ctx: PunchoutContext): boolean {
  return hasPermission(account, "browseOnly", ctx);
}

/** Decision 050: browse-only users outside punchout may look but not fill a basket or check out. */
export function canPlaceOrders(account: AccountLike, ctx: PunchoutContext): boolean {
  return !isBrowseOnly(account, ctx);
}

/** Users whose orders go to a supervisor before fulfilment (SPEC §6, spelling as upstream sends it). */
export function needsApproval(setting: SettingLike): boolean {
  return setting.needsAproval;
}

export function canOpenAdmin(account: AccountLike): boolean {
  return account.isEvolveUser;
}
