/** /api/password-reset: a reset link asked for and used. */
import { Gone } from "@feathersjs/errors";
import type { Params } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { z } from "zod";
import { clientAddressOf } from "../../auth/client-address";
import { takeAll } from "../../auth/limits";
import { hashPassword, newToken } from "../../auth/password";
import { bodyOf } from "../base";
import { parseOr400 } from "../basket-session";
import { portalLink, renderMail, writeMail } from "../mail-templates";
import {
  email,
  liveToken,
  password,
  RESET_LIMITS,
  RESET_TTL_MS,
  useToken,
  voidResetLinks,
  type MailCtx,
} from "./tokens";

/**
 * /api/password-reset (public): POST {email} mails a single-use link (always 201, whether or not the
 * address is known); GET /:token checks a link; POST {token, password} sets the password, uses the
 * token up and revokes the user's sessions.
 */
export class PasswordResetService {
  constructor(private ctx: MailCtx) {}

  async get(token: unknown) {
    const row = await liveToken(this.ctx.db, this.ctx.now(), "reset", String(token));
    return { valid: true, email: row.email, expiresAt: row.expires_at };
  }

  async create(data: unknown, params: Params = {}) {
    const body = bodyOf(data);
    const { db } = this.ctx;
    const now = this.ctx.now();
    if ("token" in body) {
      const input = parseOr400(z.object({ token: z.string().min(1).max(200), password }).strict(), body);
      const row = await liveToken(db, now, "reset", input.token);
      const hash = await hashPassword(input.password);
      await db.transaction(async (trx) => {
        if (!(await useToken(trx, row, now))) throw new Gone("This link has already been used");
        await trx("users").where("id", row.user_id).update({ password_hash: hash });
        await voidResetLinks(trx, row.user_id, now);
        await trx("auth_sessions")
          .where("user_id", row.user_id)
          .whereNull("revoked_at")
          .update({ revoked_at: now.toISOString() });
      });
      return { reset: true };
    }
    const input = parseOr400(z.object({ email }).strict(), body);
    const within = await takeAll(
      db,
      [
        [`reset:address:${clientAddressOf(params)}`, RESET_LIMITS.address],
        [`reset:email:${input.email}`, RESET_LIMITS.email],
      ],
      now,
    );
    const user =
      within.ok && (await db("users").whereRaw("lower(email) = ?", [input.email]).where("is_inactive", false).first());
    if (user) await db.transaction((trx) => mailResetLink(trx, this.ctx.portalUrl, user, now));
    // the same answer whether the address is known, unknown or over a limit
    return { sent: true };
  }
}

/**
 * A new 1-hour reset link for the user, mailed (outbox); their older unused links are voided. Run it in a transaction.
 * The reset request above and the admin's "send a password reset" (decision 127) both send it.
 */
export async function mailResetLink(
  trx: Knex,
  portalUrl: string,
  user: { id: number; email: string },
  now: Date,
): Promise<void> {
  const { token, hash } = newToken();
  await voidResetLinks(trx, user.id, now);
  await trx("password_tokens").insert({
    type: "reset",
    token_hash: hash,
    user_id: user.id,
    email: user.email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
  });
  await writeMail(
    trx,
    now,
    user.email,
    renderMail("reset", { email: user.email, link: portalLink(portalUrl, `/customer/reset-password/${token}`) }),
  );
}
