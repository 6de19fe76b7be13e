import { z } from "zod";

/**
 * The provider's one id rule (issue 12 item 3, decision 010): digits, at most 15, so every id fits a JavaScript number
 * exactly and a PostgreSQL bigint. The portal's own copy is app/domain/upstream-id.ts.
 */
export const ID_PATTERN = /^\d{1,15}$/;

/** True when a routed or posted text can be an id. */
export const isIdText = (value: string): boolean => ID_PATTERN.test(value);

/** An id in a body, as a number for the database: digits as a string, or a positive integer. */
export const idValue = z.union([z.string().regex(ID_PATTERN), z.number().int().positive()]).transform(Number);

/**
 * An id kept in the basket session's JSON, as a string: digits, or a non-negative integer (the session has always
 * taken 0, and its state is compared as strings).
 */
export const sessionIdValue = z.union([z.string().regex(ID_PATTERN), z.number().int().nonnegative()]).transform(String);
