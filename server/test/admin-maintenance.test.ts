import { describe, expect, it } from "vitest";
import { DEFAULT_MAINTENANCE_MESSAGE } from "../../app/domain/maintenance";
import { switchMaintenance } from "../services/admin-maintenance";
import { useProvider } from "./fixtures";

// Issue 32 item 7 (decision 151): GET/POST /api/admin/maintenance — the switch and the message users see, audited in
// the same transaction; the public status carries the message; the CLI's switch is audited with no admin.

const { p, tokens } = useProvider({
  admin: "admin@demo.test",
});

const audit = () => p.db("audit_log").where("service", "admin/maintenance").orderBy("id").select("*");
const settings = () => p.db("settings").orderBy("key").select("*");
const publicStatus = async () => (await p.api("GET", "/api/maintenance-status")).body;

describe("maintenance from the admin area", () => {
  it("the state: off, today's message, a bypass token that stays the same", async () => {
    const first = await p.api("GET", "/api/admin/maintenance", { token: tokens.admin });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      isMaintenanceEnabled: false,
      bypassToken: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      message: DEFAULT_MAINTENANCE_MESSAGE,
    });
    expect(DEFAULT_MAINTENANCE_MESSAGE).toBe(
      "The ordering portal is being updated and will be back shortly. Your baskets and orders are safe.",
    );
    const again = await p.api("GET", "/api/admin/maintenance", { token: tokens.admin });
    expect(again.body.bypassToken).toBe(first.body.bypassToken);
    expect(await publicStatus()).toEqual(first.body);
  });

  it("switching on with a message: 201 the new state, the public status says it, one audit entry by the admin", async () => {
    const before = (await audit()).length;
    const on = await p.api("POST", "/api/admin/maintenance", {
      token: tokens.admin,
      body: { enabled: true, message: "  Back at noon: the ERP is being upgraded.  " },
    });
    expect(on.status).toBe(201);
    expect(on.body).toMatchObject({ isMaintenanceEnabled: true, message: "Back at noon: the ERP is being upgraded." });
    expect(await publicStatus()).toMatchObject({
      isMaintenanceEnabled: true,
      message: "Back at noon: the ERP is being upgraded.",
    });
    const entries = await audit();
    expect(entries).toHaveLength(before + 1);
    const entry = entries.at(-1);
    expect(entry).toMatchObject({
      admin_user_id: 6,
      method: "create",
      summary: "Maintenance switched on (admin area)",
    });
    expect(JSON.parse(entry.before_json)).toEqual({ enabled: false, message: DEFAULT_MAINTENANCE_MESSAGE });
    expect(JSON.parse(entry.after_json)).toEqual({
      enabled: true,
      message: "Back at noon: the ERP is being upgraded.",
    });
    expect(`${entry.before_json}${entry.after_json}`).not.toContain(on.body.bypassToken);
  });

  it("switching off without a message keeps the message for next time", async () => {
    const off = await p.api("POST", "/api/admin/maintenance", { token: tokens.admin, body: { enabled: "false" } });
    expect(off.status).toBe(201);
    expect(off.body).toMatchObject({
      isMaintenanceEnabled: false,
      message: "Back at noon: the ERP is being upgraded.",
    });
    expect((await audit()).at(-1)).toMatchObject({ summary: "Maintenance switched off (admin area)" });
  });

  it.each([
    ["no switch", { message: "x" }, { enabled: "must be true or false" }],
    ["a switch that is not one", { enabled: "yes" }, { enabled: "must be true or false" }],
    ["an empty message", { enabled: true, message: "   " }, { message: "Write the message users see" }],
    ["a message too long", { enabled: true, message: "x".repeat(501) }, { message: "at most 500 characters" }],
    ["a message that is not text", { enabled: true, message: 5 }, { message: "must be text" }],
    ["an unknown field", { enabled: true, bypassToken: "mine" }, { bypassToken: "Unknown field" }],
  ])("%s: 400 naming the field, nothing written", async (_what, body, errors) => {
    const [settingsBefore, auditBefore] = [await settings(), await audit()];
    const res = await p.api("POST", "/api/admin/maintenance", { token: tokens.admin, body });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect(await settings()).toEqual(settingsBefore);
    expect(await audit()).toEqual(auditBefore);
  });

  it("a query parameter is refused on both", async () => {
    expect((await p.api("GET", "/api/admin/maintenance?x=1", { token: tokens.admin })).status).toBe(400);
    const res = await p.api("POST", "/api/admin/maintenance?x=1", { token: tokens.admin, body: { enabled: true } });
    expect(res.status).toBe(400);
    expect((await publicStatus()).isMaintenanceEnabled).toBe(false);
  });

  it("the CLI's switch (no admin) is audited too, and keeps the message unless given one", async () => {
    const on = await switchMaintenance(p.db, new Date("2026-11-21T10:00:00.000Z"), {
      enabled: true,
      adminUserId: null,
      via: "CLI",
    });
    expect(on).toMatchObject({ isMaintenanceEnabled: true, message: "Back at noon: the ERP is being upgraded." });
    expect((await audit()).at(-1)).toMatchObject({ admin_user_id: null, summary: "Maintenance switched on (CLI)" });
    const off = await switchMaintenance(p.db, new Date("2026-11-21T10:05:00.000Z"), {
      enabled: false,
      message: "Done",
      adminUserId: null,
      via: "CLI",
    });
    expect(off).toMatchObject({ isMaintenanceEnabled: false, message: "Done" });
    expect(await publicStatus()).toMatchObject({ isMaintenanceEnabled: false, message: "Done" });
  });
});
