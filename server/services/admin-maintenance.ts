import { randomBytes } from "node:crypto";
import type { Knex } from "knex";
import { z } from "zod";
import { DEFAULT_MAINTENANCE_MESSAGE, MAX_MAINTENANCE_MESSAGE } from "../../app/domain/maintenance";
import type { ProviderParams } from "./base";
import { writeAudit } from "./admin-audit";
import { boolInput, noQuery, parseBody, requireAdmin, type AdminCtx } from "./admin-common";

// Maintenance mode (SPEC §4) switched from the admin area as well as the CLI (issue 32 item 7, decision 151): the
// switch, the message the maintenance page shows and the bypass token are settings; every switch is audited.

const ENABLED = "maintenance_enabled";
const MESSAGE = "maintenance_message";
const BYPASS = "maintenance_bypass_token";

export interface MaintenanceState {
  isMaintenanceEnabled: boolean;
  bypassToken: string;
  message: string;
}

async function settings(db: Knex, keys: string[]): Promise<Map<string, string>> {
  const rows = await db("settings").whereIn("key", keys).select("key", "value");
  return new Map(rows.map((r: any) => [String(r.key), String(r.value)]));
}

const putSetting = (db: Knex, key: string, value: string) =>
  db("settings").insert({ key, value }).onConflict("key").merge();

/** The maintenance state; the bypass token is made the first time it is asked for. */
export async function maintenanceStatus(db: Knex): Promise<MaintenanceState> {
  const stored = await settings(db, [ENABLED, MESSAGE, BYPASS]);
  let bypassToken = stored.get(BYPASS);
  if (!bypassToken) {
    bypassToken = randomBytes(12).toString("base64url");
    // two first askers at once: the first token written is the one kept
    await db("settings").insert({ key: BYPASS, value: bypassToken }).onConflict("key").ignore();
    bypassToken = (await settings(db, [BYPASS])).get(BYPASS) ?? bypassToken;
  }
  return {
    isMaintenanceEnabled: stored.get(ENABLED) === "true",
    bypassToken,
    message: stored.get(MESSAGE) || DEFAULT_MAINTENANCE_MESSAGE,
  };
}

/**
 * Switches maintenance on or off, with the message when one is given, and writes the audit entry in the same
 * transaction (an admin's id, or none from the CLI).
 */
export async function switchMaintenance(
  db: Knex,
  at: Date,
  change: { enabled: boolean; message?: string; adminUserId: number | null; via: "admin area" | "CLI" },
): Promise<MaintenanceState> {
  await db.transaction(async (trx) => {
    const before = await maintenanceStatus(trx);
    await putSetting(trx, ENABLED, String(change.enabled));
    if (change.message !== undefined) await putSetting(trx, MESSAGE, change.message);
    const after = { enabled: change.enabled, message: change.message ?? before.message };
    await writeAudit(trx, at, {
      adminUserId: change.adminUserId,
      service: "admin/maintenance",
      method: "create",
      recordId: null,
      summary: `Maintenance switched ${change.enabled ? "on" : "off"} (${change.via})`,
      before: { enabled: before.isMaintenanceEnabled, message: before.message },
      after,
    });
  });
  return maintenanceStatus(db);
}

const switchBody = z
  .object({
    enabled: boolInput,
    message: z
      .string({ invalid_type_error: "must be text" })
      .trim()
      .min(1, "Write the message users see")
      .max(MAX_MAINTENANCE_MESSAGE, `at most ${MAX_MAINTENANCE_MESSAGE} characters`)
      .optional(),
  })
  .strict();

/** GET /api/maintenance-status (public): what the portal's guard and maintenance page read. */
export class MaintenanceStatusService {
  constructor(private ctx: { db: Knex }) {}
  async find(): Promise<MaintenanceState> {
    return maintenanceStatus(this.ctx.db);
  }
}

/**
 * GET /api/admin/maintenance — the state with the bypass token; POST {enabled, message?} switches it (201, the new
 * state). Provider staff only, as every admin call (decision 127).
 */
export class AdminMaintenanceService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams): Promise<MaintenanceState> {
    requireAdmin(params);
    noQuery(params);
    return maintenanceStatus(this.ctx.db);
  }

  async create(data: unknown, params: ProviderParams): Promise<MaintenanceState> {
    const caller = requireAdmin(params);
    const body = parseBody(switchBody, data);
    noQuery(params);
    return switchMaintenance(this.ctx.db, this.ctx.now(), {
      enabled: body.enabled,
      message: body.message,
      adminUserId: caller.userId,
      via: "admin area",
    });
  }
}
