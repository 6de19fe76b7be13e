import { describe, expect, it } from "vitest";
import { GRANTING_PERMISSIONS, PERMISSIONS, RESTRICTING_PERMISSIONS } from "./permissions";

// SPEC §6's permission list, split into what grants and what takes away: the provider gives its staff acting for a
// customer every permission that grants (server/app.ts, decision 172), from this one list.
describe("the permissions that grant and those that restrict (SPEC §6)", () => {
  it.each(["punchoutOnly", "browseOnly", "customAddressOnly", "pricingHidden"])("%s restricts", (permission) => {
    expect(RESTRICTING_PERMISSIONS).toContain(permission);
    expect(GRANTING_PERMISSIONS).not.toContain(permission);
  });

  it("the other 16 grant, in SPEC §6's order", () => {
    expect(GRANTING_PERMISSIONS).toEqual(PERMISSIONS.filter((p) => !RESTRICTING_PERMISSIONS.includes(p)));
    expect(GRANTING_PERMISSIONS).toHaveLength(16);
    expect(GRANTING_PERMISSIONS).toContain("orderApproval");
    expect(GRANTING_PERMISSIONS).toContain("amendOrderDeliveryAddress");
  });

  it("every permission is one or the other", () => {
    for (const p of RESTRICTING_PERMISSIONS) expect(PERMISSIONS).toContain(p);
    expect(GRANTING_PERMISSIONS.length + RESTRICTING_PERMISSIONS.length).toBe(PERMISSIONS.length);
  });
});
