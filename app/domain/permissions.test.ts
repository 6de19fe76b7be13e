import { isPathWithin } from "./paths";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  PERMISSIONS,
  ROUTE_ACCESS,
  accessGuard,
  navigationFor,
  ADMIN_NAV_GROUPS,
  routeAccessFor,
  type RouteAccess,
  canAccessManpack,
  canApprove,
  canOpenAdmin,
  canPlaceOrders,
  hasPermission,
  isBrowseOnly,
  isPunchoutOnly,
  needsApproval,
  isPermission,
  requiredPermissionsForPath,
  MANPACK_ACCESS,
  ADDRESS_RIGHTS,
  shownBasketType,
  usableBaskets,
  type AccountLike,
  type Permission,
} from "./permissions";

const account = (permissions: Permission[] = [], isEvolveUser = false): AccountLike => ({ permissions, isEvolveUser });
const outside = { inPunchout: false };
const inside = { inPunchout: true };
const setting = (isApprover: boolean) => ({ isApprover, needsAproval: false, wp_contact_only: false });

describe("hasPermission", () => {
  it.each(PERMISSIONS)("%s is held when listed", (p) => {
    expect(hasPermission(account([p]), p, outside)).toBe(true);
    expect(hasPermission(account([]), p, outside)).toBe(false);
  });

  it.each(["punchoutOnly", "browseOnly"] as const)("%s reads as absent within a punchout session", (p) => {
    expect(hasPermission(account([p]), p, inside)).toBe(false);
  });

  it("other permissions are unaffected by a punchout session", () => {
    expect(hasPermission(account(["orderApproval"]), "orderApproval", inside)).toBe(true);
  });

  it("ignores unknown permission strings from the upstream", () => {
    const unknown: AccountLike = { permissions: ["somethingNew"], isEvolveUser: false };
    expect(hasPermission(unknown, "canViewFullCatalogue", outside)).toBe(false);
  });

  it("the schema accepts exactly the SPEC §6 permissions", () => {
    expect(isPermission("viewAllOrders")).toBe(true);
    expect(isPermission("viewallorders")).toBe(false);
  });
});

describe("derived rules (SPEC §6)", () => {
  it.each([
    [["orderApproval"], true, true],
    [["orderApproval"], false, false],
    [[], true, false],
    [[], false, false],
  ] as [Permission[], boolean, boolean][])("canApprove %j isApprover=%s → %s", (perms, approver, expected) => {
    expect(canApprove(account(perms), setting(approver))).toBe(expected);
  });

  it.each([
    [["canViewManpack", "manpackOrders"], true],
    [["canViewManpack"], false],
    [["manpackOrders"], false],
  ] as [Permission[], boolean][])("canAccessManpack %j → %s", (perms, expected) => {
    expect(canAccessManpack(account(perms))).toBe(expected);
  });

  it("punchout-only and browse-only hold only outside punchout", () => {
    const a = account(["punchoutOnly", "browseOnly"]);
    expect(isPunchoutOnly(a, outside)).toBe(true);
    expect(isPunchoutOnly(a, inside)).toBe(false);
    expect(isBrowseOnly(a, outside)).toBe(true);
    expect(isBrowseOnly(a, inside)).toBe(false);
  });

  it("browse-only users place orders only within punchout", () => {
    expect(canPlaceOrders(account(["browseOnly"]), outside)).toBe(false);
    expect(canPlaceOrders(account(["browseOnly"]), inside)).toBe(true);
    expect(canPlaceOrders(account(["canViewFullCatalogue"]), outside)).toBe(true);
  });

  it("settings: needsAproval (the upstream's spelling) is read as given", () => {
    expect(needsApproval({ isApprover: false, needsAproval: true, wp_contact_only: false })).toBe(true);
    expect(needsApproval({ isApprover: false, needsAproval: false, wp_contact_only: false })).toBe(false);
  });

  it("only evolve users open admin pages", () => {
    expect(canOpenAdmin(account([], true))).toBe(true);
    expect(canOpenAdmin(account([], false))).toBe(false);
  });
});

describe("requiredPermissionForPath (SPEC §5 table + real routes)", () => {
  it.each([
    ["/manpack", "canViewManpack"],
    ["/catalogue", "canViewFullCatalogue"],
    ["/my-catalogue", "canViewMyCatalogue"],
    ["/employee-catalogue", "canViewUserCatalogue"],
    ["/order-history", "viewOrderHistory"],
    ["/order-to-approve", "orderApproval"],
    ["/report", "viewReporting"],
    ["/new-manpack-user", "addManpackUser"],
    ["/categories/full/hi-vis/vests", "canViewFullCatalogue"],
    ["/categories/my", "canViewMyCatalogue"],
    ["/categories/user/42/hi-vis", "canViewUserCatalogue"],
    ["/reporting", "viewReporting"],
    ["/add-wearer", "addManpackUser"],
    ["/add-site-user", "addSiteUser"],
    ["/add-delivery-address", "addAddress"],
    ["/order-history/123", "viewOrderHistory"],
    ["/order-history/123/despatched/9", "viewOrderHistory"],
    ["/order-to-approve/77", "orderApproval"],
    ["/Order-History/1", "viewOrderHistory"],
    ["/%6Frder-history", "viewOrderHistory"],
    ["//order-history//1", "viewOrderHistory"],
  ])("%s needs %s", (path, perm) => expect(requiredPermissionsForPath(path)).toEqual([perm]));

  it.each(["/wearer-pack", "/wearer-pack/5004", "/Wearer-Pack/5004/anything"])(
    "%s needs canViewManpack and manpackOrders (SPEC §6 Manpack access, decision 098)",
    (path) => expect(requiredPermissionsForPath(path)).toEqual(["canViewManpack", "manpackOrders"]),
  );

  it("the manpack access rule and the path table name the same permissions", () => {
    expect(requiredPermissionsForPath("/wearer-pack")).toEqual(MANPACK_ACCESS);
    expect(requiredPermissionsForPath("/manpack")).toEqual(["canViewManpack"]);
  });

  it.each([
    "/",
    "/order-historyx",
    "/reports",
    "/categories",
    "/product/vest",
    "/basket",
    "/%E0%A4%A",
    "/wearer-packs",
  ])("%s needs no table permission", (path) => expect(requiredPermissionsForPath(path)).toEqual([]));

  it("property: anything below a table path needs that path's permission", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("/order-history", "/wearer-pack", "/categories/full"),
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { maxLength: 4 }),
        (base, rest) => {
          const path = [base, ...rest].join("/");
          expect(requiredPermissionsForPath(path)).toEqual(requiredPermissionsForPath(base));
        },
      ),
    );
  });

  it("isPathWithin compares whole segments", () => {
    expect(isPathWithin("/admin", "/admin")).toBe(true);
    expect(isPathWithin("/adminx", "/admin")).toBe(false);
    expect(isPathWithin("/", "/admin")).toBe(false);
  });
});

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
    const ordering = Object.values(ROUTE_ACCESS as Record<string, RouteAccess>)
      .filter((e) => e.placesOrders)
      .map((e) => e.path);
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
    const marked = Object.values(ROUTE_ACCESS as Record<string, RouteAccess>)
      .filter((e) => e.punchoutOnlyUsers)
      .map((e) => e.path);
    // the view-as banner's Stop (decision 129): an admin viewing as a punchout-only user must be able to stop
    expect(marked).toEqual(["/login", "/punchout-only", "/logout", "/stop-view-as"]);
  });

  it("matches a path to the route Remix serves it with", () => {
    expect(routeAccessFor("/")).toBe(ROUTE_ACCESS["_default._index"]);
    expect(routeAccessFor("/order-history/5")).toBe(ROUTE_ACCESS["_default.order-history.$orderId._index"]);
    expect(routeAccessFor("/order-history/export.csv")).toBe(ROUTE_ACCESS["_default.order-history.export[.csv]"]);
    expect(routeAccessFor("/categories/full/hi-vis/vests")).toBe(ROUTE_ACCESS["_default.categories.$type.$"]);
    expect(routeAccessFor("/no/such/page")).toBe(ROUTE_ACCESS["_default.$"]);
    expect(routeAccessFor("/ORDER-TO-APPROVE/%37")).toBe(ROUTE_ACCESS["_default.order-to-approve.$orderId"]);
  });

  describe("rules no route uses yet", () => {
    const base: RouteAccess = {
      path: "/x",
      needs: "user",
      placesOrders: false,
      punchout: "allowed",
      punchoutOnlyUsers: false,
      admin: false,
    };
    const only = (e: Partial<RouteAccess>) => ({ x: { ...base, ...e } });

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
      const table = {
        list: {
          ...base,
          path: "/wearer-pack",
          nav: [{ to: "/wearer-pack", label: "Wearer packs", group: "Ordering" }],
        },
        wearer: { ...base, path: "/wearer-pack/:contactId", placesOrders: true },
      } satisfies Record<string, RouteAccess>;
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

  it("the basket shown: the one selected, unless the user may use only the other (decision 161)", () => {
    const both = account(["canViewFullCatalogue", "canViewManpack", "manpackOrders"]);
    const packsOnly = account(["canViewManpack", "manpackOrders"]);
    const stockOnly = account(["canViewMyCatalogue"]);
    expect(shownBasketType(both, "manpack-order-basket")).toBe("manpack-order-basket");
    expect(shownBasketType(both, "stock-order-basket")).toBe("stock-order-basket");
    expect(shownBasketType(packsOnly, "stock-order-basket")).toBe("manpack-order-basket");
    expect(shownBasketType(stockOnly, "manpack-order-basket")).toBe("stock-order-basket");
    expect(usableBaskets(both)).toEqual({ "stock-order-basket": true, "manpack-order-basket": true });
    expect(usableBaskets(account(["canViewManpack"]))).toEqual({
      "stock-order-basket": false,
      "manpack-order-basket": false,
    });
  });

  it("the sidebar's admin sections: evolve users only, and every admin screen refuses everyone else (issue 20)", () => {
    const admin = (a: AccountLike) =>
      navigationFor({ account: a, inPunchout: false })
        .filter((n) => (ADMIN_NAV_GROUPS as readonly string[]).includes(n.group))
        .map((n) => n.to);
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
    const sections = navigationFor({ account: account([], true), inPunchout: false })
      .filter((n) => (ADMIN_NAV_GROUPS as readonly string[]).includes(n.group))
      .map((n) => `${n.group}: ${n.label}`);
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
