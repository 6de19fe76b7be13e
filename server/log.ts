import pino from "pino";
import { reportInvalidDatesTo } from "../app/domain/dates";
import { LogSink, loggerOptions, METRICS_TOKEN_MIN_LENGTH, parseLogLevel } from "../app/domain/operations";

/**
 * The provider's settings for logs and metrics (decisions 144 and 145), read from the environment here and nowhere
 * else: LOG_LEVEL (default info) and METRICS_TOKEN (unset: /metrics from loopback only). A bad value stops start-up.
 */
export function operationsEnv(env: Record<string, string | undefined> = process.env) {
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && metricsToken.length < METRICS_TOKEN_MIN_LENGTH)
    throw new Error(`Invalid configuration: METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`);
  return { logLevel: parseLogLevel(env.LOG_LEVEL), metricsToken };
}

const sink = new LogSink(pino.destination({ dest: 1, sync: true }));

/** The provider's one logger: JSON lines on stdout (decision 144). */
export const logger = pino(loggerOptions("provider", operationsEnv().logLevel), sink);
reportInvalidDatesTo((message, value) => logger.warn({ value: String(value).slice(0, 100) }, message));

/**
 * Lines written from now until `stop`, at `level` (info unless given), instead of stdout.
 * @internal test seam
 */
export function captureProviderLogs(level = "info") {
  return sink.capture(logger, level);
}
