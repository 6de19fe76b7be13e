import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { declaredRoutes, routeFor } from "~/auth/access-guard.server";
import { SIDEBAR_ORDER, type RouteAccess } from "~/auth/route-access";
import { registerRoutes, routeTable } from "~/http/route-tree.server";

// Decision 176 (after 057): every route module with a loader or action declares its access beside it (`export const
// access`), so a new screen cannot escape the browse-only rule or the path rules; its path is the one Remix serves it on.

const ROUTES_DIR = path.dirname(fileURLToPath(import.meta.url));

const modules = fs
  .readdirSync(ROUTES_DIR)
  .filter((f) => /\.(tsx|ts)$/.test(f) && !/\.test\.(tsx|ts)$/.test(f))
  .map((file) => ({
    id: file.replace(/\.(tsx|ts)$/, ""),
    source: fs.readFileSync(path.join(ROUTES_DIR, file), "utf8"),
  }));

const LOADER_OR_ACTION =
  /export\s+(async\s+)?function\s+(loader|action)\b|export\s+const\s+(loader|action)\b|export\s*\{[^}]*\b(loader|action)\b[^}]*\}/;

const served = modules.filter((m) => LOADER_OR_ACTION.test(m.source));
const declared = new Map(declaredRoutes().map((r) => [r.id.replace(/^routes\//, ""), r]));
const pathOf = (id: string) => declared.get(id)?.path;

/** One line per route: its module, its path in Remix's route tree, and what its access says beyond the defaults. */
function describeAccess({
  needs,
  placesOrders,
  punchout,
  punchoutOnlyUsers,
  admin,
  requires,
  actionNeeds,
  nav,
}: RouteAccess) {
  return [
    needs,
    placesOrders && "placesOrders",
    punchout !== "allowed" && `punchout:${punchout}`,
    punchoutOnlyUsers && "punchoutOnlyUsers",
    admin && "admin",
    requires && `requires:${requires.join("+")}`,
    actionNeeds && `post:${actionNeeds}`,
    ...(nav ?? []).map((n) => `nav:${n.group}/${n.label}`),
  ]
    .filter(Boolean)
    .join(" ");
}

describe("every route declares its access (decisions 057, 176)", () => {
  it("finds the route modules (the test itself works)", () => {
    expect(served.length).toBeGreaterThan(30);
    expect(served.map((m) => m.id)).toContain("_default._index"); // a re-exported loader counts
  });

  it.each(served.map((m) => m.id))("%s has an entry", (id) => {
    expect(declared.get(id), `add \`export const access = …\` to app/routes/${id}`).toBeDefined();
  });

  it.each([...declared.keys()])("%s is a route module", (id) => {
    expect(modules.map((m) => m.id)).toContain(id);
  });

  it("the portal refuses to start with a route that declares none", () => {
    const table = routeTable();
    const { access: _left, ...undeclared } = table["routes/_default.help"].module;
    expect(() =>
      registerRoutes({ ...table, "routes/_default.help": { ...table["routes/_default.help"], module: undeclared } }),
    ).toThrow("Routes without an access export (decision 176): routes/_default.help");
  });

  it("every route with its path and access", () => {
    const lines = [...declared]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, r]) => `${id}  ${r.path ?? "(layout)"}  ${describeAccess(r.access)}`);
    expect(lines.join("\n")).toMatchInlineSnapshot(`
      "_basket  (layout)  user
      _basket.basket  /basket  user placesOrders nav:Ordering/Basket
      _basket.basket_.checkout-success  /basket/checkout-success  user placesOrders
      _basket.checkout  /checkout  user placesOrders punchout:ordering
      _basket.checkout_.3-d-secure  /checkout/3-d-secure  user placesOrders punchout:ordering
      _basket.order-complete  /order-complete  user
      _default  (layout)  user
      _default._index  /  user
      _default.$  /*  user
      _default.add-delivery-address  /add-delivery-address  addAddress punchout:refused nav:Account/Add a delivery address
      _default.add-site-user  /add-site-user  addSiteUser punchout:refused nav:Account/Site users
      _default.add-wearer  /add-wearer  addManpackUser punchout:refused nav:Ordering/Add a wearer
      _default.admin.active-users  /admin/active-users  user admin nav:People/Active users
      _default.admin.category-manager  /admin/category-manager  user admin nav:Product data/Category manager
      _default.admin.e-mails  /admin/e-mails  user admin nav:System/E-mails
      _default.admin.invitation  /admin/invitation  user admin nav:People/Invite a user
      _default.admin.login-history._index  /admin/login-history  user admin nav:People/Log-in history
      _default.admin.login-history.export[.csv]  /admin/login-history/export.csv  user admin
      _default.admin.maintenance  /admin/maintenance  user admin nav:System/Maintenance
      _default.admin.manage-admin-users  /admin/manage-admin-users  user admin nav:People/Admin users
      _default.admin.my-catalogue  /admin/my-catalogue  user admin nav:Product data/My catalogues
      _default.admin.netsuite-pull  /admin/netsuite-pull  user admin nav:Product data/ERP pull
      _default.admin.orders._index  /admin/orders  user admin nav:Sales and promotions/Orders (all customers)
      _default.admin.orders.$orderId  /admin/orders/:orderId  user admin
      _default.admin.promo._index  /admin/promo  user admin nav:Sales and promotions/Promotions
      _default.admin.promo.$promoId  /admin/promo/:promoId  user admin
      _default.admin.promo.new  /admin/promo/new  user admin
      _default.admin.sync-status._index  /admin/sync-status  user admin nav:Product data/Sync status
      _default.admin.sync-status.$runId  /admin/sync-status/:runId  user admin
      _default.admin.user._index  /admin/user  user admin nav:People/Users
      _default.admin.user.$userId  /admin/user/:userId  user admin
      _default.admin.view-as  /admin/view-as  user admin nav:People/View as a user
      _default.categories.$type.$  /categories/:type/*  user nav:Catalogue/Full catalogue nav:Catalogue/My catalogue
      _default.cms.$slug  /cms/:slug  user
      _default.cms.download  /cms/download  user
      _default.dashboard  /dashboard  user nav:Overview/Dashboard
      _default.help  /help  user
      _default.manage-delivery-addresses  /manage-delivery-addresses  user punchout:refused requires:addressRights post:dellAddress nav:Account/Delivery addresses
      _default.my-account  /my-account  user punchout:refused nav:Account/My account
      _default.news._index  /news  user nav:Overview/News
      _default.news.$slug  /news/:slug  user
      _default.order-history._index  /order-history  viewOrderHistory nav:Orders/Order history
      _default.order-history.$orderId._index  /order-history/:orderId  viewOrderHistory post:amendOrderDeliveryAddress
      _default.order-history.$orderId.despatched.$id  /order-history/:orderId/despatched/:id  viewOrderHistory
      _default.order-history.$orderId.pdf  /order-history/:orderId/pdf  viewOrderHistory
      _default.order-history.export[.csv]  /order-history/export.csv  viewOrderHistory
      _default.order-to-approve._index  /order-to-approve  approver nav:Orders/Orders to approve
      _default.order-to-approve.$orderId  /order-to-approve/:orderId  approver
      _default.product-category  /product-category  user
      _default.product.$productSlug  /product/:productSlug  user
      _default.punchedout-baskets  /punchedout-baskets  viewOrderHistory punchout:refused requires:punchoutProfile nav:Orders/Punched-out baskets
      _default.quick-order  /quick-order  user placesOrders requires:stockCatalogue nav:Ordering/Quick order
      _default.reporting._index  /reporting  viewReporting nav:Orders/Reporting
      _default.reporting.$taskId  /reporting/:taskId  viewReporting
      _default.reporting.$taskId_.export[.csv]  /reporting/:taskId/export.csv  viewReporting
      _default.reporting.$taskId_.export[.xlsx]  /reporting/:taskId/export.xlsx  viewReporting
      _default.saved-baskets._index  /saved-baskets  user placesOrders requires:stockCatalogue nav:Ordering/Saved baskets
      _default.saved-baskets.$basketId  /saved-baskets/:basketId  user placesOrders requires:stockCatalogue
      _default.saved-punchout-baskets._index  /saved-punchout-baskets  approver punchout:refused nav:Orders/Punchout baskets to approve
      _default.saved-punchout-baskets.$basketId  /saved-punchout-baskets/:basketId  approver punchout:refused
      _default.search  /search  user requires:stockCatalogue nav:Catalogue/Search
      _default.site-search  /site-search  user
      _default.wearer-pack._index  /wearer-pack  user punchout:ordering nav:Ordering/Wearer packs
      _default.wearer-pack.$contactId  /wearer-pack/:contactId  user placesOrders punchout:ordering
      _login  (layout)  anyone
      _login.customer._index  /customer  anyone
      _login.customer.forgot  /customer/forgot  anyone
      _login.customer.invitation  /customer/invitation  anyone
      _login.customer.reset-password.$slug  /customer/reset-password/:slug  anyone
      _login.login  /login  anyone punchoutOnlyUsers
      _login.maintenance  /maintenance  anyone
      _login.old-browser  /old-browser  anyone
      _login.punchout-only  /punchout-only  user punchoutOnlyUsers
      _login.select-your-customer  /select-your-customer  user
      checkout.card-intent  /checkout/card-intent  user placesOrders punchout:ordering
      cms.download.$id  /cms/download/:id  user
      dismiss-banner  /dismiss-banner  user
      logout  /logout  user punchoutOnlyUsers
      promo-image.$id  /promo-image/:id  user
      punchout.cancel  /punchout/cancel  user punchout:only
      punchout.cxml.order  /punchout/cxml/order  anyone
      punchout.cxml.setup  /punchout/cxml/setup  anyone
      punchout.oci  /punchout/oci  anyone
      punchout.start.$token  /punchout/start/:token  anyone
      punchout.transfer  /punchout/transfer  user punchout:only
      search-suggestions  /search-suggestions  user
      stop-view-as  /stop-view-as  user punchoutOnlyUsers
      wish-list  /wish-list  user"
    `);
  });

  it.each([...declared].filter(([, r]) => r.path !== null && !r.path.includes(":") && !r.path.includes("*")))(
    "%s: its own path is matched to it",
    (_id, route) => expect(routeFor(route.path!)).toBe(route),
  );

  it("each sidebar link opens the route that declares it, and has its place in the sidebar", () => {
    const links = [...declared.values()].flatMap((r) => (r.access.nav ?? []).map((n) => [n.to, r] as const));
    for (const [to, route] of links) expect(routeFor(to), to).toBe(route);
    expect([...links.map(([to]) => to)].sort()).toEqual([...SIDEBAR_ORDER].sort());
  });

  it("the flat-routes reading", () => {
    expect(pathOf("_default.order-history.export[.csv]")).toBe("/order-history/export.csv");
    expect(pathOf("_basket.basket_.checkout-success")).toBe("/basket/checkout-success");
    expect(pathOf("_default.categories.$type.$")).toBe("/categories/:type/*");
    expect(pathOf("_default._index")).toBe("/");
    expect(pathOf("_login")).toBeNull();
    expect(pathOf("checkout.card-intent")).toBe("/checkout/card-intent");
  });
});
