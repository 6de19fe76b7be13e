import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import type { IncomingMessage } from "node:http";
import { isUpstreamIdValue } from "../app/domain/id-rule";
import { authenticate } from "@feathersjs/authentication";
import { BadRequest, Conflict, FeathersError, Forbidden, GeneralError, NotFound } from "@feathersjs/errors";
import { feathers, type HookContext } from "@feathersjs/feathers";
import { bodyParser, koa, rest, type Application } from "@feathersjs/koa";
import type { Knex } from "knex";
import { ProviderAuthenticationService } from "./auth/authentication";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies, resolveClientAddress } from "./auth/client-address";
import { registerServices, PUBLIC_SERVICES } from "./services/register";
import type { Ctx } from "./services/base";
import { ADMIN_REFUSAL } from "./services/admin-common";
import { auditWrites } from "./services/admin-audit";
import { isAdminPath, registerAdmin } from "./services/admin-register";
import { PromotionService } from "./services/admin-promo";
import { attachBackgroundWork, createBackgroundWork } from "./services/background";
import { erpSourceFor } from "./services/erp-feed";
import { imageBodyReader } from "./services/promotion-images";
import { DEFAULT_ERP_FEED_DIR, DEFAULT_PORTAL_URL } from "./config";
import { NO_MAIL, type MailConfig } from "./services/mail-config";
import { redactUrl } from "../app/domain/operations";
import { GRANTING_PERMISSIONS } from "../app/domain/permissions";
import { logger } from "./log";
import { providerQueues } from "./services/queue-metrics";
import { accessLog, operationsRoutes } from "./operations";
import { changeRoutes } from "./changes";

export interface ProviderAppOptions {
  db: Knex;
  now?: () => Date;
  sessionIdleMinutes?: number;
  sessionMaxHours?: number;
  /** Base URL of the portal, for links in e-mails (reset, invitation). */
  portalUrl?: string;
  log?: (message: string) => void;
  /** Whose X-Forwarded-For names the client (PROVIDER_TRUSTED_PROXIES; default loopback): the log-in and reset limits count by it. */
  trustedProxies?: string;
  /**
   * Whether this process runs the queues — report tasks, ERP imports, e-mails (decision 152): true (the default) for
   * the roles `all` and `worker`, false for `api`. The one switch every queue obeys (server/services/background.ts).
   */
  backgroundWork?: boolean;
  /** a report run longer than this fails (PROVIDER_REPORT_TIMEOUT_SECONDS; default 60 s) */
  reportTimeoutMs?: number;
  /** where the ERP import reads its feed (ERP_FEED_DIR; default data/erp-feed) */
  erpFeedDir?: string;
  /** SMTP_URL and MAIL_FROM (decision 147; default: none, so nothing is sent and the outbox only fills) */
  mail?: MailConfig;
  /** Bearer token for /metrics (METRICS_TOKEN); unset, loopback only (decision 145). */
  metricsToken?: string;
}

export type ProviderApp = Application;

/** JSON bodies (every client call) and form bodies (none expected) are counted as read, chunked or not (decision 150). */
export const PROVIDER_JSON_LIMIT = 1024 * 1024;
const PROVIDER_FORM_LIMIT = 100 * 1024;
const PROVIDER_TEXT_LIMIT = 100 * 1024;

/** How long a refused connection stays open, unread, before it is closed. */
const LINGER_MS = 5_000;

/** raw-body's refusal of a body past its limit (it stops reading there): 413, never a 400 or a 500. */
const isTooLarge = (error: any) => error?.status === 413 || error?.type === "entity.too.large";

/** Constraint and conversion errors of SQLite / PostgreSQL → 400 / 409; anything else stays a 500. */
export function mapDbError(error: any): FeathersError | undefined {
  const code = String(error?.code ?? "");
  if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return new Conflict("This record already exists");
  }
  if (code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY")
    return new BadRequest("A referenced record does not exist");
  if (
    code.startsWith("22") ||
    code.startsWith("SQLITE_CONSTRAINT") ||
    code === "SQLITE_MISMATCH" ||
    code === "SQLITE_TOOBIG"
  ) {
    return new BadRequest("Invalid value");
  }
  return undefined;
}

export function createProviderApp(options: ProviderAppOptions): ProviderApp {
  const now = options.now ?? (() => new Date());
  const ctx: Ctx & { portalUrl: string } = {
    db: options.db,
    now,
    portalUrl: options.portalUrl ?? DEFAULT_PORTAL_URL,
  };
  const log = options.log;
  const erpSource = erpSourceFor(options.db, options.erpFeedDir ?? DEFAULT_ERP_FEED_DIR);
  const app: ProviderApp = koa(feathers());
  const proxies = parseTrustedProxies(options.trustedProxies ?? DEFAULT_TRUSTED_PROXIES);
  const clientAddressOf = ({ req }: { req: IncomingMessage }) =>
    resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], proxies);

  // Koa's own errors (a client that went away mid-body, a socket error) go to the one logger, not stderr; one the
  // client caused is no failure of ours, and the access line already says it was cancelled (decision 144)
  app.on("error", (error: any, koaCtx?: { state?: { requestId?: string }; req?: IncomingMessage }) => {
    const reqId = koaCtx?.state?.requestId;
    const code = String(error?.code ?? "");
    if (koaCtx?.req?.destroyed || code.startsWith("HPE_") || ["ECONNRESET", "ECONNABORTED", "EPIPE"].includes(code))
      logger.debug({ reqId, err: error }, "the client went away");
    else logger.error({ reqId, err: error }, "unexpected error outside the services");
  });
  // the request id and access line (decision 144); health and metrics ahead of sessions and services (decision 145)
  app.use(accessLog());
  // every queue's depth and oldest age, read at each scrape (server/metrics.ts)
  const queues = providerQueues(options.db, now);
  app.use(
    operationsRoutes({
      db: options.db,
      queues,
      metricsToken: options.metricsToken,
      clientAddress: clientAddressOf,
    }),
  );

  // the change generation portals poll, moved on by every write (decision 157)
  app.use(changeRoutes(options.db));

  app.set("authentication", {
    secret: randomBytes(32).toString("hex"), // unused: tokens are opaque session ids, not JWTs
    entity: null,
    authStrategies: ["local", "session"],
    parseStrategies: ["session"],
    local: { usernameField: "email", passwordField: "password", entity: "user" },
  });

  // errors → Feathers JSON; never a 500 for what the client sent
  app.use(async (koaCtx, next) => {
    try {
      await next();
      if (koaCtx.body === undefined && koaCtx.status === 404) throw new NotFound(`Path ${koaCtx.path} not found`);
    } catch (raw: any) {
      let error: FeathersError;
      if (isTooLarge(raw)) {
        error = new FeathersError("The request body is too large", "PayloadTooLarge", 413, "payload-too-large", {});
        // the rest of the body stays unread: the connection ends with this answer instead of being read on; ended,
        // not reset at once, so a client still sending reads the 413 first (decision 150, as the portal does)
        koaCtx.set("Connection", "close");
        const socket = koaCtx.req.socket as Socket & { destroySoon?: () => void };
        socket.destroySoon = () => {
          socket.end();
          setTimeout(() => socket.destroy(), LINGER_MS).unref();
        };
      } else if (raw instanceof FeathersError) error = raw;
      else if (mapDbError(raw)) error = mapDbError(raw)!;
      else if (typeof raw?.status === "number" && raw.status >= 400 && raw.status < 500)
        error = new BadRequest(raw.message || "Bad request");
      else {
        const where = {
          reqId: koaCtx.state.requestId,
          method: koaCtx.method,
          path: redactUrl(koaCtx.originalUrl, "all"),
        };
        if (log) log(`provider: unexpected error on ${koaCtx.method} ${where.path}: ${raw?.stack ?? raw}`);
        else logger.error({ ...where, err: raw }, "unexpected error");
        error = new GeneralError("Internal error");
      }
      koaCtx.status = error.code;
      koaCtx.body = error.toJSON();
      // a 429 says when to come back (decision 027)
      const retryAfter = (error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (error.code === 429 && typeof retryAfter === "number") koaCtx.set("Retry-After", String(retryAfter));
    }
  });
  // every REST call's params carry the client's address, through trusted proxies only (decision 027)
  app.use(async (koaCtx, next) => {
    const clientAddress = clientAddressOf(koaCtx);
    koaCtx.feathers = { ...koaCtx.feathers, clientAddress } as typeof koaCtx.feathers;
    await next();
  });
  // a promotion image's bytes (decision 165): read as bytes, within their own limit, before the JSON parser
  app.use(imageBodyReader());
  app.use(
    bodyParser({ jsonLimit: PROVIDER_JSON_LIMIT, formLimit: PROVIDER_FORM_LIMIT, textLimit: PROVIDER_TEXT_LIMIT }),
  );
  app.configure(rest());

  const policy = {
    now,
    idleMs: (options.sessionIdleMinutes ?? 60) * 60_000,
    maxMs: (options.sessionMaxHours ?? 12) * 3_600_000,
  };
  app.use("api/authentication", new ProviderAuthenticationService(app, { db: options.db, policy }));
  const work =
    options.backgroundWork === false
      ? null
      : createBackgroundWork(ctx, {
          reportTimeoutMs: options.reportTimeoutMs,
          erpSource,
          mail: options.mail ?? NO_MAIL,
          log,
        });
  attachBackgroundWork(app, work);
  registerServices(app, ctx, work);
  registerAdmin(app, ctx, { erpSource, work });
  // the dashboard's live promotions for the caller's customer (issue 21, decision 131)
  app.use("api/promotion", new PromotionService(ctx) as any, { methods: ["find"] });

  const requireSession = authenticate("session");
  app.hooks({
    before: {
      all: [
        async (context: HookContext) => {
          if (context.path === "api/authentication" || PUBLIC_SERVICES.has(context.path)) return;
          await requireSession(context);
          if (!context.params.caller) throw new Forbidden("Not authenticated");
          // the admin area: provider staff only, on every call (decision 127); its customerId is a filter
          if (isAdminPath(context.path)) {
            if (!context.params.caller.isEvolveUser) throw new Forbidden(ADMIN_REFUSAL);
            return;
          }
          await actAsCustomer(context, options.db);
        },
      ],
    },
    // admin writes and writes under an act-as session are audited (decision 127)
    after: { all: [auditWrites(ctx)] },
  });
  return app;
}

/** Evolve users may add `customerId` to any call to act for that customer; nobody else may. */
async function actAsCustomer(context: HookContext, db: Knex): Promise<void> {
  const query = context.params.query;
  if (!query || !Object.hasOwn(query, "customerId")) return;
  const { customerId, ...rest } = query;
  context.params.query = rest;
  const caller = context.params.caller;
  if (!isUpstreamIdValue(String(customerId)))
    throw new BadRequest("Invalid query parameter 'customerId'", { field: "customerId" });
  const id = Number(customerId);
  if (!caller.isEvolveUser) {
    if (id === caller.customerId) return;
    throw new Forbidden("Only provider staff may act for another customer");
  }
  if (!(await db("customers").where("id", id).first("id"))) throw new NotFound(`Customer '${id}' not found`);
  context.params.caller = {
    ...caller,
    customerId: id,
    contactId: null,
    // every permission that grants something (app/domain/permissions.ts, decision 172)
    permissions: [...GRANTING_PERMISSIONS],
    isApprover: true,
  };
}
