import type { PortalUser } from "~/auth/require-user.server";
import {
  canAccessManpack,
  canApprove,
  canOpenAdmin,
  canOrderStock,
  canPlaceOrders,
  hasNoCatalogue,
  isManpackOnly,
  needsApproval,
} from "~/domain/permissions";

/** The interim dashboard: who is logged in and what they may do (the catalogue work replaces it). */
export function dashboardData(user: PortalUser) {
  const { session, inPunchout } = user;
  const { account, setting } = session;
  const ctx = { inPunchout };
  const capabilities: string[] = [];
  if (canOrderStock(account)) capabilities.push("Order stock from your catalogues");
  if (!canPlaceOrders(account, ctx)) capabilities.push("Browse the catalogue (ordering is switched off for your account)");
  if (canAccessManpack(account)) capabilities.push("Order wearer packs for your staff");
  if (isManpackOnly(account)) capabilities.push("Your account orders wearer packs only");
  if (needsApproval(setting)) capabilities.push("Your orders are sent to your supervisor for approval");
  if (canApprove(account, setting)) capabilities.push("Approve or reject your team's orders");
  if (canOpenAdmin(account)) capabilities.push("Use the admin area");
  if (hasNoCatalogue(account) && capabilities.length === 0) capabilities.push("No catalogue is set up for your account yet");
  return {
    name: session.user.firstName || session.user.email,
    email: session.user.email,
    customer: session.selectedCustomer?.name ?? null,
    capabilities,
    permissions: [...account.permissions].sort(),
  };
}
