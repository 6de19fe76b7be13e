import { z } from "zod";
import { orNull, orBlank } from "./schemas";
import { upstreamId as id } from "~/domain/upstream-id";
import type { CxmlAddress, OciLogin, OrderRequest, SetupRequest } from "~/domain/punchout-documents";
import { forwardedFor, revokeAuthentication } from "./auth.server";
import { createUpstreamClient } from "./client.server";
import { logFailure, UpstreamError } from "./errors.server";

// The punchout entry points (docs/upstream-api.md "Punchout"; issue 16 items 1, 2, 3 and 7): called without a
// provider session, server to server. The provider checks the shared secret or the start token; its limits count
// the procurement system's address, forwarded as for log-in (decision 107).

/** What the provider allows of a setup request (server/services/punchout.ts setupSchema): longer lists are cut. */
export const SETUP_LIMITS = { streets: 5, extrinsics: 50, items: 500 } as const;

const StartTokenSchema = z.object({ sessionId: id, startToken: z.string().min(1), expiresAt: z.string() });

const UnknownItemSchema = z.object({
  supplierPartId: z.string(),
  supplierPartAuxiliaryId: orBlank,
  description: orBlank,
});

const StartSchema = z.object({
  accessToken: z.string().min(1),
  punchoutSession: z.object({
    id,
    protocol: z.enum(["cxml", "oci"]),
    operation: z.enum(["create", "edit", "inspect"]),
    returnUrl: orNull(z.string()),
    orderingAllowed: z.boolean().default(false),
    unknownItems: z.array(UnknownItemSchema).default([]),
  }),
});
export type PunchoutStart = z.output<typeof StartSchema>;

const OrderAnswerSchema = z.object({
  orderId: id,
  orderNumber: orBlank,
  duplicate: z.boolean().default(false),
});

const EMAIL = z.string().email().max(254);

/** A cXML address as the provider takes it: empty fields left out, its lists cut to what it keeps. */
function addressBody(address: CxmlAddress) {
  const body = {
    addressId: address.addressId,
    name: address.name,
    deliverTo: address.deliverTo.slice(0, SETUP_LIMITS.streets),
    street: address.street.slice(0, SETUP_LIMITS.streets),
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
    countryName: address.countryName,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== ""));
}

/** The body of POST /api/punchout/setup for a parsed PunchOutSetupRequest. */
export function setupBody(request: SetupRequest) {
  const name = request.contact?.name || undefined;
  // a contact e-mail the provider would refuse is dropped rather than failing the whole setup
  const email =
    request.contact?.email && EMAIL.safeParse(request.contact.email).success ? request.contact.email : undefined;
  return {
    protocol: "cxml" as const,
    fromIdentity: request.from.identity,
    senderIdentity: request.sender.identity,
    sharedSecret: request.sender.sharedSecret,
    ...(request.to.identity ? { toIdentity: request.to.identity } : {}),
    operation: request.operation,
    buyerCookie: request.buyerCookie,
    returnUrl: request.browserFormPostUrl,
    ...(name || email ? { contact: { ...(name ? { name } : {}), ...(email ? { email } : {}) } } : {}),
    ...(request.shipTo ? { shipTo: addressBody(request.shipTo) } : {}),
    extrinsics: Object.fromEntries(Object.entries(request.extrinsics).slice(0, SETUP_LIMITS.extrinsics)),
    items: request.items.slice(0, SETUP_LIMITS.items),
  };
}

/** The body of POST /api/punchout/order (contract 6) for a parsed OrderRequest. */
export function orderBody(order: OrderRequest) {
  return {
    fromIdentity: order.from.identity,
    senderIdentity: order.sender.identity,
    sharedSecret: order.sender.sharedSecret,
    ...(order.to.identity ? { toIdentity: order.to.identity } : {}),
    orderId: order.orderId,
    payloadId: order.payloadId,
    orderDate: order.orderDate,
    totalPence: order.totalPence,
    ...(order.shipTo ? { shipTo: addressBody(order.shipTo) } : {}),
    items: order.items.map((item) => ({
      lineNumber: item.lineNumber,
      supplierPartId: item.supplierPartId,
      ...(item.supplierPartAuxiliaryId ? { supplierPartAuxiliaryId: item.supplierPartAuxiliaryId } : {}),
      quantity: item.quantity,
      unitPricePence: item.unitPricePence,
      ...(item.description ? { description: item.description } : {}),
    })),
  };
}

/**
 * A call without a provider session. The shared client answers any 401 with the way to the log-in page (a redirect
 * that also clears the cookie); for these callers a 401 is the refusal of their secret, so it becomes an
 * UpstreamError 401 with the provider's one wording (decision 107).
 */
async function publicCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Response && !(error instanceof UpstreamError) && error.status >= 300 && error.status < 400) {
      throw new UpstreamError(401, "Invalid punchout credentials");
    }
    throw error;
  }
}

// POST /api/punchout/setup — the cXML credentials and what the PunchOutSetupRequest said → a start token
export function punchoutSetup(request: Request, setup: SetupRequest, clientIp?: string) {
  const client = createUpstreamClient(request, null);
  return publicCall(() =>
    client.post("/api/punchout/setup", StartTokenSchema, { body: setupBody(setup), headers: forwardedFor(clientIp) }),
  );
}

// POST /api/punchout/oci-login — an OCI log-in → a start token
export function punchoutOciLogin(request: Request, login: OciLogin, clientIp?: string) {
  const client = createUpstreamClient(request, null);
  const body = {
    username: login.username,
    password: login.password,
    hookUrl: login.hookUrl,
    target: login.target,
    okCode: login.okCode,
    ...(login.caller ? { caller: login.caller } : {}),
  };
  return publicCall(() =>
    client.post("/api/punchout/oci-login", StartTokenSchema, { body, headers: forwardedFor(clientIp) }),
  );
}

// POST /api/punchout/start {token} — redeems the single-use start token: a provider session inside the punchout
export function punchoutStart(request: Request, token: string, clientIp?: string) {
  const client = createUpstreamClient(request, null);
  return publicCall(() =>
    client.post("/api/punchout/start", StartSchema, { body: { token }, headers: forwardedFor(clientIp) }),
  );
}

// POST /api/punchout/order — a cXML OrderRequest for a transferred basket → the order (idempotent on orderID + payloadID)
export function punchoutOrder(request: Request, order: OrderRequest, clientIp?: string) {
  const client = createUpstreamClient(request, null);
  return publicCall(() =>
    client.post("/api/punchout/order", OrderAnswerSchema, { body: orderBody(order), headers: forwardedFor(clientIp) }),
  );
}

// DELETE /api/authentication with an earlier session's token, when /punchout/start replaces that session: already
// ended (the client's way to the log-in page) or the provider not answering, the new session replaces it anyway
export async function endSessionQuietly(request: Request, token: string): Promise<void> {
  try {
    await revokeAuthentication(createUpstreamClient(request, token));
  } catch (error) {
    if (!(error instanceof Response && error.status < 400))
      logFailure(request, "punchout start: the earlier session was not revoked", error, "warn");
  }
}
