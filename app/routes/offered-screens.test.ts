import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, sessionCookie, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import * as manageAddresses from "./_default.manage-delivery-addresses";
import * as punchedOut from "./_default.punchedout-baskets";
import * as quickOrder from "./_default.quick-order";
import * as savedBasket from "./_default.saved-baskets.$basketId";
import * as savedBaskets from "./_default.saved-baskets._index";
import * as search from "./_default.search";

// Issue 34 item 3 (decision 161): a screen the sidebar hides because the user or the customer lacks what it needs
// (a stock catalogue, a punchout profile, an address right) is refused by its own guard too: a page load goes home
// with a toast, a post is 403; the provider is never asked (an unexpected upstream call fails the test).
const t = useRouteTest();

type Route = { loader: (args: never) => unknown; action?: (args: never) => unknown };
const WEARER_PACKS_ONLY = ["canViewManpack", "manpackOrders", "viewOrderHistory", "indAddress"];
const REQUESTER = ["canViewFullCatalogue", "canViewMyCatalogue", "canViewUserCatalogue", "viewOrderHistory"];

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: testLoadContext() }) as never;

async function refused(route: Route, path: string, permissions: string[], params: Record<string, string> = {}) {
  t.signIn({ permissions });
  const cookie = await sessionCookie();
  const page = await settle(() => Promise.resolve(route.loader(args(get(path, cookie), params))));
  expect(locationOf(page)).toBe("/");
  expect((await toastOf(page))?.kind).toBe("error");
  if (route.action) {
    const posted = await settle(() =>
      Promise.resolve(route.action!(args(post(path, { intent: "x" }, cookie), params))),
    );
    expect((posted as Response).status).toBe(403);
  }
}

describe("screens of no use to the user are refused, not only hidden", () => {
  it.each([
    ["/search", search as Route, {}],
    ["/quick-order", quickOrder as Route, {}],
    ["/saved-baskets", savedBaskets as Route, {}],
    ["/saved-baskets/12", savedBasket as Route, { basketId: "12" }],
  ])("%s without a stock catalogue (a wearer-pack-only user)", async (path, route, params) => {
    await refused(route, path, WEARER_PACKS_ONLY, params);
  });

  it("/punchedout-baskets for a customer without a punchout profile", async () => {
    await refused(punchedOut as Route, "/punchedout-baskets", REQUESTER);
  });

  it("/manage-delivery-addresses without an address right (the requester)", async () => {
    await refused(manageAddresses as Route, "/manage-delivery-addresses", REQUESTER);
  });
});
