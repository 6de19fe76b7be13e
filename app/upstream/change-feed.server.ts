import { getEnv } from "~/env.server";
import { CHANGES_PATH } from "~/domain/operations";
import {
  CHANGE_LIVE_MS,
  CHANGE_POLL_MS,
  cachesUsable,
  knownGeneration,
  recordGeneration,
  recordPollFailure,
} from "~/http/changes.server";
import { logger } from "~/http/log.server";

// The poller of the provider's change generation (decision 157): GET /api/changes every CHANGE_POLL_MS, one at a
// time; what it hears decides whether this process may serve what it keeps (app/http/changes.server.ts).

let inFlight: Promise<number> | null = null;
let wasUsable = false;

/** Asks the provider now, or joins the ask under way; resolves to when (performance.now()) that ask was sent. */
export function pollChanges(): Promise<number> {
  inFlight ??= ask().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function ask(): Promise<number> {
  const sentAt = performance.now();
  const env = getEnv();
  try {
    const response = await fetch(`${env.UPSTREAM_URL}${CHANGES_PATH}`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(Math.min(CHANGE_LIVE_MS, env.UPSTREAM_TIMEOUT_MS)),
    });
    const body = (await response.json()) as { generation?: unknown };
    if (!response.ok || typeof body.generation !== "number") throw new Error(`answered ${response.status}`);
    recordGeneration(body.generation, sentAt);
  } catch (error) {
    recordPollFailure();
    if (wasUsable) logger().warn({ err: error }, "change generation not answered: kept answers are not served");
  }
  const usable = cachesUsable();
  if (usable && !wasUsable)
    logger().info({ generation: knownGeneration() }, "change generation answered: kept answers are served");
  wasUsable = usable;
  return sentAt;
}

/**
 * Before a request whose browser's latest write was answered under `generation` (its change cookie): when this process
 * has not seen that generation yet, asks the provider (again, if the ask it joined was sent before it came), so the
 * request is served from nothing kept before that write. Never throws: a failed ask leaves kept answers unused.
 */
export async function catchUp(generation: number): Promise<void> {
  const known = knownGeneration();
  if (known !== null && known >= generation) return;
  const came = performance.now();
  const sentAt = await pollChanges();
  const now = knownGeneration();
  if ((now === null || now < generation) && sentAt < came) await pollChanges();
}

/** Polls until the returned stop is called; the timer never keeps the process alive. */
export function startChangeFeed(): () => void {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const tick = () => {
    void pollChanges().finally(() => {
      if (!stopped) timer = setTimeout(tick, CHANGE_POLL_MS).unref();
    });
  };
  tick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
