import { z } from "zod";
import { isUpstreamIdValue as isIdText, UPSTREAM_ID_PATTERN as ID_PATTERN } from "../../app/domain/id-rule";

// The one id rule (issue 12 item 3, decision 010) is the shared domain's, app/domain/id-rule.ts (decision 172): digits,
// at most 15, so every id fits a JavaScript number exactly and a PostgreSQL bigint. Here what the provider's tables add.

/**
 * The tables' ids are 32-bit (`increments()`), so an id above this names no row. PostgreSQL refuses to compare an
 * integer column with a larger number (an error) where SQLite finds nothing; asking is the wrong answer on both.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** True when a routed id can name a row: the id rule, and within the tables' range (decision 010's known gap). */
export const isRowIdText = (value: string): boolean => isIdText(value) && Number(value) <= MAX_ROW_ID;

/** An id in a body, as a number for the database: digits as a string, or a positive integer. */
export const idValue = z.union([z.string().regex(ID_PATTERN), z.number().int().positive()]).transform(Number);

/**
 * An id kept in the basket session's JSON, as a string: digits, or a non-negative integer (the session has always
 * taken 0, and its state is compared as strings).
 */
export const sessionIdValue = z.union([z.string().regex(ID_PATTERN), z.number().int().nonnegative()]).transform(String);
