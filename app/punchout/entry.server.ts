import { data, redirect } from "@remix-run/node";
import { checkMaintenance, isPrefetch } from "~/auth/require-user.server";
import { commitSession, getSession, newSession, type PunchoutState } from "~/session/session.server";
import { allowFrameAncestor, formTargetOrigin } from "~/http/form-action.server";
import { getUpstreamSession } from "~/upstream/auth.server";
import { createUpstreamClient } from "~/upstream/client.server";
import { isRefusal } from "~/upstream/errors.server";
import { endSessionQuietly, punchoutOciLogin, punchoutStart, type PunchoutStart } from "~/upstream/punchout.server";
import { parseOciLogin } from "./oci.server";
import { countOf } from "~/domain/plural";

// The browser's ways into a punchout session (decision 109): the OCI log-in, and the single-use start link that a
// setup response or the OCI log-in leads to. Refusals are pages of their own (the routes' ErrorBoundary), which any
// procurement system may frame: they have nothing to click.

export type OciRefusal = { kind: "refused"; message: string } | { kind: "invalid"; problems: string[] };
export type StartRefusal = { kind: "start"; status: number; message: string };

/** An OCI form post is a handful of short fields; anything much bigger is not one. */
const MAX_OCI_BODY_BYTES = 64 * 1024;

function refuse<T>(request: Request, refusal: T, status: number, headers: Record<string, string> = {}): never {
  allowFrameAncestor(request, "*");
  throw data(refusal, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** The fields of an OCI log-in: the query string of a GET; a POST's form fields, then its query string. */
async function ociFields(request: Request, query: URLSearchParams | null): Promise<URLSearchParams> {
  if (query) return query;
  const fields = new URLSearchParams();
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_OCI_BODY_BYTES) {
    refuse<OciRefusal>(
      request,
      { kind: "invalid", problems: ["The log-in form is too large to be an OCI log-in."] },
      400,
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuse<OciRefusal>(
      request,
      { kind: "invalid", problems: ["The log-in could not be read: send the OCI fields as a form."] },
      400,
    );
  }
  for (const [name, value] of form.entries()) if (typeof value === "string") fields.append(name, value);
  for (const [name, value] of new URL(request.url).searchParams) fields.append(name, value);
  return fields;
}

/**
 * GET|POST /punchout/oci: reads the log-in, has the provider check it, and sends the browser to its start link
 * (303). Throws that redirect, or a refusal: 401 for missing or wrong credentials, 400 for fields the portal cannot
 * use (a HOOK_URL that is not http(s)), 429 with Retry-After when the provider's limits say so.
 */
export async function ociLogIn(request: Request, query: URLSearchParams | null, clientIp?: string): Promise<never> {
  await checkMaintenance(request);
  const parsed = parseOciLogin(await ociFields(request, query));
  if (!parsed.ok) {
    if (parsed.status === 401) {
      refuse<OciRefusal>(
        request,
        { kind: "refused", message: "The log-in did not include a user name and password." },
        401,
      );
    }
    refuse<OciRefusal>(request, { kind: "invalid", problems: Object.values(parsed.errors) }, 400);
  }
  let startToken: string;
  try {
    ({ startToken } = await punchoutOciLogin(request, parsed.login, clientIp));
  } catch (error) {
    if (isRefusal(error, 401))
      refuse<OciRefusal>(request, { kind: "refused", message: "The user name or password was not accepted." }, 401);
    if (isRefusal(error, 429)) {
      const retry: Record<string, string> =
        error.retryAfter === null ? {} : { "Retry-After": String(error.retryAfter) };
      refuse<OciRefusal>(request, { kind: "refused", message: error.message }, 429, retry);
    }
    if (isRefusal(error, 400)) refuse<OciRefusal>(request, { kind: "invalid", problems: [error.message] }, 400);
    throw error;
  }
  throw redirect(`/punchout/start/${encodeURIComponent(startToken)}`, {
    status: 303,
    headers: { "Cache-Control": "no-store" },
  });
}

// the provider's start tokens are 256 random bits in base64url (decision 107); anything else is no token of ours
const START_TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

const LINK_SPENT = "This punchout link has expired or has already been used. Start again from your procurement system.";
const PROFILE_OFF =
  "Punchout is no longer switched on for your organisation's procurement system. Ask your purchasing administrator.";

/**
 * GET /punchout/start/{token}: redeems the token once and opens a NEW portal session inside the punchout session
 * (whatever session this browser had is replaced and its provider session revoked), then 303 to the basket (edit,
 * inspect) or the dashboard (create). Not on a prefetch, which would spend the token before the visit.
 */
export async function startPunchout(request: Request, token: string | undefined, clientIp?: string): Promise<never> {
  if (isPrefetch(request)) {
    throw new Response("A punchout link is opened only when it is followed.", {
      status: 425,
      headers: { "Cache-Control": "no-store" },
    });
  }
  if (!token || !START_TOKEN.test(token))
    refuse<StartRefusal>(request, { kind: "start", status: 404, message: LINK_SPENT }, 404);
  await checkMaintenance(request);
  let started: PunchoutStart;
  try {
    started = await punchoutStart(request, token, clientIp);
  } catch (error) {
    if (isRefusal(error, 400, 404, 410)) {
      const status = error.status === 400 ? 404 : error.status;
      refuse<StartRefusal>(request, { kind: "start", status, message: LINK_SPENT }, status);
    }
    if (isRefusal(error, 403)) refuse<StartRefusal>(request, { kind: "start", status: 403, message: PROFILE_OFF }, 403);
    throw error;
  }

  await revokeEarlierSession(request);
  const client = createUpstreamClient(request, started.accessToken);
  const upstreamSession = await getUpstreamSession(client);
  const { punchoutSession } = started;
  const punchout: PunchoutState = {
    id: punchoutSession.id,
    protocol: punchoutSession.protocol,
    operation: punchoutSession.operation,
    orderingAllowed: punchoutSession.orderingAllowed,
    returnOrigin: punchoutSession.returnUrl ? formTargetOrigin(punchoutSession.returnUrl) : null,
  };
  const session = await newSession();
  session.set("token", started.accessToken);
  if (upstreamSession.selectedCustomer) {
    session.set("customerId", upstreamSession.selectedCustomer.internalId);
    session.set("contactId", upstreamSession.selectedCustomer.contactId);
  }
  session.set("punchout", punchout);
  const unknown = unknownItemsToast(punchoutSession.unknownItems);
  if (unknown) session.flash("toast", { kind: "info", message: unknown });
  const target = punchout.operation === "create" ? "/" : "/basket";
  throw redirect(
    upstreamSession.selectedCustomer ? target : `/select-your-customer?redirect=${encodeURIComponent(target)}`,
    {
      status: 303,
      headers: { "Set-Cookie": await commitSession(session), "Cache-Control": "no-store" },
    },
  );
}

/** The provider session of the session this browser had before, ended: nothing of it is kept. */
async function revokeEarlierSession(request: Request): Promise<void> {
  const earlier = (await getSession(request)).get("token");
  if (earlier) await endSessionQuietly(request, earlier);
}

/** The toast naming the ItemOut lines an edit or inspect could not put in the basket, or null when there are none. */
export function unknownItemsToast(items: PunchoutStart["punchoutSession"]["unknownItems"]): string | null {
  if (items.length === 0) return null;
  const SHOWN = 5;
  const named = items.slice(0, SHOWN).map((item) => {
    const part = [item.supplierPartId, item.supplierPartAuxiliaryId].filter(Boolean).join(" ");
    return item.description ? `${item.description} (${part})` : part;
  });
  const more = items.length > SHOWN ? ` and ${items.length - SHOWN} more` : "";
  const are = items.length === 1 ? ["is", "was"] : ["are", "were"];
  return `${countOf(items.length, "item")} from your procurement system ${are[0]} not in the catalogue and ${are[1]} left out of the basket: ${named.join(", ")}${more}.`;
}
