import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { MANPACK_ACCESS } from "./permissions";
import { requiredPermissionsForPath } from "./path-permissions";
import { isPathWithin } from "./paths";

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
