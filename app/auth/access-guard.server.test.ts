import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PERMISSIONS, ADDRESS_RIGHTS, type AccountLike, type Permission } from "~/domain/permissions";
import { routeTable, type RouteTable } from "~/http/route-tree.server";
import { accessGuard, declaredRoutes, navigationFor, routeAccessFor } from "./access-guard.server";
import { ADMIN_NAV_GROUPS, type RouteAccess } from "./route-access";

// The access guard over the routes' declared access (decision 176; the rules are decision 057's and SPEC §5's).

const account = (permissions: Permission[] = [], isEvolveUser = false): AccountLike => ({ permissions, isEvolveUser });
const outside = { inPunchout: false };
const setting = (isApprover: boolean) => ({ isApprover, needsAproval: false, wp_contact_only: false });

/** A route module's declared access, by its file name under app/routes. */
const accessOf = (id: string) => routeTable()[`routes/${id}`].module.access;

/** A route table of made-up routes at the top level, each with its whole path and access. */
function tableOf(routes: Record<string, RouteAccess & { path: string }>): RouteTable {
  const table: Record<string, RouteTable[string]> = { root: { id: "root", path: "", module: {} } };
  for (const [id, { path, ...access }] of Object.entries(routes)) {
    table[id] = { id, parentId: "root", path: path.slice(1), module: { access } };
  }
  return table;
}

describe("accessGuard (SPEC §5, in order)", () => {
  const everything = account([...PERMISSIONS].filter((p) => p !== "punchoutOnly" && p !== "browseOnly"));
  const guard = (pathname: string, a: AccountLike, inPunchout = false) =>
    accessGuard({ pathname, account: a, inPunchout });

  it("lets a fully permitted user anywhere outside admin", () => {
    for (const p of ["/", "/order-history/1", "/categories/full/x", "/basket", "/checkout"]) {
      expect(guard(p, everything)).toEqual({ allow: true });
    }
  });

  it.each(["/", "/dashboard", "/basket", "/order-history", "/admin/orders"])(
    "punchout-only user outside punchout on %s → /punchout-only",
    (p) =>
      expect(guard(p, account(["punchoutOnly", "viewOrderHistory"], true))).toEqual({
        allow: false,
        redirectTo: "/punchout-only",
      }),
  );

  it.each(["/login", "/punchout-only", "/logout"])("punchout-only user may stay on %s", (p) => {
    expect(guard(p, account(["punchoutOnly"]))).toEqual({ allow: true });
  });

  it("punchout-only user inside punchout is not redirected", () => {
    expect(guard("/basket", account(["punchoutOnly"]), true)).toEqual({ allow: true });
  });

  it.each(["/admin", "/admin/orders", "/admin/user/5", "/Admin/view-as"])("non-evolve user on %s → /", (p) => {
    expect(guard(p, everything)).toEqual({ allow: false, redirectTo: "/" });
  });

  it("evolve user opens admin pages", () => {
    expect(guard("/admin/orders", account([], true))).toEqual({ allow: true });
  });

  it("'/administrator' is not an admin path", () => {
    expect(guard("/administrator", account())).toEqual({ allow: true });
  });

  it.each([
    ["/order-history/5", "viewOrderHistory"],
    ["/manpack", "canViewManpack"],
    ["/categories/my/a", "canViewMyCatalogue"],
    ["/add-site-user", "addSiteUser"],
  ] as [string, Permission][])("missing permission on %s (%s) → /", (p, perm) => {
    expect(guard(p, account())).toEqual({ allow: false, redirectTo: "/" });
    expect(guard(p, account([perm]))).toEqual({ allow: true });
  });

  it.each(["/wearer-pack", "/wearer-pack/5004", "/wearer-pack/5004/x"])(
    "%s needs canViewManpack and manpackOrders (SPEC §6 Manpack access): either alone → /, even for a post",
    (p) => {
      for (const perms of [[], ["canViewManpack"], ["manpackOrders"]] as Permission[][]) {
        expect(guard(p, account(perms))).toEqual({ allow: false, redirectTo: "/" });
        expect(accessGuard({ pathname: p, account: account(perms), inPunchout: false, method: "POST" })).toEqual({
          allow: false,
          redirectTo: "/",
        });
      }
      expect(guard(p, account(["canViewManpack", "manpackOrders"]))).toEqual({ allow: true });
    },
  );

  it("/manpack still needs canViewManpack alone (SPEC §5 table)", () => {
    expect(guard("/manpack", account(["canViewManpack"]))).toEqual({ allow: true });
  });

  it.each(["/basket", "/basket/checkout-success", "/checkout", "/saved-baskets", "/quick-order"])(
    "browse-only user outside punchout on %s → /",
    (p) => {
      expect(guard(p, account(["browseOnly"]))).toEqual({ allow: false, redirectTo: "/" });
      // within punchout (checkout: when the profile allows ordering in the portal, issue 16 item 3)
      expect(
        accessGuard({
          pathname: p,
          account: account(["browseOnly", "canViewFullCatalogue"]),
          inPunchout: true,
          punchoutOrdering: true,
        }),
      ).toEqual({ allow: true });
    },
  );

  it("browse-only user may browse the catalogue", () => {
    expect(guard("/categories/full/hi-vis", account(["browseOnly", "canViewFullCatalogue"]))).toEqual({ allow: true });
  });

  it("property: the guard never redirects a page to itself", () => {
    fc.assert(
      fc.property(
        fc.subarray([...PERMISSIONS]),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("/", "/punchout-only", "/login", "/basket", "/admin", "/order-history/1", "/reporting"),
        (perms, evolve, inPunchout, pathname) => {
          const d = accessGuard({ pathname, account: account(perms, evolve), inPunchout });
          if (!d.allow) expect(d.redirectTo).not.toBe(pathname);
        },
      ),
    );
  });
});

describe("the access table (decision 057)", () => {
  const approver = { isApprover: true, needsAproval: false, wp_contact_only: false };
  const guard = (
    pathname: string,
    a: AccountLike,
    more: { method?: string; setting?: typeof approver; inPunchout?: boolean } = {},
  ) =>
    accessGuard({
      pathname,
      account: a,
      inPunchout: more.inPunchout ?? false,
      method: more.method,
      setting: more.setting,
    });

  it.each(["/order-to-approve", "/order-to-approve/7", "/saved-punchout-baskets", "/saved-punchout-baskets/3"])(
    "%s needs orderApproval and isApprover (SPEC §6); a page load goes home, a post is refused",
    (p) => {
      expect(guard(p, account(["orderApproval"]), { setting: approver })).toEqual({ allow: true });
      expect(guard(p, account(["orderApproval"]), { setting: setting(false) })).toEqual({
        allow: false,
        redirectTo: "/",
        forbidsPost: true,
      });
      expect(guard(p, account(["orderApproval"]))).toEqual({ allow: false, redirectTo: "/", forbidsPost: true });
    },
  );

  it("without orderApproval the SPEC §5 path rule sends even a post home", () => {
    expect(guard("/order-to-approve/7", account([]), { setting: approver, method: "POST" })).toEqual({
      allow: false,
      redirectTo: "/",
    });
  });

  it("amending an order's address needs amendOrderDeliveryAddress for the post only", () => {
    const viewer = account(["viewOrderHistory"]);
    expect(guard("/order-history/5", viewer)).toEqual({ allow: true });
    expect(guard("/order-history/5", viewer, { method: "POST" })).toEqual({
      allow: false,
      redirectTo: "/",
      forbidsPost: true,
    });
    expect(
      guard("/order-history/5", account(["viewOrderHistory", "amendOrderDeliveryAddress"]), { method: "POST" }),
    ).toEqual({ allow: true });
  });

  it("the browse-only rule covers exactly the routes that write the basket or place orders, and what is below them", () => {
    const ordering = declaredRoutes()
      .filter((e) => e.access.placesOrders)
      .map((e) => e.path)
      .sort();
    expect(ordering).toEqual([
      "/basket",
      "/basket/checkout-success",
      "/checkout",
      "/checkout/3-d-secure",
      "/checkout/card-intent",
      "/quick-order",
      "/saved-baskets",
      "/saved-baskets/:basketId",
      "/wearer-pack/:contactId",
    ]);
    for (const p of ["/saved-baskets/12", "/checkout/card-intent", "/basket/anything"]) {
      expect(guard(p, account(["browseOnly"]))).toEqual({ allow: false, redirectTo: "/" });
    }
    for (const p of ["/order-complete", "/wish-list", "/product/vest", "/search"])
      expect(guard(p, account(["browseOnly", "canViewFullCatalogue"]))).toEqual({ allow: true });
  });

  it("a punchout-only user outside punchout may use only the routes marked for them", () => {
    const marked = declaredRoutes()
      .filter((e) => e.access.punchoutOnlyUsers)
      .map((e) => e.path)
      .sort();
    // the view-as banner's Stop (decision 129): an admin viewing as a punchout-only user must be able to stop
    expect(marked).toEqual(["/login", "/logout", "/punchout-only", "/stop-view-as"]);
  });

  it("matches a path to the route Remix serves it with", () => {
    expect(routeAccessFor("/")).toBe(accessOf("_default._index"));
    expect(routeAccessFor("/order-history/5")).toBe(accessOf("_default.order-history.$orderId._index"));
    expect(routeAccessFor("/order-history/export.csv")).toBe(accessOf("_default.order-history.export[.csv]"));
    expect(routeAccessFor("/categories/full/hi-vis/vests")).toBe(accessOf("_default.categories.$type.$"));
    expect(routeAccessFor("/no/such/page")).toBe(accessOf("_default.$"));
    expect(routeAccessFor("/ORDER-TO-APPROVE/%37")).toBe(accessOf("_default.order-to-approve.$orderId"));
  });

  describe("rules no route uses yet", () => {
    const base: RouteAccess & { path: string } = {
      path: "/x",
      needs: "user",
      placesOrders: false,
      punchout: "allowed",
      punchoutOnlyUsers: false,
      admin: false,
    };
    const only = (e: Partial<RouteAccess & { path: string }>) => tableOf({ x: { ...base, ...e } });

    it("punchout: only within a punchout session, or never within one", () => {
      expect(
        accessGuard({ pathname: "/x", account: account(), inPunchout: false }, only({ punchout: "only" })),
      ).toEqual({ allow: false, redirectTo: "/" });
      expect(accessGuard({ pathname: "/x", account: account(), inPunchout: true }, only({ punchout: "only" }))).toEqual(
        { allow: true },
      );
      expect(
        accessGuard({ pathname: "/x", account: account(), inPunchout: true }, only({ punchout: "refused" })),
      ).toEqual({ allow: false, redirectTo: "/" });
    });

    it("punchout: ordering in the portal is closed within a punchout session unless its profile allows it (issue 16 item 3)", () => {
      const rule = only({ punchout: "ordering" });
      expect(accessGuard({ pathname: "/x", account: account(), inPunchout: false }, rule)).toEqual({ allow: true });
      expect(accessGuard({ pathname: "/x", account: account(), inPunchout: true }, rule)).toEqual({
        allow: false,
        redirectTo: "/",
      });
      expect(
        accessGuard({ pathname: "/x", account: account(), inPunchout: true, punchoutOrdering: false }, rule),
      ).toEqual({ allow: false, redirectTo: "/" });
      expect(
        accessGuard({ pathname: "/x", account: account(), inPunchout: true, punchoutOrdering: true }, rule),
      ).toEqual({ allow: true });
      const checkout = { pathname: "/checkout", account: account(["canViewFullCatalogue"]) };
      expect(accessGuard({ ...checkout, inPunchout: true }).allow).toBe(false);
      expect(accessGuard({ ...checkout, inPunchout: true, punchoutOrdering: true }).allow).toBe(true);
      expect(accessGuard({ ...checkout, inPunchout: false }).allow).toBe(true);
    });

    it("admin: evolve users only, wherever the route lives", () => {
      expect(
        accessGuard({ pathname: "/x/1", account: account(), inPunchout: false }, only({ path: "/x/:id", admin: true })),
      ).toEqual({ allow: false, redirectTo: "/" });
      expect(
        accessGuard(
          { pathname: "/x/1", account: account([], true), inPunchout: false },
          only({ path: "/x/:id", admin: true }),
        ),
      ).toEqual({ allow: true });
    });

    it("wearer-pack routes need no kind of their own: the path table, placesOrders and nav already say it (decision 098)", () => {
      const table = tableOf({
        list: {
          ...base,
          path: "/wearer-pack",
          nav: [{ to: "/wearer-pack", label: "Wearer packs", group: "Ordering" }],
        },
        wearer: { ...base, path: "/wearer-pack/:contactId", placesOrders: true },
      });
      const manpack = account(["canViewManpack", "manpackOrders"]);
      const at = (pathname: string, a: AccountLike, more: { method?: string; inPunchout?: boolean } = {}) =>
        accessGuard({ pathname, account: a, inPunchout: more.inPunchout ?? false, method: more.method }, table);
      expect(at("/wearer-pack/5004", manpack, { method: "POST" })).toEqual({ allow: true });
      expect(at("/wearer-pack/5004", account(["canViewManpack"]))).toEqual({ allow: false, redirectTo: "/" });
      expect(at("/wearer-pack", account(["canViewManpack", "manpackOrders", "browseOnly"]))).toEqual({ allow: true });
      expect(at("/wearer-pack/5004", account(["canViewManpack", "manpackOrders", "browseOnly"]))).toEqual({
        allow: false,
        redirectTo: "/",
      });
      expect(
        at("/wearer-pack/5004", account(["canViewManpack", "manpackOrders", "browseOnly"]), { inPunchout: true }),
      ).toEqual({ allow: true });
      expect(navigationFor({ account: manpack, inPunchout: false }, table).map((n) => n.to)).toEqual(["/wearer-pack"]);
      expect(navigationFor({ account: account(["canViewManpack"]), inPunchout: false }, table)).toEqual([]);
      expect(navigationFor({ account: account(["manpackOrders"]), inPunchout: false }, table)).toEqual([]);
    });

    it("a new route that writes the basket is closed to browse-only users by its entry alone", () => {
      expect(
        accessGuard(
          { pathname: "/x", account: account(["browseOnly"]), inPunchout: false },
          only({ placesOrders: true }),
        ),
      ).toEqual({ allow: false, redirectTo: "/" });
    });
  });

  it("the sidebar: the table's links in group order, each only when the guard lets the user open it", () => {
    // the Account group's links (issue 17) are tested with their screens' routes
    const all = navigationFor({ account: everything(), inPunchout: false, setting: approver, hasPunchoutProfile: true })
      .filter((n) => n.group !== "Account")
      .map((n) => `${n.group}:${n.to}`);
    expect(all).toEqual([
      "Overview:/dashboard",
      "Overview:/news",
      "Catalogue:/categories/full",
      "Catalogue:/categories/my",
      "Catalogue:/search",
      "Ordering:/basket",
      "Ordering:/quick-order",
      "Ordering:/saved-baskets",
      "Ordering:/wearer-pack",
      "Ordering:/add-wearer",
      "Orders:/order-history",
      "Orders:/order-to-approve",
      "Orders:/saved-punchout-baskets",
      "Orders:/punchedout-baskets",
      "Orders:/reporting",
    ]);
    expect(navigationFor({ account: everything(), inPunchout: false }).map((n) => n.to)).not.toContain(
      "/order-to-approve",
    );
  });

  // issue 34 item 3 (decision 161): what a screen is of no use without, from the table, in the guard as in the sidebar
  it("a screen that needs a stock catalogue, a punchout profile or an address right is refused without it", () => {
    const wearerPacksOnly = account(["canViewManpack", "manpackOrders", "viewOrderHistory"]);
    for (const p of ["/search", "/quick-order", "/saved-baskets", "/saved-baskets/12"]) {
      expect(guard(p, wearerPacksOnly)).toEqual({ allow: false, redirectTo: "/", forbidsPost: true });
      expect(guard(p, account(["canViewUserCatalogue"]))).toEqual({ allow: true });
    }
    const history = account(["canViewFullCatalogue", "viewOrderHistory"]);
    expect(guard("/punchedout-baskets", history)).toEqual({ allow: false, redirectTo: "/", forbidsPost: true });
    expect(
      accessGuard({ pathname: "/punchedout-baskets", account: history, ...outside, hasPunchoutProfile: true }),
    ).toEqual({ allow: true });
    expect(guard("/manage-delivery-addresses", history)).toEqual({ allow: false, redirectTo: "/", forbidsPost: true });
    for (const right of ADDRESS_RIGHTS)
      expect(guard("/manage-delivery-addresses", account(["canViewFullCatalogue", right]))).toEqual({ allow: true });
  });

  it("the sidebar's admin sections: evolve users only, and every admin screen refuses everyone else (issue 20)", () => {
    type Link = ReturnType<typeof navigationFor>[number];
    const admin = (a: AccountLike, show = (n: Link): string => n.to) =>
      navigationFor({ account: a, inPunchout: false })
        .filter((n) => (ADMIN_NAV_GROUPS as readonly string[]).includes(n.group))
        .map(show);
    expect(admin(account([], true))).toEqual([
      "/admin/active-users",
      "/admin/login-history",
      "/admin/user",
      "/admin/invitation",
      "/admin/manage-admin-users",
      "/admin/view-as",
      "/admin/orders",
      "/admin/promo",
      "/admin/my-catalogue",
      "/admin/category-manager",
      "/admin/netsuite-pull",
      "/admin/sync-status",
      "/admin/e-mails",
      "/admin/maintenance",
    ]);
    // issue 34 item 4 (decision 164): four headed sections, in order, each holding the screens of its kind
    const sections = admin(account([], true), (n) => `${n.group}: ${n.label}`);
    expect(sections).toEqual([
      "People: Active users",
      "People: Log-in history",
      "People: Users",
      "People: Invite a user",
      "People: Admin users",
      "People: View as a user",
      "Sales and promotions: Orders (all customers)",
      "Sales and promotions: Promotions",
      "Product data: My catalogues",
      "Product data: Category manager",
      "Product data: ERP pull",
      "Product data: Sync status",
      "System: E-mails",
      "System: Maintenance",
    ]);
    expect(admin(everything())).toEqual([]);
    const screens = [
      "/admin/active-users",
      "/admin/login-history",
      "/admin/login-history/export.csv",
      "/admin/user",
      "/admin/user/7",
      "/admin/invitation",
      "/admin/manage-admin-users",
      "/admin/view-as",
      "/admin/orders",
      "/admin/orders/12",
      "/admin/my-catalogue",
      "/admin/category-manager",
      "/admin/promo",
      "/admin/promo/new",
      "/admin/promo/3",
      "/admin/netsuite-pull",
      "/admin/sync-status",
      "/admin/sync-status/4",
      "/admin/e-mails",
      "/admin/maintenance",
    ];
    for (const pathname of screens) {
      expect(routeAccessFor(pathname)?.admin, pathname).toBe(true);
      expect(accessGuard({ pathname, account: everything(), inPunchout: false, method: "POST" })).toEqual({
        allow: false,
        redirectTo: "/",
      });
      expect(accessGuard({ pathname, account: account([], true), inPunchout: false })).toEqual({ allow: true });
    }
  });

  it("the sidebar's Wearer packs link: only with canViewManpack and manpackOrders (issue 15 item 1)", () => {
    const links = (permissions: Permission[]) =>
      navigationFor({ account: account(permissions), inPunchout: false }).map((n) => n.to);
    expect(links(["canViewManpack", "manpackOrders"])).toContain("/wearer-pack");
    expect(links(["canViewManpack"])).not.toContain("/wearer-pack");
    expect(links(["manpackOrders", "canViewFullCatalogue"])).not.toContain("/wearer-pack");
  });

  it("the sidebar's Reporting link: only with viewReporting (issue 19, decision 124), the downloads below it the same", () => {
    const links = (permissions: Permission[]) =>
      navigationFor({ account: account(permissions), inPunchout: false }).map((n) => n.to);
    expect(links(["viewReporting"])).toContain("/reporting");
    expect(links(["canViewFullCatalogue", "viewOrderHistory", "viewAllOrders"])).not.toContain("/reporting");
    for (const pathname of ["/reporting", "/reporting/12", "/reporting/12/export.csv", "/reporting/12/export.xlsx"]) {
      expect(accessGuard({ pathname, account: account(["viewReporting"]), inPunchout: false })).toEqual({
        allow: true,
      });
      expect(accessGuard({ pathname, account: account(["canViewFullCatalogue"]), inPunchout: false })).toEqual({
        allow: false,
        redirectTo: "/",
      });
    }
  });

  it("the sidebar's Add a wearer link: only with addManpackUser (issue 15 item 7)", () => {
    const links = (permissions: Permission[]) =>
      navigationFor({ account: account(permissions), inPunchout: false }).map((n) => n.to);
    expect(links(["addManpackUser"])).toContain("/add-wearer");
    expect(links(["canViewManpack", "manpackOrders"])).not.toContain("/add-wearer");
    expect(
      accessGuard({
        pathname: "/add-wearer",
        account: account(["canViewManpack", "manpackOrders"]),
        inPunchout: false,
        method: "POST",
      }),
    ).toEqual({ allow: false, redirectTo: "/" });
  });

  function everything() {
    return account([...PERMISSIONS].filter((p) => p !== "punchoutOnly" && p !== "browseOnly"));
  }
});
