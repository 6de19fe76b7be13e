/**
 * The portal on every core (issue 13 item 5, decision 043): `npm start` runs the HTTP server in several
 * node:cluster worker processes sharing one port. The portal is stateless (the session is an encrypted cookie,
 * every per-process cache is a performance hint only), so workers share nothing but the listening socket.
 * The primary process keeps the bundled provider (it owns the SQLite file) and restarts a worker that dies.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";

export type Serving = { url: string; close(): Promise<void> };

const MAX_WORKERS = 64;
const READY = "portal-worker-ready";
const STOP = "portal-worker-stop";
/** a worker that has not finished its requests this long after being asked to stop is killed */
const STOP_GRACE_MS = 10_000;

/** `npm start` passes this: one worker per core in production unless PORTAL_WORKERS says otherwise. */
export const PER_CORE_FLAG = "--worker-per-core";

/**
 * How many portal workers to run: PORTAL_WORKERS when set; otherwise one per core when `perCore` (`npm start`)
 * and NODE_ENV is production, and one else (development, and the e2e suite, which runs scripts/start.ts itself).
 * A value that is not a whole number from 1 to 64 stops start-up with a message.
 */
export function portalWorkerCount(
  env: Record<string, string | undefined>,
  { perCore, cores = availableParallelism() }: { perCore: boolean; cores?: number },
): number {
  const raw = env.PORTAL_WORKERS?.trim();
  if (raw) {
    const count = Number(raw);
    if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) {
      throw new Error(
        `PORTAL_WORKERS must be a whole number from 1 to ${MAX_WORKERS} (portal processes to run), not "${raw}".`,
      );
    }
    return count;
  }
  return perCore && env.NODE_ENV === "production" ? Math.max(1, Math.min(MAX_WORKERS, cores)) : 1;
}

type ReadyMessage = { type: typeof READY; url: string };
const isReady = (message: unknown): message is ReadyMessage =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === READY;

/**
 * Runs `serve` in `workers` processes (or in this process when `workers` is 1).
 * In the primary it resolves, once every worker listens, to the address and a `close` that stops them all;
 * in a worker it serves, tells the primary, and resolves to null: the worker has nothing else to do.
 * The worker re-runs the same script (cluster's default), so the caller must reach this call in a worker
 * without starting anything that belongs to the primary (check `cluster.isPrimary`).
 * Workers share nothing but the port: each learns of changes from the provider itself (decision 157).
 */
export async function serveOnWorkers(workers: number, serve: () => Promise<Serving>): Promise<Serving | null> {
  if (cluster.isWorker) {
    await runWorker(serve);
    return null;
  }
  if (workers <= 1) return serve();
  return runPrimary(workers);
}

async function runWorker(serve: () => Promise<Serving>): Promise<void> {
  const serving = await serve();
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await serving.close().catch((e) => console.error(e));
    process.exit(code);
  };
  process.on("message", (message) => {
    if (typeof message === "object" && message !== null && (message as { type?: unknown }).type === STOP) void stop(0);
  });
  // Ctrl-C reaches every process of the terminal: the primary decides, the worker waits to be told
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => void stop(0));
  // the primary went away without telling us (killed): nothing would restart or stop this worker
  process.on("disconnect", () => void stop(0));
  process.send?.({ type: READY, url: serving.url } satisfies ReadyMessage);
}

function runPrimary(count: number): Promise<Serving> {
  let closing = false;
  let url = "";
  const live = new Set<Worker>();

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      let ready = false;
      worker.on("message", (message) => {
        if (!isReady(message) || ready) return;
        ready = true;
        url = message.url;
        live.add(worker);
        resolve(worker);
      });
      worker.on("exit", (code, signal) => {
        live.delete(worker);
        if (closing) return;
        const how = signal ? `signal ${signal}` : `code ${code}`;
        if (!ready) {
          reject(new Error(`a portal worker stopped (${how}) before it could serve`));
          return;
        }
        console.error(`Portal worker ${worker.process.pid} stopped (${how}); starting another.`);
        fork().catch((error) =>
          console.error(`Portal worker not replaced: ${error instanceof Error ? error.message : error}`),
        );
      });
    });

  const close = async () => {
    closing = true;
    await Promise.all(
      [...Object.values(cluster.workers ?? {})].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            const timer = setTimeout(() => worker.process.kill("SIGKILL"), STOP_GRACE_MS);
            worker.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            if (worker.isConnected()) worker.send({ type: STOP });
            else worker.process.kill("SIGTERM");
          }),
      ),
    );
  };

  return Promise.all(Array.from({ length: count }, fork)).then(
    () => ({ url, close }),
    async (error) => {
      await close();
      throw error;
    },
  );
}
