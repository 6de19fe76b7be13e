import { describe, expect, it } from "vitest";
import { sessionAnswer } from "../tests/mocks/upstream/fixtures";
import type { UpstreamSession } from "~/upstream/schemas";
import type { PortalUser } from "~/auth/require-user.server";
import { declaredRoutes } from "~/auth/access-guard.server";
import { CATALOGUE_STEPS, loadChrome, mayOpen, nextSteps, visibleNavigation } from "./chrome.server";

// the Account group's links (issue 17) are tested with their screens' routes
const ACCOUNT_LINKS = new Set(
  declaredRoutes()
    .flatMap((r) => r.access.nav ?? [])
    .filter((n) => n.group === "Account")
    .map((n) => n.to),
);
const nav = (permissions: string[], extra: Parameters<typeof sessionAnswer>[0] = {}, inPunchout = false) =>
  visibleNavigation({ session: sessionAnswer({ permissions, ...extra }) as unknown as UpstreamSession, inPunchout })
    .map((i) => i.to)
    .filter((to) => !ACCOUNT_LINKS.has(to));

describe("sidebar shows only what the user may open", () => {
  it("a buyer with the full catalogue and history", () => {
    expect(nav(["canViewFullCatalogue", "viewOrderHistory"], { hasPunchoutProfile: true })).toEqual([
      "/dashboard",
      "/news",
      "/categories/full",
      "/search",
      "/basket",
      "/quick-order",
      "/saved-baskets",
      "/order-history",
      "/punchedout-baskets",
    ]);
  });

  it("approvals need orderApproval and the isApprover setting", () => {
    expect(nav(["orderApproval"])).not.toContain("/order-to-approve");
    expect(nav(["orderApproval"], { setting: { isApprover: true } })).toContain("/order-to-approve");
  });

  it("both approval screens come from the access table's approver rule (decision 057)", () => {
    const links = nav(["orderApproval", "viewOrderHistory"], {
      setting: { isApprover: true },
      hasPunchoutProfile: true,
    });
    expect(links.slice(-4)).toEqual([
      "/order-history",
      "/order-to-approve",
      "/saved-punchout-baskets",
      "/punchedout-baskets",
    ]);
    expect(nav(["orderApproval"])).not.toContain("/saved-punchout-baskets");
  });

  it("a browse-only user sees no basket outside punchout, and the basket inside it", () => {
    expect(nav(["browseOnly", "canViewFullCatalogue"])).not.toContain("/basket");
    expect(nav(["browseOnly", "canViewFullCatalogue"], {}, true)).toContain("/basket");
  });

  it("a user without catalogue permissions sees no catalogue", () => {
    expect(nav(["canViewManpack", "manpackOrders"])).not.toContain("/categories/full");
  });

  // issue 34 item 3 (decision 161): by what the user and the customer have, from the access table
  it("a wearer-pack-only user sees no Search, Quick order or Saved baskets, and keeps the basket and wearer packs", () => {
    const links = nav(["canViewManpack", "manpackOrders", "viewOrderHistory"], { hasPunchoutProfile: true });
    for (const to of ["/search", "/quick-order", "/saved-baskets"]) expect(links).not.toContain(to);
    for (const to of ["/basket", "/wearer-pack", "/order-history", "/punchedout-baskets"]) expect(links).toContain(to);
  });

  it("a customer without a punchout profile has no Punched-out baskets; with one it has", () => {
    expect(nav(["canViewFullCatalogue", "viewOrderHistory"])).not.toContain("/punchedout-baskets");
    expect(nav(["canViewFullCatalogue", "viewOrderHistory"], { hasPunchoutProfile: true })).toContain(
      "/punchedout-baskets",
    );
  });

  it("Delivery addresses only with an address right", () => {
    const links = (permissions: string[]) =>
      visibleNavigation({
        session: sessionAnswer({ permissions }) as unknown as UpstreamSession,
        inPunchout: false,
      }).map((i) => i.to);
    expect(links(["canViewFullCatalogue", "viewOrderHistory"])).not.toContain("/manage-delivery-addresses");
    for (const right of ["dellAddress", "indAddress", "addAddress", "customAddressOnly"])
      expect(links(["canViewFullCatalogue", right])).toContain("/manage-delivery-addresses");
  });
});

describe("the header offers only what the user may use (issue 14 item 7)", () => {
  const user = (permissions: string[], inPunchout = false) =>
    ({
      session: sessionAnswer({ permissions }) as unknown as UpstreamSession,
      inPunchout,
      upstream: null,
    }) as unknown as PortalUser;

  it("a browse-only user has no basket in the header outside punchout, and one inside it", async () => {
    const browse = await loadChrome(new Request("http://portal.test/"), user(["browseOnly", "canViewFullCatalogue"]));
    expect(browse.basketCount).toBeNull();
    expect(browse.navigation.map((n) => n.to)).not.toContain("/basket");
    const punchout = await loadChrome(
      new Request("http://portal.test/"),
      user(["browseOnly", "canViewFullCatalogue"], true),
    );
    expect(punchout.basketCount).toBe(0);
  });

  it("counts the items of both baskets: stock lines and wearer packs, lines flagged as removed not counted", async () => {
    const session = sessionAnswer({
      permissions: ["canViewFullCatalogue", "canViewManpack", "manpackOrders"],
    }) as unknown as UpstreamSession;
    (session as { basket: unknown }).basket = {
      selectedBasketType: "manpack-order-basket",
      stock: [
        { productId: "20002", qty: 2 },
        { productId: "20003", qty: 5, removeItem: true },
      ],
      manpack: [
        {
          employeeId: "5102",
          data: [
            { productId: "20030", qty: 1 },
            { productId: "20031", qty: 3 },
          ],
        },
        { employeeId: "5103", data: [{ productId: "20030", qty: 1 }] },
      ],
    };
    const chrome = await loadChrome(new Request("http://portal.test/"), {
      session,
      inPunchout: false,
      upstream: null,
    } as unknown as PortalUser);
    expect(chrome.basketCount).toBe(7);
  });

  it("a buyer has the basket; approvals only for an approver, by the access table", async () => {
    const buyer = await loadChrome(new Request("http://portal.test/"), user(["canViewFullCatalogue"]));
    expect(buyer.basketCount).toBe(0);
    expect(buyer.pendingApprovals).toBeNull();
    expect(mayOpen(user(["orderApproval"]), "/order-to-approve")).toBe(false);
  });
});

describe("the header's punchout bar (issue 16 item 3; decision 111)", () => {
  const state = (operation: "create" | "edit" | "inspect", orderingAllowed = false) =>
    ({ id: "po-1", protocol: "cxml", operation, orderingAllowed, returnOrigin: "https://buyer.example" }) as const;
  const user = (punchout: ReturnType<typeof state> | null) =>
    ({
      session: sessionAnswer({
        permissions: ["canViewFullCatalogue"],
        punchoutSession: punchout ? "po-1" : null,
      }) as unknown as UpstreamSession,
      inPunchout: punchout !== null,
      punchout,
      upstream: null,
    }) as unknown as PortalUser;

  it("shows within a punchout session, with its operation, and not outside one", async () => {
    expect((await loadChrome(new Request("http://portal.test/"), user(null))).punchout).toBeNull();
    expect((await loadChrome(new Request("http://portal.test/"), user(state("create")))).punchout).toEqual({
      operation: "create",
      protocol: "cxml",
    });
    expect((await loadChrome(new Request("http://portal.test/"), user(state("inspect")))).punchout).toEqual({
      operation: "inspect",
      protocol: "cxml",
    });
  });

  it("inspect: the sidebar leaves out the screens that fill a basket; the basket stays", async () => {
    const links = (punchout: ReturnType<typeof state>) => visibleNavigation(user(punchout)).map((n) => n.to);
    expect(links(state("create"))).toEqual(expect.arrayContaining(["/basket", "/quick-order", "/saved-baskets"]));
    expect(links(state("inspect", true))).toContain("/basket");
    expect(links(state("inspect", true))).not.toContain("/quick-order");
    expect(links(state("inspect", true))).not.toContain("/saved-baskets");
  });

  it("the transfer and cancel posts are open within a punchout session only, ordering allowed or not", () => {
    for (const path of ["/punchout/transfer", "/punchout/cancel"]) {
      expect(mayOpen(user(state("create")), path)).toBe(true);
      expect(mayOpen(user(state("edit", true)), path)).toBe(true);
      expect(mayOpen(user(null), path)).toBe(false);
    }
    // checkout is closed without ordering in the portal: the bar's Transfer basket is the way on
    expect(mayOpen(user(state("create")), "/checkout")).toBe(false);
    expect(mayOpen(user(state("create", true)), "/checkout")).toBe(true);
  });
});

// issue 34 item 6 (decision 166): an empty list's next steps are only what the user may open
describe("nextSteps", () => {
  const steps = [
    ...CATALOGUE_STEPS,
    { to: "/search", label: "Search for a product" },
    { to: "/quick-order", label: "Quick order by product code" },
    { to: "/saved-baskets", label: "Load a saved basket" },
    { to: "/wearer-pack", label: "Choose a wearer in Wearer packs" },
  ];
  const offered = (permissions: string[]) =>
    nextSteps({ session: sessionAnswer({ permissions }) as unknown as UpstreamSession, inPunchout: false }, steps).map(
      (s) => s.to,
    );

  it("a full-catalogue buyer: the catalogue, search, quick order and saved baskets, not wearer packs", () => {
    expect(offered(["canViewFullCatalogue"])).toEqual([
      "/categories/full",
      "/search",
      "/quick-order",
      "/saved-baskets",
    ]);
  });

  it("a my-catalogue buyer is sent to their own catalogue, not the full one", () => {
    expect(offered(["canViewMyCatalogue"])).toEqual(["/categories/my", "/search", "/quick-order", "/saved-baskets"]);
  });

  it("a wearer-pack-only user: wearer packs only (no catalogue, no search, no quick order, no saved baskets)", () => {
    expect(offered(["canViewManpack", "manpackOrders"])).toEqual(["/wearer-pack"]);
  });
});
