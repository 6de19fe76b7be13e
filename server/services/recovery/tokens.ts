/** Single-use links (password reset, invitation): their lifetimes, limits, and use. */
import { Gone, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../app/domain/password";
import { type LimitPolicy } from "../../auth/limits";
import { sha256 } from "../../auth/password";
import { type Ctx } from "../base";

export interface MailCtx extends Ctx {
  portalUrl: string;
}

export const RESET_TTL_MS = 60 * 60_000;

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

export const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);

export const email = z.string().trim().toLowerCase().email().max(320);

export const DEFAULT_INVITED_PERMISSIONS = ["canViewFullCatalogue", "viewOrderHistory"];

/**
 * Reset requests (decision 027): per client address 20 an hour, per e-mail 3 an hour (counted only when the
 * address is within its limit). Over a limit the answer is the same; only no e-mail goes out.
 */
export const RESET_LIMITS = {
  address: { limit: 20, quietMs: 60 * 60_000 },
  email: { limit: 3, quietMs: 60 * 60_000 },
} satisfies Record<string, LimitPolicy>;

/** Voids the user's unused reset links that are still live (expires them now), but the one given. */
export async function voidResetLinks(db: Knex, userId: number, now: Date, except?: number) {
  const q = db("password_tokens")
    .where({ type: "reset", user_id: userId })
    .whereNull("used_at")
    .where("expires_at", ">", now.toISOString());
  await (except === undefined ? q : q.whereNot("id", except)).update({ expires_at: now.toISOString() });
}

/**
 * A live single-use token of the given type, or 404 (unknown) / 410 (used, expired, withdrawn, or an invitation's
 * link replaced when it was sent again; decision 112).
 */
export async function liveToken(db: Knex, now: Date, type: "reset" | "invitation", token: string) {
  const hash = sha256(token);
  const row = await db("password_tokens").where({ token_hash: hash, type }).first();
  if (!row) {
    if (type === "invitation" && (await db("replaced_invitation_links").where("token_hash", hash).first("id"))) {
      throw new Gone("This invitation was sent again: use the link in the newest e-mail");
    }
    throw new NotFound("This link is not valid");
  }
  if (row.used_at) throw new Gone("This link has already been used");
  if (row.revoked_at) throw new Gone("This invitation has been withdrawn");
  if (Date.parse(row.expires_at) <= now.getTime()) throw new Gone("This link has expired");
  return row;
}

/**
 * Marks a token used; false when another request used it first, or it was withdrawn or sent again (a new link) since
 * it was read.
 */
export async function useToken(trx: Knex, token: { id: number; token_hash: string }, now: Date): Promise<boolean> {
  const q = trx("password_tokens")
    .where({ id: token.id, token_hash: token.token_hash })
    .whereNull("used_at")
    .whereNull("revoked_at");
  return (await q.update({ used_at: now.toISOString() })) === 1;
}
