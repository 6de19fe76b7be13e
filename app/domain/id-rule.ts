// The one id rule (issue 12 item 3, decision 010; one source for both sides, decision 172): an id a form, a URL or a
// request body names is digits, at most 15, so it fits a JavaScript number exactly and a PostgreSQL bigint. The portal
// checks what it sends upstream with it and the provider what it is sent. Without zod, so a page may import it.

export const UPSTREAM_ID_PATTERN = /^\d{1,15}$/;

/** True when a posted or routed value can be an upstream id. */
export function isUpstreamIdValue(value: unknown): value is string {
  return typeof value === "string" && UPSTREAM_ID_PATTERN.test(value);
}
