import { describe, expect, it } from "vitest";
import { sessionAnswer } from "../tests/mocks/upstream/fixtures";
import type { UpstreamSession } from "~/upstream/schemas";
import { visibleNavigation } from "./chrome.server";

const nav = (permissions: string[], extra: Parameters<typeof sessionAnswer>[0] = {}, inPunchout = false) =>
  visibleNavigation({ session: sessionAnswer({ permissions, ...extra }) as unknown as UpstreamSession, inPunchout }).map(
    (i) => i.to,
  );

describe("sidebar shows only what the user may open", () => {
  it("a buyer with the full catalogue and history", () => {
    expect(nav(["canViewFullCatalogue", "viewOrderHistory"])).toEqual([
      "/dashboard", "/categories/full", "/search", "/basket", "/quick-order", "/saved-baskets", "/order-history",
    ]);
  });

  it("approvals need orderApproval and the isApprover setting", () => {
    expect(nav(["orderApproval"])).not.toContain("/order-to-approve");
    expect(nav(["orderApproval"], { setting: { isApprover: true } })).toContain("/order-to-approve");
  });

  it("both approval screens come from the access table's approver rule (decision 057)", () => {
    const links = nav(["orderApproval", "viewOrderHistory"], { setting: { isApprover: true } });
    expect(links.slice(-3)).toEqual(["/order-history", "/order-to-approve", "/saved-punchout-baskets"]);
    expect(nav(["orderApproval"])).not.toContain("/saved-punchout-baskets");
  });

  it("a browse-only user sees no basket outside punchout, and the basket inside it", () => {
    expect(nav(["browseOnly", "canViewFullCatalogue"])).not.toContain("/basket");
    expect(nav(["browseOnly", "canViewFullCatalogue"], {}, true)).toContain("/basket");
  });

  it("a user without catalogue permissions sees no catalogue", () => {
    expect(nav(["canViewManpack", "manpackOrders"])).not.toContain("/categories/full");
  });
});
