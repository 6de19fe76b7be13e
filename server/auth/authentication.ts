import type { IncomingMessage } from "node:http";
import {
  AuthenticationBaseStrategy,
  AuthenticationService,
  type AuthenticationRequest,
  type AuthenticationResult,
} from "@feathersjs/authentication";
import { LocalStrategy } from "@feathersjs/authentication-local";
import { BadRequest, NotAuthenticated, TooManyRequests } from "@feathersjs/errors";
import type { Params } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { callerFromToken, type SessionPolicy } from "./caller";
import { clientAddressOf } from "./client-address";
import { sweep, underLoginLimits } from "./limits";
import { hashPassword, newToken, verifyPassword } from "./password";
import { LOGIN_REASONS, recordLoginAttempt } from "./login-attempts";

const INVALID_LOGIN = "Invalid email or password";

/** Why a log-in failed, for the log-in history only (decision 127): kept on the error, never in its JSON answer. */
const WHY = Symbol("why the log-in failed");
type Why = { reason: string; userId: number | null };
function refused(reason: string, userId: number | null): NotAuthenticated {
  return Object.assign(new NotAuthenticated(INVALID_LOGIN), { [WHY]: { reason, userId } satisfies Why });
}
const whyOf = (error: unknown): Why =>
  (error as { [WHY]?: Why } | null)?.[WHY] ?? { reason: LOGIN_REASONS.wrongPassword, userId: null };

export interface AuthDeps {
  db: Knex;
  policy: SessionPolicy;
}

/** Local (email + password) strategy with scrypt hashes read straight from the users table. */
class ScryptLocalStrategy extends LocalStrategy {
  constructor(private deps: AuthDeps) {
    super();
  }
  async findEntity(email: string) {
    if (typeof email !== "string" || !email) throw new NotAuthenticated(INVALID_LOGIN);
    const user = await this.deps.db("users").whereRaw("lower(email) = ?", [email.trim().toLowerCase()]).first();
    if (!user || user.is_inactive) {
      await verifyPassword("timing", await DUMMY_HASH); // same cost whether or not the user exists
      throw user ? refused(LOGIN_REASONS.inactiveUser, user.id) : refused(LOGIN_REASONS.unknownEmail, null);
    }
    return user;
  }
  async comparePassword(user: { id: number; password_hash: string | null }, password: string) {
    if (typeof password !== "string" || !(await verifyPassword(password, user.password_hash))) {
      throw refused(LOGIN_REASONS.wrongPassword, user.id);
    }
    return user;
  }
  async getEntity(user: unknown) {
    return user;
  }
  async hashPassword(password: string) {
    return hashPassword(password);
  }
}
const DUMMY_HASH = hashPassword("not-a-real-password");

/** Bearer tokens naming a row of auth_sessions. */
class SessionTokenStrategy extends AuthenticationBaseStrategy {
  constructor(private deps: AuthDeps) {
    super();
  }
  async parse(req: IncomingMessage) {
    const header = req.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.trim().split(/\s+/);
    if (!/^bearer$/i.test(scheme) || !token) return null;
    return { strategy: this.name!, accessToken: token };
  }
  async authenticate(authentication: AuthenticationRequest) {
    const token = authentication.accessToken;
    if (typeof token !== "string" || !token) throw new NotAuthenticated("Not authenticated");
    const caller = await callerFromToken(this.deps.db, this.deps.policy, token);
    return { authentication: { strategy: this.name!, accessToken: token }, caller };
  }
}

export const publicUser = (u: { id: number; email: string; first_name: string; last_name: string }) => ({
  id: u.id,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
});

/**
 * POST /api/authentication creates a server-side session and answers its opaque token (never a JWT);
 * DELETE /api/authentication revokes the caller's session.
 */
export class ProviderAuthenticationService extends AuthenticationService {
  constructor(
    app: any,
    private deps: AuthDeps,
  ) {
    super(app);
    this.register("local", new ScryptLocalStrategy(deps));
    this.register("session", new SessionTokenStrategy(deps));
  }

  async create(data: AuthenticationRequest, params: Params = {}): Promise<AuthenticationResult> {
    if (!data || typeof data !== "object")
      throw new BadRequest("Invalid authentication request", { field: "strategy" });
    if (data.strategy !== "local")
      throw new BadRequest(`Invalid value for 'strategy': use "local"`, { field: "strategy" });
    if (typeof data.email !== "string" || !data.email.trim())
      throw new BadRequest("Invalid value for 'email'", { field: "email" });
    const { db, policy } = this.deps;
    const email = data.email.trim().toLowerCase();
    const now = policy.now();
    // every attempt goes into the log-in history (decision 127)
    if (typeof data.password !== "string") {
      await recordLoginAttempt(db, params, { email, at: now, success: false, reason: LOGIN_REASONS.noPassword });
      throw new BadRequest("Invalid value for 'password'", { field: "password" });
    }
    const address = clientAddressOf(params);
    let result: AuthenticationResult;
    try {
      result = await underLoginLimits(
        db,
        now,
        {
          perName: `login:address+email:${address}|${email}`,
          perAddress: `login:address:${address}`,
          refusal: "Too many failed log-in attempts.",
          onFailure: (error) => recordLoginAttempt(db, params, { email, at: now, success: false, ...whyOf(error) }),
        },
        () => this.authenticate(data, params, "local"),
      );
    } catch (error) {
      if (error instanceof TooManyRequests)
        await recordLoginAttempt(db, params, { email, at: now, success: false, reason: LOGIN_REASONS.rateLimited });
      throw error;
    }
    const user = result.user;
    await sweep(db, now);
    await recordLoginAttempt(db, params, { email, at: now, success: true, userId: user.id });

    const units = await db("user_customers").where("user_id", user.id).select("customer_id", "contact_id");
    const { token, expiresAt } = await this.openSession(db, {
      userId: user.id,
      customerId: units.length === 1 ? units[0].customer_id : null,
      contactId: units.length === 1 ? units[0].contact_id : null,
      // a punchout session comes only from the punchout start (server/services/punchout.ts), never from the log-in body
      punchoutSession: null,
    });
    return { accessToken: token, authentication: { strategy: "local", expiresAt }, user: publicUser(user) };
  }

  /** Writes a new auth_sessions row (with `db`, which may be a transaction) and answers its opaque token. */
  async openSession(
    db: Knex,
    session: { userId: number; customerId: number | null; contactId: number | null; punchoutSession: string | null },
  ): Promise<{ token: string; sessionId: number; expiresAt: string }> {
    const now = this.deps.policy.now();
    const { token, hash } = newToken();
    const expiresAt = new Date(now.getTime() + this.deps.policy.maxMs).toISOString();
    const [row] = await db("auth_sessions")
      .insert({
        token_hash: hash,
        user_id: session.userId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: expiresAt,
        customer_id: session.customerId,
        contact_id: session.contactId,
        punchout_session: session.punchoutSession,
      })
      .returning("id");
    const sessionId = Number(typeof row === "object" && row !== null ? (row as { id: number }).id : row);
    return { token, sessionId, expiresAt };
  }

  async remove(_id: string | null, params: Params = {}): Promise<any> {
    const result = await this.authenticate(params.authentication ?? {}, params, "session");
    await this.deps
      .db("auth_sessions")
      .where("id", result.caller.sessionId)
      .update({ revoked_at: this.deps.policy.now().toISOString() });
    return { revoked: true };
  }
}
