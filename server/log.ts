import pino from "pino";
import { reportInvalidDatesTo } from "../app/domain/dates";
import { LogSink, loggerOptions, parseLogLevel, type LogLevel } from "../app/domain/operations";

/**
 * The level the logger starts at, before the provider's configuration is read (server/config.ts validates LOG_LEVEL
 * and `runProvider` sets it again from there): an unreadable value starts at info, and the configuration then stops
 * start-up naming it.
 */
function startingLevel(): LogLevel {
  try {
    return parseLogLevel(process.env.LOG_LEVEL);
  } catch {
    return "info";
  }
}

const sink = new LogSink(pino.destination({ dest: 1, sync: true }));

/** The provider's one logger: JSON lines on stdout (decision 144). */
export const logger = pino(loggerOptions("provider", startingLevel()), sink);
reportInvalidDatesTo((message, value) => logger.warn({ value: String(value).slice(0, 100) }, message));

/**
 * Lines written from now until `stop`, at `level` (info unless given), instead of stdout.
 * @internal test seam
 */
export function captureProviderLogs(level = "info") {
  return sink.capture(logger, level);
}
