import { z } from "zod";

/** The upstream mirrors an ERP that sends ids as numbers or strings; the portal compares strings. */
export const upstreamId = z.union([z.string(), z.number()]).transform(String);

/** An id the portal sends upstream from a form or a URL: digits, at most 15. The one pattern (issue 12 item 3). */
export const UPSTREAM_ID_PATTERN = /^\d{1,15}$/;

/** True when a posted or routed value can be an upstream id. */
export function isUpstreamIdValue(value: unknown): value is string {
  return typeof value === "string" && UPSTREAM_ID_PATTERN.test(value);
}
