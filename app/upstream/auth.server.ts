import { z } from "zod";
import { MAINTENANCE_KEY, maintenanceCache, sessionCache, tokenKey } from "./cache.server";
import type { UpstreamClient } from "./client.server";
import { AuthenticationSchema, MaintenanceStatusSchema, SessionSchema } from "./schemas";

/**
 * The browser's address for the provider's log-in and reset limits (decision 027): the provider believes
 * X-Forwarded-For from the portal (a trusted proxy) only. No address known: none is claimed.
 */
export function forwardedFor(clientIp: string | undefined): Record<string, string> {
  return clientIp && clientIp !== "unknown" ? { "X-Forwarded-For": clientIp } : {};
}

/** The browser's User-Agent, passed on so the provider's log-in history names the browser, not the portal (decision 127). */
export function browserAgent(request: Request): Record<string, string> {
  const agent = request.headers.get("User-Agent")?.trim();
  return agent ? { "User-Agent": agent.slice(0, 500) } : {};
}

// POST /api/authentication (local strategy); 429 with Retry-After when the provider's limits refuse
export function authenticate(
  client: UpstreamClient,
  credentials: { email: string; password: string },
  clientIp?: string,
  request?: Request,
) {
  return client.post("/api/authentication", AuthenticationSchema, {
    body: { strategy: "local", email: credentials.email, password: credentials.password },
    headers: { ...forwardedFor(clientIp), ...(request ? browserAgent(request) : {}) },
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

/**
 * GET /api/session through the per-token cache (decision 044): at most SESSION_CACHE_MS old, and gone at once after
 * any write this portal makes with the token (the client drops it). For the guard chain.
 */
export function getCachedUpstreamSession(client: UpstreamClient) {
  if (!client.token) return getUpstreamSession(client);
  return sessionCache.get(tokenKey(client.token), () => getUpstreamSession(client));
}

// POST /api/select-customer {contactId}
export function selectCustomer(client: UpstreamClient, contactId: string) {
  return client.post("/api/select-customer", SessionSchema, { body: { contactId } });
}

// GET /api/maintenance-status (no authentication)
export function getMaintenanceStatus(client: UpstreamClient) {
  return client.get("/api/maintenance-status", MaintenanceStatusSchema);
}

/**
 * The maintenance status, process-wide (decision 044): the cached answer (at most MAINTENANCE_CACHE_MS old), or with
 * `fresh` a new one that also refreshes what the others read.
 */
export function getCachedMaintenanceStatus(client: UpstreamClient, options: { fresh?: boolean } = {}) {
  if (options.fresh) return maintenanceCache.put(MAINTENANCE_KEY, getMaintenanceStatus(client));
  return maintenanceCache.get(MAINTENANCE_KEY, () => getMaintenanceStatus(client));
}
