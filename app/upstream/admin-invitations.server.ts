import { z } from "zod";
import { NamedRefSchema } from "./admin-schemas";
import type { NewInvitation } from "~/domain/invitation";
import type { UpstreamClient } from "./client.server";

// Inviting a user to any customer: `api/admin/invitation` (docs/upstream-api.md "Admin" §4).

/** An invitation to a customer the admin names. */
export type AdminInvitation = NewInvitation & { customerId: string };

/** POST /api/admin/invitation → 201 {email, expiresAt, customer}; 400 at `email` (already a user or invited), unknown customer → 404. */
export function createAdminInvitation(client: UpstreamClient, invitation: AdminInvitation) {
  return client.post(
    "/api/admin/invitation",
    z.object({ email: z.string(), expiresAt: z.string(), customer: NamedRefSchema }),
    { body: { ...invitation } },
  );
}
