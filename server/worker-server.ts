import { createServer, type IncomingMessage, type Server } from "node:http";

/**
 * The HTTP side of a `worker` process (issue 32 item 6, decision 152): it serves its health and metrics and nothing
 * else, so a load balancer or an orchestrator can watch it while it runs the queues. Each path is one handler in a
 * map; every other path is 404 and every method but GET and HEAD 405.
 */

export interface WorkerResponse {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/** One path's answer; it gets the request (e.g. for an Authorization header) and never throws on purpose. */
export type WorkerHandler = (req: IncomingMessage) => WorkerResponse | Promise<WorkerResponse>;

/** The paths a worker serves (exact paths, no query string): the roles' shared endpoints join this map. */
export type WorkerHandlers = Readonly<Record<string, WorkerHandler>>;

const json = (status: number, body: unknown): WorkerResponse => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  body: JSON.stringify(body),
});

/** GET /healthz: the process serves (issue 32 item 3); no database, nothing sensitive. */
export const healthz: WorkerHandler = () => json(200, { status: "ok" });

const notFound = (path: string) =>
  json(404, { name: "NotFound", message: `Path ${path} not found`, code: 404, className: "not-found" });

/** An HTTP server that answers `handlers`' paths, 404 elsewhere; listen on it as on any node:http server. */
export function createWorkerServer(handlers: WorkerHandlers): Server {
  return createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "/").split("?")[0];
      const handler = Object.hasOwn(handlers, path) ? handlers[path] : undefined;
      let answer: WorkerResponse;
      if (!handler) answer = notFound(path);
      else if (req.method !== "GET" && req.method !== "HEAD")
        answer = json(405, { name: "MethodNotAllowed", message: "Only GET and HEAD", code: 405 });
      else {
        try {
          answer = await handler(req);
        } catch {
          answer = json(500, { name: "GeneralError", message: "Internal error", code: 500 });
        }
      }
      res.writeHead(answer.status, { ...answer.headers, ...(answer.status === 405 ? { allow: "GET, HEAD" } : {}) });
      res.end(req.method === "HEAD" ? undefined : answer.body);
    })();
  });
}
