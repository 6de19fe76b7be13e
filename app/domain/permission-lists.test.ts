import { describe, expect, it } from "vitest";
import { GRANTING_PERMISSIONS, PERMISSIONS, RESTRICTING_PERMISSIONS } from "./permissions";

// SPEC §6's permission list, split into what grants and what takes away: the provider gives its staff acting for a
// customer every permission that grants (server/app.ts, decision 172), from this one list.
describe("the permissions that grant and those that restrict (SPEC §6)", () => {
  it.each(["punchoutOnly", "browseOnly", "customAddressOnly", "pricingHidden"])("%s restricts", (permission) => {
    expect(RESTRICTING_PERMISSIONS).toContain(permission);
    expect(GRANTING_PERMISSIONS).not.toContain(permission);
  });

  it.each([
    "canViewFullCatalogue",
    "canViewMyCatalogue",
    "canViewUserCatalogue",
    "canViewManpack",
    "manpackOrders",
    "fullCatalogue",
    "addSiteUser",
    "viewOrderHistory",
    "orderApproval",
    "viewReporting",
    "addManpackUser",
    "dellAddress",
    "indAddress",
    "addAddress",
    "viewAllOrders",
    "amendOrderDeliveryAddress",
  ])("%s grants", (permission) => {
    expect(GRANTING_PERMISSIONS).toContain(permission);
  });

  it("every permission is one or the other, in the SPEC's order", () => {
    expect(GRANTING_PERMISSIONS).toHaveLength(16);
    for (const p of RESTRICTING_PERMISSIONS) expect(PERMISSIONS).toContain(p);
    expect(GRANTING_PERMISSIONS.length + RESTRICTING_PERMISSIONS.length).toBe(PERMISSIONS.length);
  });
});
