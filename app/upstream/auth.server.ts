import { z } from "zod";
import type { UpstreamClient } from "./client.server";
import { AuthenticationSchema, MaintenanceStatusSchema, SessionSchema } from "./schemas";

// POST /api/authentication (local strategy)
export function authenticate(client: UpstreamClient, credentials: { email: string; password: string }) {
  return client.post("/api/authentication", AuthenticationSchema, {
    body: { strategy: "local", email: credentials.email, password: credentials.password },
  });
}

// DELETE /api/authentication — revokes the provider-side session
export function revokeAuthentication(client: UpstreamClient) {
  return client.delete("/api/authentication", z.unknown());
}

// GET /api/session
export function getUpstreamSession(client: UpstreamClient) {
  return client.get("/api/session", SessionSchema);
}

// POST /api/select-customer {contactId}
export function selectCustomer(client: UpstreamClient, contactId: string) {
  return client.post("/api/select-customer", SessionSchema, { body: { contactId } });
}

// GET /api/maintenance-status (no authentication)
export function getMaintenanceStatus(client: UpstreamClient) {
  return client.get("/api/maintenance-status", MaintenanceStatusSchema);
}
