import { describe, expect, it } from "vitest";
import {
  PERMISSIONS,
  canAccessManpack,
  canApprove,
  canOpenAdmin,
  canPlaceOrders,
  hasPermission,
  isBrowseOnly,
  isPunchoutOnly,
  needsApproval,
  isPermission,
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

describe("the baskets", () => {
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
});
