import { isPathWithin } from "~/domain/paths";
import { routeFor } from "./access-guard.server";

/**
 * What a user sent away by the access guard is told (issue 14 item 7, decision 087): "Your account cannot open
 * {screen}.", one wording per screen. A path of SPEC §5's table (and /admin) is named by its path, whatever route
 * serves it; any other screen by its route in the access table.
 */
const PATH_NAMES: ReadonlyArray<readonly [path: string, name: string]> = [
  ["/admin", "the admin area"],
  ["/manpack", "wearer packs"],
  ["/catalogue", "the full catalogue"],
  ["/my-catalogue", "My catalogue"],
  ["/employee-catalogue", "the employee catalogue"],
  ["/order-history", "order history"],
  ["/order-to-approve", "order approval"],
  ["/report", "reporting"],
  ["/new-manpack-user", "the Add a wearer page"],
  ["/categories/full", "the full catalogue"],
  ["/categories/my", "My catalogue"],
  ["/categories/user", "the employee catalogue"],
  ["/wearer-pack", "wearer packs"],
  ["/reporting", "reporting"],
  ["/add-wearer", "the Add a wearer page"],
  ["/add-site-user", "the Add a site user page"],
  ["/add-delivery-address", "the Add a delivery address page"],
];

/**
 * Screens the guard can refuse that no path above names (login-layout pages refuse no one and need none), by route
 * module (its file under app/routes without the extension).
 */
export const SCREEN_NAMES: Readonly<Record<string, string>> = {
  "_basket.basket": "the basket",
  "_basket.basket_.checkout-success": "the checkout",
  "_basket.checkout": "the checkout",
  "_basket.checkout_.3-d-secure": "the checkout",
  "checkout.card-intent": "the checkout",
  "_basket.order-complete": "the order confirmation",
  "_default.quick-order": "quick order",
  "_default.my-account": "the My account page",
  "_default.saved-baskets._index": "saved baskets",
  "_default.saved-baskets.$basketId": "saved baskets",
  "_default._index": "the dashboard",
  "_default.dashboard": "the dashboard",
  "_default.news._index": "the news",
  "_default.news.$slug": "the news",
  "_default.categories.$type.$": "this catalogue",
  "_default.product-category": "the product categories",
  "_default.product.$productSlug": "this product",
  "_default.search": "search",
  "_default.site-search": "search",
  "search-suggestions": "search",
  "_default.help": "help",
  "_default.$": "that page",
  "wish-list": "the wish list",
  "_default.cms.$slug": "that page",
  "_default.cms.download": "the training guides",
  "cms.download.$id": "the training guides",
  "promo-image.$id": "the promotion's image",
  "_default.manage-delivery-addresses": "the delivery addresses",
  "_default.saved-punchout-baskets._index": "punchout basket approval",
  "_default.saved-punchout-baskets.$basketId": "punchout basket approval",
  "_default.punchedout-baskets": "punched-out baskets",
  "punchout.transfer": "the punchout transfer",
  "punchout.cancel": "the punchout transfer",
  "_login.punchout-only": "that page",
  "_login.select-your-customer": "business unit selection",
  logout: "that page",
  "dismiss-banner": "that page",
  "stop-view-as": "that page",
};

/** The name of the screen at `pathname`, as the refusal toast says it. */
export function screenName(pathname: string): string {
  let best: readonly [string, string] | null = null;
  for (const named of PATH_NAMES) {
    if (isPathWithin(pathname, named[0]) && (best === null || named[0].length > best[0].length)) best = named;
  }
  if (best) return best[1];
  const id = routeFor(pathname)?.id;
  return (id && SCREEN_NAMES[moduleName(id)]) || "that page";
}

/** The toast's words for a user the guard sent away from `pathname`. */
export function refusalMessage(pathname: string): string {
  return `Your account cannot open ${screenName(pathname)}.`;
}

/** A route's module name: Remix's route id without its `routes/` folder (`routes/_basket.basket` → `_basket.basket`). */
const moduleName = (routeId: string): string => routeId.replace(/^routes\//, "");
