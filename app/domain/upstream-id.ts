import { z } from "zod";

/** The upstream mirrors an ERP that sends ids as numbers or strings; the portal compares strings. */
export const upstreamId = z.union([z.string(), z.number()]).transform(String);
