import type { PortalUser } from "~/auth/require-user.server";
import { loadQuickView, quickViewLinks, withQuickViews } from "~/catalogue/listing.server";
import { cardsOf } from "~/catalogue/product.server";
import { visibleNavigation } from "~/chrome.server";
import { FIRST_BANNER_SIZE, firstBannerProducts, SECOND_BANNER_SIZE, SECOND_BANNER_SKIP, secondBannerItems } from "~/domain/banners";
import { searchScope } from "~/domain/catalogue-listing";
import { visibleContacts } from "~/domain/contacts";
import { formatDate } from "~/domain/dates";
import { canApprove, isOwnContactOnly } from "~/domain/permissions";
import { listActiveContacts } from "~/upstream/contacts.server";
import { latestNews } from "~/upstream/content.server";
import { getItemsByIds, listItems, type Item } from "~/upstream/items.server";
import { describeFailure, isRedirect } from "~/upstream/errors.server";
import { countOrdersAwaitingApproval } from "~/upstream/orders.server";

const NEWS_TEASER_SIZE = 3;
const CONTACTS_SHOWN = 10;

/** SPEC §8: banner and content failures are logged and the part is left empty; the dashboard still shows. */
function orEmpty<T>(what: string, call: Promise<T[]>): Promise<T[]> {
  return call.catch((error) => {
    if (isRedirect(error)) throw error; // a redirect (e.g. logged out) still applies
    console.error(`dashboard: ${what} failed`, describeFailure(error));
    return [];
  });
}

/** SPEC §9 banners: random sector products filled up from general items (4); then 4 items after skipping 4. */
async function banners(user: PortalUser) {
  const scope = searchScope(user.session.account);
  if (!scope) return { first: [], second: [] };
  const sectorIds = user.session.account.sector?.products ?? [];
  const [sector, general] = await Promise.all([
    orEmpty("sector products", getItemsByIds(user.upstream, sectorIds)),
    orEmpty(
      "banner items",
      listItems(user.upstream, {
        scope,
        visibleInCatalogue: true,
        includePricing: true,
        $sort: { createdDate: -1 },
        $limit: SECOND_BANNER_SKIP + SECOND_BANNER_SIZE,
      }).then((list) => list.data),
    ),
  ]);
  return {
    first: cardsOf(firstBannerProducts<Item>(sector, general), user).slice(0, FIRST_BANNER_SIZE),
    second: cardsOf(secondBannerItems(general), user),
  };
}

/** "/" and "/dashboard": contacts, the two product banners, news, quick links and, for approvers, pending approvals. */
export async function dashboardData(user: PortalUser) {
  const { session } = user;
  const ownOnly = isOwnContactOnly(session.setting);
  const [contacts, bannerCards, news, pendingApprovals] = await Promise.all([
    orEmpty("contacts", listActiveContacts(user.upstream, { ownOnly })),
    banners(user),
    orEmpty("news", latestNews(user.upstream, NEWS_TEASER_SIZE)),
    canApprove(session.account, session.setting) ? countOrdersAwaitingApproval(user.upstream) : Promise.resolve(null),
  ]);
  const shown = visibleContacts(contacts, session.setting, session.selectedUser?.internalId ?? null);
  return {
    name: session.user.firstName || session.user.email,
    email: session.user.email,
    customer: session.selectedCustomer?.name ?? null,
    contacts: {
      total: shown.length,
      list: shown.slice(0, CONTACTS_SHOWN).map((c) => ({
        internalId: c.internalId,
        name: [c.firstName, c.lastName].filter(Boolean).join(" "),
        grade: c.grade ?? "",
        employeeRef: c.employeeRef ?? "",
      })),
    },
    banners: bannerCards,
    news: news.map((n) => ({ id: n.id, title: n.title.rendered, to: `/news/${n.slug}`, date: formatDate(n.date) })),
    quickLinks: visibleNavigation(user).filter((l) => l.to !== "/dashboard"),
    pendingApprovals,
    // punched-out saved baskets awaiting an approver: the session already counts them (GET /api/session basketsToApprove)
    punchoutBasketsToApprove: pendingApprovals === null ? null : session.basketsToApprove,
  };
}

/** The dashboard with its banners' quick-view links and the quick view named in the address, if any. */
export async function loadDashboard(user: PortalUser, request: Request) {
  const url = new URL(request.url);
  const [data, quickView] = await Promise.all([dashboardData(user), loadQuickView(user, url)]);
  const { open } = quickViewLinks(url);
  return { ...data, banners: { first: withQuickViews(data.banners.first, open), second: withQuickViews(data.banners.second, open) }, quickView };
}
