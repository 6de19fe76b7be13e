import { z } from "zod";

/** The upstream mirrors an ERP that sends ids as numbers or strings; the portal compares strings. */
export const upstreamId = z.union([z.string(), z.number()]).transform(String);

// an id the portal sends upstream from a form or a URL: the one id rule, both sides' (id-rule.ts)
export { isUpstreamIdValue, UPSTREAM_ID_PATTERN } from "./id-rule";
