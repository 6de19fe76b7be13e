import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "./permissions";
import { PERMISSION_WORDS, permissionsInWords } from "./permission-words";

describe("permissions in words (issue 17, decision 113)", () => {
  it("every SPEC §6 permission has its own line, one sentence, no raw name in it", () => {
    const lines = PERMISSIONS.map((p) => PERMISSION_WORDS[p]);
    expect(new Set(lines).size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) {
      expect(PERMISSION_WORDS[p]).toMatch(/^[A-Z]/);
      expect(PERMISSION_WORDS[p]).not.toContain(p);
      expect(PERMISSION_WORDS[p]).not.toMatch(/\n/);
    }
  });

  it("lists the held permissions in SPEC §6's order, each once", () => {
    expect(permissionsInWords(["viewOrderHistory", "canViewFullCatalogue", "viewOrderHistory"])).toEqual([
      { permission: "canViewFullCatalogue", words: "Browse and order from the full catalogue" },
      { permission: "viewOrderHistory", words: "See the order history" },
    ]);
  });

  it("leaves out a string the portal does not know", () => {
    expect(permissionsInWords(["somethingNew", "addSiteUser"])).toEqual([
      { permission: "addSiteUser", words: "Invite colleagues and see the site users" },
    ]);
  });

  it("an empty list: no lines", () => {
    expect(permissionsInWords([])).toEqual([]);
  });
});
