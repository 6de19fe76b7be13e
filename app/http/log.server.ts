import pino, { type Logger } from "pino";
import { getEnv } from "../env.server";
import { reportInvalidDatesTo } from "../domain/dates";
import { LogSink, loggerOptions, REQUEST_ID_HEADER } from "../domain/operations";
import { openScope, REQUEST_SCOPE_HEADER } from "./request-scope.server";

// The portal's one logger (decision 144): JSON lines on stdout at LOG_LEVEL. Symbol.for, because the server runs
// from source while the routes come from the server build: two copies of this module, one logger.
const KEY = Symbol.for("workwear-portal.logger");
type Held = { logger: Logger; sink: LogSink };
const globals = globalThis as typeof globalThis & { [KEY]?: Held };

function held(): Held {
  if (!globals[KEY]) {
    const sink = new LogSink(pino.destination({ dest: 1, sync: true }));
    const logger = pino(loggerOptions("portal", getEnv().LOG_LEVEL), sink);
    globals[KEY] = { sink, logger };
    reportInvalidDatesTo((message, value) => logger.warn({ value: String(value).slice(0, 100) }, message));
  }
  return globals[KEY];
}

export function logger(): Logger {
  return held().logger;
}

/** The request id the portal's HTTP server gave this request (every copy of the Request carries it). */
export function requestIdOf(request: Request): string | undefined {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}

export type CallerIds = { userId: number | null; customerId: string | null };
const CALLER = "log.caller";

/** The guard chain names the caller once it knows them, for the request's access line. */
export function noteCaller(request: Request, ids: CallerIds): void {
  openScope(request.headers.get(REQUEST_SCOPE_HEADER))?.set(CALLER, ids);
}

/** Who the request's access line names (what the guard chain noted), if anyone. */
export function callerOf(scopeKey: string | null | undefined): CallerIds | undefined {
  return openScope(scopeKey)?.get(CALLER) as CallerIds | undefined;
}

/**
 * Lines written from now until `stop`, at `level` (info unless given), instead of stdout.
 * @internal test seam
 */
export function captureLogs(level = "info") {
  const { logger: log, sink } = held();
  return sink.capture(log, level);
}
