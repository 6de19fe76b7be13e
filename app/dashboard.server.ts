import type { PortalUser } from "~/auth/require-user.server";
import { loadQuickView, quickViewLinks, withQuickViews } from "~/catalogue/listing.server";
import { cardsOf } from "~/catalogue/product-cards.server";
import { mayOpen } from "~/chrome.server";
import {
  FIRST_BANNER_SIZE,
  firstBannerProducts,
  SECOND_BANNER_SIZE,
  SECOND_BANNER_SKIP,
  secondBannerItems,
} from "~/domain/banners";
import { searchScope } from "~/domain/catalogue-listing";
import { cmsText } from "~/content/sanitise.server";
import { formatDate } from "~/domain/dates";
import { approvalListQuery } from "~/domain/order-approval";
import { orderListQuery } from "~/domain/order-query";
import { orderPrices, orderSummary } from "~/orders/order-view.server";
import { heroSlides, type HeroSlide } from "~/cms/content.server";
import { livePromotions, type LivePromotion } from "~/upstream/promotions.server";
import { latestNews } from "~/upstream/content.server";
import { getItemsByIds, listItems, type Item } from "~/upstream/items.server";
import { logFailure, isRedirect } from "~/upstream/errors.server";
import { listOrders, type OrderPage } from "~/upstream/orders.server";

const NEWS_TEASER_SIZE = 3;
/** SPEC §4 homePending and homeHistory: the first few of each list, the rest a link away (decision 088). */
export const DASHBOARD_ORDERS = 5;

/** SPEC §8: banner and content failures are logged and the part is left empty; the dashboard still shows. */
function orEmpty<T>(user: PortalUser, what: string, call: Promise<T[]>): Promise<T[]> {
  return call.catch((error) => {
    if (isRedirect(error)) throw error; // a redirect (e.g. logged out) still applies
    logFailure(user.upstream?.request, `dashboard: ${what} failed`, error);
    return [];
  });
}

/** The live banners (issue 21, decision 134) as the hero's slides: heading, text, image, the link or the product's page. */
function promotionSlides(promotions: readonly LivePromotion[]): HeroSlide[] {
  return promotions
    .filter((p) => p.kind === "banner")
    .map((p) => ({
      heading: p.title,
      text: p.text,
      image: p.image,
      link: p.link ?? (p.itemId ? `/product/${encodeURIComponent(p.itemId)}` : null),
    }));
}

/**
 * SPEC §9 banners: random sector products filled up from general items (4); then 4 items after skipping 4. Live
 * featured products (issue 21, decision 134) take the first banner instead, in the admin's order.
 */
async function banners(user: PortalUser, promotions: readonly LivePromotion[]) {
  const scope = searchScope(user.session.account);
  if (!scope) return { first: [], second: [] };
  const featured = [
    ...new Set(promotions.filter((p) => p.kind === "featured" && p.itemId).map((p) => p.itemId!)),
  ].slice(0, FIRST_BANNER_SIZE);
  const sectorIds = featured.length > 0 ? featured : (user.session.account.sector?.products ?? []);
  const [sector, general] = await Promise.all([
    orEmpty(user, "sector products", getItemsByIds(user.upstream, sectorIds)),
    orEmpty(
      user,
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
  const inOrder =
    featured.length > 0 ? featured.flatMap((id) => sector.filter((item) => String(item.internalId) === id)) : null;
  return {
    first: cardsOf(inOrder && inOrder.length > 0 ? inOrder : firstBannerProducts<Item>(sector, general), user).slice(
      0,
      FIRST_BANNER_SIZE,
    ),
    second: cardsOf(secondBannerItems(general), user),
  };
}

/**
 * SPEC §4 homePending / homeHistory: a list's first DASHBOARD_ORDERS orders and its total, or null when it failed
 * (SPEC §8: logged; the panel says so and the dashboard still shows).
 */
async function firstOrders(
  user: PortalUser,
  what: string,
  query: Record<string, string>,
  link: (id: string) => string,
) {
  let answer: OrderPage;
  try {
    answer = await listOrders(user.upstream, { ...query, $limit: String(DASHBOARD_ORDERS), $skip: "0" });
  } catch (error) {
    if (isRedirect(error)) throw error;
    logFailure(user.upstream?.request, `dashboard: ${what} failed`, error);
    return null;
  }
  const prices = orderPrices(user);
  return {
    total: answer.total,
    orders: answer.data.map((order) => ({ ...orderSummary(order, prices), to: link(order.internalId) })),
  };
}

/**
 * "/" and "/dashboard" (decision 088): for approvers the orders waiting for them, the user's recent orders, quick
 * order, news and the two product banners; each only where the access table lets the user open the screen behind it.
 */
export async function dashboardData(user: PortalUser) {
  const { session } = user;
  const approver = mayOpen(user, "/order-to-approve");
  const history = mayOpen(user, "/order-history");
  const promotions = await orEmpty(user, "promotions", livePromotions(user.upstream));
  const [bannerCards, news, pending, recent] = await Promise.all([
    banners(user, promotions),
    orEmpty(user, "news", latestNews(user.upstream, NEWS_TEASER_SIZE)),
    approver
      ? firstOrders(user, "pending approvals", approvalListQuery("awaiting", 1), (id) => `/order-to-approve/${id}`)
      : null,
    history ? firstOrders(user, "recent orders", orderListQuery({ page: 1 }), (id) => `/order-history/${id}`) : null,
  ]);
  return {
    name: session.user.firstName || session.user.email,
    email: session.user.email,
    customer: session.selectedCustomer?.name ?? null,
    banners: bannerCards,
    // each to its post (issue 18 item 2); the title is CMS text (decision 116)
    news: news.map((n) => ({
      id: n.id,
      title: cmsText(n.title.rendered),
      to: `/news/${encodeURIComponent(n.slug)}`,
      date: formatDate(n.date),
    })),
    /** Approvers only; `failed` when the provider could not list them just now. */
    pendingApprovals: approver ? (pending ?? { failed: true as const }) : null,
    // punched-out saved baskets awaiting an approver: the session already counts them (GET /api/session basketsToApprove)
    punchoutBasketsToApprove: approver ? session.basketsToApprove : null,
    /** Users who may open the order history only. */
    recentOrders: history ? (recent ?? { failed: true as const }) : null,
    quickOrder: mayOpen(user, "/quick-order"),
    /** Users with wearer-pack access (canViewManpack and manpackOrders, decision 098): a link to the wearers. */
    wearerPacks: mayOpen(user, "/wearer-pack"),
    /** The live banners as hero slides; none → the CMS hero as before. */
    promotionSlides: promotionSlides(promotions),
  };
}

/** The dashboard with its banners' quick-view links and the quick view named in the address, if any. */
export async function loadDashboard(user: PortalUser, request: Request) {
  const url = new URL(request.url);
  // the hero: banner-block's hero slides (issue 18 item 5, decision 119); none when the CMS fails
  const [{ promotionSlides: slides, ...data }, quickView, hero] = await Promise.all([
    dashboardData(user),
    loadQuickView(user, url),
    heroSlides(request),
  ]);
  const { open } = quickViewLinks(url);
  return {
    ...data,
    hero: slides.length > 0 ? slides : hero,
    banners: { first: withQuickViews(data.banners.first, open), second: withQuickViews(data.banners.second, open) },
    quickView,
  };
}
