import { getEnv } from "~/env.server";
import { logger } from "~/http/log.server";
import type { Readiness } from "~/http/operations.server";

/** How long /readyz waits for the provider's own /readyz: a probe answers quickly or the provider counts as down. */
const READY_TIMEOUT_MS = 2_000;

// GET /readyz (the provider's, beside /api) — 200 when its database answers and its migrations are current
export async function providerReadiness(): Promise<Readiness> {
  const env = getEnv();
  let failure: string;
  try {
    const response = await fetch(`${env.UPSTREAM_URL}/readyz`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(Math.min(READY_TIMEOUT_MS, env.UPSTREAM_TIMEOUT_MS)),
    });
    await response.arrayBuffer();
    if (response.ok) return { ready: true, checks: { provider: "ok" } };
    failure = `answered ${response.status}`;
  } catch (error) {
    failure = (error as { name?: string }).name === "TimeoutError" ? "not answering in time" : "not answering";
  }
  logger().warn({ check: "provider", failure }, "not ready: the provider API");
  return { ready: false, checks: { provider: failure } };
}
