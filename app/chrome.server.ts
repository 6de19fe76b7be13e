import { basketCount } from "~/domain/basket";
import { canApprove, navigationFor } from "~/domain/permissions";
import type { PortalUser } from "~/auth/require-user.server";
import { bannerDismissedCookie } from "~/auth/session.server";
import { countOrdersAwaitingApproval } from "~/upstream/orders.server";

export type NavItem = { to: string; label: string };

export const SITE_BANNER = {
  id: "2026-winter-delivery",
  message: "Order by 3pm for next-day delivery on in-stock items. Christmas cut-off: Friday 18 December.",
};

/** The sidebar's links (decision 057): the access table's entries the guard lets this user open. */
export function visibleNavigation(user: Pick<PortalUser, "session" | "inPunchout">): NavItem[] {
  const { account, setting } = user.session;
  return navigationFor({ account, setting, inPunchout: user.inPunchout }).map(({ to, label }) => ({ to, label }));
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
