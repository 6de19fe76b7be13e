import { basketCount } from "~/domain/basket";
import { accessGuard, canApprove } from "~/domain/permissions";
import type { PortalUser } from "~/auth/require-user.server";
import { bannerDismissedCookie } from "~/auth/session.server";
import { countOrdersAwaitingApproval } from "~/upstream/orders.server";

export type NavItem = { to: string; label: string };
type NavEntry = NavItem & { when?: (user: Pick<PortalUser, "session" | "inPunchout">) => boolean };

// Every destination of the sidebar; each shows only when the access guard would let the user open it
// (and, for approvals, when the user is an approver: SPEC §6 needs the setting as well as the permission).
const NAVIGATION: readonly NavEntry[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/categories/full", label: "Full catalogue" },
  { to: "/categories/my", label: "My catalogue" },
  { to: "/search", label: "Search" },
  { to: "/basket", label: "Basket" },
  { to: "/quick-order", label: "Quick order" },
  { to: "/saved-baskets", label: "Saved baskets" },
  { to: "/order-history", label: "Order history" },
  { to: "/order-to-approve", label: "Orders to approve", when: ({ session }) => canApprove(session.account, session.setting) },
  { to: "/saved-punchout-baskets", label: "Punchout baskets to approve", when: ({ session }) => canApprove(session.account, session.setting) },
];

export const SITE_BANNER = {
  id: "2026-winter-delivery",
  message: "Order by 3pm for next-day delivery on in-stock items. Christmas cut-off: Friday 18 December.",
};

export function visibleNavigation(user: Pick<PortalUser, "session" | "inPunchout">, items = NAVIGATION): NavItem[] {
  return items
    .filter((item) => accessGuard({ pathname: item.to, account: user.session.account, inPunchout: user.inPunchout }).allow)
    .filter((item) => item.when?.(user) ?? true)
    .map(({ to, label }) => ({ to, label }));
}

/** What the header, sidebar and banner of the default and basket layouts show. */
export async function loadChrome(request: Request, user: PortalUser) {
  const { session } = user;
  const approver = canApprove(session.account, session.setting);
  const [pendingApprovals, dismissedBanner] = await Promise.all([
    approver ? countOrdersAwaitingApproval(user.upstream) : Promise.resolve(null),
    bannerDismissedCookie().parse(request.headers.get("Cookie")) as Promise<string | null>,
  ]);
  return {
    user: {
      name: [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") || session.user.email,
      email: session.user.email,
    },
    customer: session.selectedCustomer,
    customers: session.customers,
    basketCount: basketCount(session.basket?.stock ?? []),
    pendingApprovals,
    navigation: visibleNavigation(user),
    banner: dismissedBanner === SITE_BANNER.id ? null : SITE_BANNER,
  };
}

export type ChromeData = Awaited<ReturnType<typeof loadChrome>>;
