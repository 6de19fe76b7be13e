import { BadRequest } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../app/domain/password";
import { clientAddressOf } from "../auth/client-address";
import { underLoginLimits } from "../auth/limits";
import { TooManyRequests } from "@feathersjs/errors";
import { LOGIN_REASONS, recordLoginAttempt } from "../auth/login-attempts";
import { hashPassword, verifyPassword } from "../auth/password";
import { parseOr400 } from "./basket-session";
import { bodyOf, callerOf, type Ctx, type ProviderParams } from "./base";

const passwordChange = z
  .object({
    currentPassword: z.string().min(1, "enter your current password").max(PASSWORD_MAX_LENGTH),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .strict();

/** Revokes the user's live sessions, all of them or all but one; answers how many. */
async function revokeSessions(db: Knex, userId: number, now: Date, except?: number): Promise<number> {
  const q = db("auth_sessions").where("user_id", userId).whereNull("revoked_at");
  return (await (except === undefined ? q : q.whereNot("id", except)).update({
    revoked_at: now.toISOString(),
  })) as number;
}

/**
 * POST /api/password-change {currentPassword, newPassword} (any logged-in user; decision 112). The current password
 * is checked under the log-in limits (decision 027: the same keys, per client address and e-mail and per client
 * address), so a stolen session cannot guess its way to the password any faster than the log-in page allows; a wrong
 * one is a 400 at currentPassword and counted, over the limit a 429 with retryAfterSeconds. On success the password
 * is changed, the user's unused reset links are voided and every other session of the user is revoked; the caller's
 * own continues.
 */
export class PasswordChangeService {
  constructor(private ctx: Ctx) {}

  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const input = parseOr400(passwordChange, bodyOf(data));
    const { db } = this.ctx;
    const now = this.ctx.now();
    const email = caller.email.trim().toLowerCase();
    const address = clientAddressOf(params);
    const attempt = (reason: string) =>
      recordLoginAttempt(db, params, { email, at: now, success: false, userId: caller.userId, reason });
    await underLoginLimits(
      db,
      now,
      {
        perName: `login:address+email:${address}|${email}`,
        perAddress: `login:address:${address}`,
        refusal: "Too many wrong passwords.",
        onFailure: () => attempt(LOGIN_REASONS.wrongCurrentPassword),
      },
      async () => {
        const user = await db("users").where("id", caller.userId).first("id", "password_hash");
        if (!user || !(await verifyPassword(input.currentPassword, user.password_hash))) {
          throw new BadRequest(`Invalid value at field "currentPassword": The current password is not right`, {
            field: "currentPassword",
          });
        }
      },
    ).catch(async (error) => {
      if (error instanceof TooManyRequests) await attempt(LOGIN_REASONS.rateLimitedPasswordChange);
      throw error;
    });
    const hash = await hashPassword(input.newPassword);
    await db.transaction(async (trx) => {
      await trx("users").where("id", caller.userId).update({ password_hash: hash });
      await trx("password_tokens")
        .where({ type: "reset", user_id: caller.userId })
        .whereNull("used_at")
        .where("expires_at", ">", now.toISOString())
        .update({ expires_at: now.toISOString() });
      await revokeSessions(trx, caller.userId, now, caller.sessionId);
    });
    return { changed: true };
  }
}

/** POST /api/sign-out-everywhere {} (any logged-in user; decision 112): every session of the user ends, the caller's too. */
export class SignOutEverywhereService {
  constructor(private ctx: Ctx) {}

  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    parseOr400(z.object({}).strict(), bodyOf(data ?? {}));
    return { revoked: await revokeSessions(this.ctx.db, caller.userId, this.ctx.now()) };
  }
}
