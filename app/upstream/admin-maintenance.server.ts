import { z } from "zod";
import type { UpstreamClient } from "./client.server";
import { MaintenanceStatusSchema } from "./schemas";

// Maintenance switched from the admin area: `api/admin/maintenance` (decision 151).

const AdminMaintenanceSchema = MaintenanceStatusSchema.extend({ message: z.string() });
export type AdminMaintenance = z.infer<typeof AdminMaintenanceSchema>;

/** GET /api/admin/maintenance — the switch, the message and the bypass token. */
export function getAdminMaintenance(client: UpstreamClient) {
  return client.get("/api/admin/maintenance", AdminMaintenanceSchema);
}

/** POST /api/admin/maintenance {enabled, message} → 201 the new state (audited by the provider). */
export function switchMaintenance(client: UpstreamClient, body: { enabled: boolean; message: string }) {
  return client.post("/api/admin/maintenance", AdminMaintenanceSchema, { body });
}
