/**
 * Punchout in the provider (issue 16 items 9 and 1–3, decision 107): profiles are checked here, a punchout session
 * is recorded with a single-use start token, and redeeming the token opens a provider session for the profile's
 * user with `punchout_session` set. The portal parses the cXML / OCI messages and calls these server to server.
 *
 * POST /api/punchout/setup      cXML credentials + what the PunchOutSetupRequest said → 201 {sessionId, startToken, expiresAt}
 * POST /api/punchout/oci-login  OCI USERNAME / PASSWORD / HOOK_URL → the same
 * POST /api/punchout/start      {token} → 201 {accessToken, punchoutSession}; 404 unknown, 410 used or expired
 * GET  /api/punchout/session    (authenticated) the caller's punchout session; 404 for any other caller
 * The session's basket, transfer, cancel, transfers list and OrderRequest: ./transfer.ts and beside it (decision 110).
 */
import type { Params } from "@feathersjs/feathers";
import type { Application } from "@feathersjs/koa";
import { type ProviderAuthenticationService } from "../../auth/authentication";
import { bodyOf } from "../base";
import { parseOr400 } from "../basket-session";
import type { OrderMailCtx } from "../orders/notifications";
import { duplicateIs200, placeOrderRequest } from "./order-request";
import { orderRequestSchema } from "./schemas";
import { cxmlProfile, PunchoutOciLoginService, PunchoutSetupService } from "./setup";
import { PunchoutSessionService, PunchoutStartService } from "./start";
import { PunchoutCancelService, PunchoutTransferService } from "./transfer";

/** The services callable without a provider session (they authenticate by shared secret or start token). */
export const PUNCHOUT_PUBLIC_SERVICES = [
  "api/punchout/setup",
  "api/punchout/oci-login",
  "api/punchout/start",
  "api/punchout/order",
];

/** POST /api/punchout/order — a cXML OrderRequest for a transferred basket, as the portal parsed it. */
export class PunchoutOrderService {
  constructor(private ctx: OrderMailCtx) {}
  async create(data: unknown, params: Params = {}) {
    const body = parseOr400(orderRequestSchema, bodyOf(data));
    const profile = await cxmlProfile(this.ctx, params, body);
    return placeOrderRequest(this.ctx, profile, body);
  }
}

/** Registers the punchout services (called from registerServices). */
export function registerPunchout(app: Application, ctx: OrderMailCtx): void {
  const auth = () => app.service("api/authentication") as unknown as ProviderAuthenticationService;
  app.use("api/punchout/setup", new PunchoutSetupService(ctx) as any, { methods: ["create"] });
  app.use("api/punchout/oci-login", new PunchoutOciLoginService(ctx) as any, { methods: ["create"] });
  app.use("api/punchout/start", new PunchoutStartService(ctx, auth) as any, { methods: ["create"] });
  app.use("api/punchout/session", new PunchoutSessionService(ctx) as any, { methods: ["find"] });
  app.use("api/punchout/transfer", new PunchoutTransferService(ctx) as any, { methods: ["create", "find"] });
  app.use("api/punchout/cancel", new PunchoutCancelService(ctx) as any, { methods: ["create"] });
  app.use("api/punchout/order", new PunchoutOrderService(ctx) as any, { methods: ["create"] });
  app.service("api/punchout/order").hooks({ after: { create: [duplicateIs200] } });
}
