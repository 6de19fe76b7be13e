import { basketCount } from "~/domain/basket";
import { packsLineCount } from "~/domain/packs";
import { accessGuard, navigationFor, routeAccessFor } from "~/auth/access-guard.server";
import type { NavGroup } from "~/auth/route-access";
import type { PortalUser } from "~/auth/require-user.server";
import { bannerDismissedCookie, getSession } from "~/session/session.server";
import { viewAsOf } from "~/upstream/view-as.server";
import { chromeContent } from "~/cms/content.server";
import { countOrdersAwaitingApproval } from "~/upstream/orders.server";
import { logFailure, UpstreamError } from "~/upstream/errors.server";
import { listUserCatalogues } from "~/upstream/user-catalogues.server";
import { headerUnreadNews } from "~/news/news.server";

/** A sidebar link under its section's heading (decision 164). */
/** A link by its words: a next step of an empty list (decision 166). */
export type Link = { to: string; label: string };
export type NavItem = Link & { group: NavGroup };

/** The sidebar's links (decisions 057, 176): the routes' links the guard lets this user open. */
export function visibleNavigation(
  user: Pick<PortalUser, "session" | "inPunchout"> & Partial<Pick<PortalUser, "punchout">>,
): NavItem[] {
  const { account, setting } = user.session;
  const links = navigationFor({
    account,
    setting,
    hasPunchoutProfile: user.session.hasPunchoutProfile,
    inPunchout: user.inPunchout,
    punchoutOrdering: user.punchout?.orderingAllowed ?? false,
  });
  // an inspect punchout session only looks at the basket it was given (decision 111): no screens that fill a basket
  const fills = (to: string) =>
    to !== "/basket" && (routeAccessFor(to)?.placesOrders || routeAccessFor(to)?.punchout === "ordering");
  const shown = user.punchout?.operation === "inspect" ? links.filter((link) => !fills(link.to)) : links;
  return shown.map(({ to, label, group }) => ({ to, label, group }));
}

/**
 * Whether the access guard lets this user open a page (decision 087): the header offers only what the guard, and
 * so the provider, would let the user use, by the same table as the sidebar.
 */
export function mayOpen(
  user: Pick<PortalUser, "session" | "inPunchout"> & Partial<Pick<PortalUser, "punchout">>,
  pathname: string,
): boolean {
  const { account, setting } = user.session;
  return accessGuard({
    pathname,
    account,
    setting,
    hasPunchoutProfile: user.session.hasPunchoutProfile,
    inPunchout: user.inPunchout,
    punchoutOrdering: user.punchout?.orderingAllowed ?? false,
    method: "GET",
  }).allow;
}

/** The catalogues to browse, for an empty list's next step (decision 166); nextSteps keeps the ones the user may open. */
export const CATALOGUE_STEPS: readonly Link[] = [
  { to: "/categories/full", label: "Browse the full catalogue" },
  { to: "/categories/my", label: "Browse my catalogue" },
];

/**
 * The next steps an empty list names (decision 166): of `steps`, the ones the access guard lets this user open, by the
 * same table as the sidebar, so nothing is offered that the user cannot use.
 */
export function nextSteps(
  user: Pick<PortalUser, "session" | "inPunchout"> & Partial<Pick<PortalUser, "punchout">>,
  steps: readonly Link[],
): Link[] {
  return steps.filter((step) => mayOpen(user, step.to.split("?")[0]));
}

/**
 * The sidebar's user catalogues (issue 17 item 6, decision 114): one link per catalogue of GET /api/customCatalogue and
 * GET /api/smiCustomCatalogue, for a user the guard lets open /categories/user (canViewUserCatalogue); asked once a
 * minute per token (listUserCatalogues). The provider failing leaves them out rather than the page.
 */
async function userCatalogueLinks(user: PortalUser): Promise<NavItem[]> {
  if (!mayOpen(user, "/categories/user")) return [];
  try {
    const catalogues = await listUserCatalogues(user.upstream, user.session.selectedCustomer?.contactId ?? null);
    return catalogues.map((c) => ({
      to: `/categories/user/${encodeURIComponent(c.internalId)}`,
      label: c.name,
      group: "Catalogue" as const,
    }));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    logFailure(user.upstream?.request, "user catalogues for the sidebar failed", error);
    return [];
  }
}

/** The user catalogues go after the other catalogue links (else after the first link, the dashboard). */
function withUserCatalogues(links: NavItem[], catalogues: NavItem[]): NavItem[] {
  if (catalogues.length === 0) return links;
  const lastCatalogue = links.map((l) => l.to.startsWith("/categories/")).lastIndexOf(true);
  const at = lastCatalogue >= 0 ? lastCatalogue + 1 : Math.min(1, links.length);
  return [...links.slice(0, at), ...catalogues, ...links.slice(at)];
}

/** What the header, sidebar and banner of the default and basket layouts show. */
export async function loadChrome(request: Request, user: PortalUser) {
  const { session } = user;
  const approver = mayOpen(user, "/order-to-approve");
  // the header's unread news count (issue 18, decision 118): posts (once a minute per process) − totalReadNews
  const unreadNews = headerUnreadNews(user);
  unreadNews.catch(() => undefined);
  const [pendingApprovals, dismissedBanner, userCatalogues, { banner, footer }] = await Promise.all([
    approver ? countOrdersAwaitingApproval(user.upstream) : Promise.resolve(null),
    bannerDismissedCookie().parse(request.headers.get("Cookie")) as Promise<string | null>,
    userCatalogueLinks(user),
    // the site banner and the footer's links come from the CMS, a minute old at most (issue 18, decision 119);
    // the CMS failing leaves them out, never the page
    chromeContent(request),
  ]);
  return {
    user: {
      name: [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") || session.user.email,
      email: session.user.email,
    },
    customer: session.selectedCustomer,
    customers: session.customers,
    // null: the user may not use a basket (browse-only outside punchout), so the header shows no basket link
    // the items of both baskets: wearer packs waiting are as much the user's basket as stock lines (SPEC §3 Basket state)
    basketCount: mayOpen(user, "/basket")
      ? basketCount(session.basket?.stock ?? []) + packsLineCount(session.basket?.manpack ?? [])
      : null,
    pendingApprovals,
    navigation: withUserCatalogues(visibleNavigation(user), userCatalogues),
    // the header's link to /wish-list with the number of products on it (issue 17 item 5)
    wishListCount: mayOpen(user, "/wish-list") ? (session.wishList?.productIds.length ?? 0) : null,
    // beside the header's "News" link; null when the provider could not count the posts just now
    unreadNews: await unreadNews,
    // within a punchout session the header's bar hands the basket back (decision 111); inspect only returns it unchanged
    punchout: user.punchout ? { operation: user.punchout.operation, protocol: user.punchout.protocol } : null,
    // while an admin views the portal as this user (decision 129): the banner with Stop on every page
    viewingAs: viewAsOf(await getSession(request))
      ? {
          name: [session.user.firstName, session.user.lastName].filter(Boolean).join(" ") || session.user.email,
          customer: session.selectedCustomer?.name ?? "",
        }
      : null,
    // a dismissal is remembered by the banner text's hash, so a new message shows again
    banner: banner && dismissedBanner !== banner.id ? banner : null,
    footer,
  };
}

export type ChromeData = Awaited<ReturnType<typeof loadChrome>>;
