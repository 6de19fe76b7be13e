import { randomBytes } from "node:crypto";
import {
  cxmlPayloadId,
  cxmlTimestamp,
  statusResponse,
  type CxmlStatusCode,
  type MessageIds,
} from "./cxml-messages.server";
import { getCachedMaintenanceStatus } from "~/upstream/auth.server";
import { createUpstreamClient } from "~/upstream/client.server";
import { logFailure, isRefusal } from "~/upstream/errors.server";
import type { CredentialOptions, CxmlParseResult } from "./cxml.server";
import { MAX_XML_BYTES } from "./xml.server";

// HTTP around the cXML entry points (/punchout/cxml/setup and /punchout/cxml/order, decision 109): what a body is
// read as, and how every answer, refusals included, goes back as cXML, never HTML.

const XML_TYPES = new Set(["text/xml", "application/xml"]);

export type XmlBody = { ok: true; xml: string } | { ok: false; status: 400; message: string };

/**
 * The request's body as UTF-8 text, when it is `text/xml` or `application/xml` and at most MAX_XML_BYTES. A bigger
 * body is refused as soon as its Content-Length says so, or as soon as that many bytes have come, without reading
 * the rest (the oversized input is a 400, decision 108).
 */
export async function readXmlBody(request: Request): Promise<XmlBody> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const [mediaType, ...parameters] = contentType.split(";").map((part) => part.trim().toLowerCase());
  if (!XML_TYPES.has(mediaType)) {
    const sent = mediaType ? `not ${mediaType}` : "no Content-Type was sent";
    return refused(`The request must be cXML sent as text/xml or application/xml (${sent}).`);
  }
  const charset = parameters
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/^"|"$/g, "");
  if (charset && charset !== "utf-8" && charset !== "utf8")
    return refused(`The document must be UTF-8 (not ${charset}).`);
  const tooBig = refused(`The document is larger than ${MAX_XML_BYTES / 1024} KB.`);
  const declared = Number(request.headers.get("Content-Length") ?? "");
  // the rest is left unread, not cancelled: cancelling destroys the socket before the answer reaches the sender,
  // while Node's HTTP server sends the answer and then discards or closes what is left
  if (Number.isFinite(declared) && declared > MAX_XML_BYTES) return tooBig;
  if (!request.body) return refused("The request has no body: send the cXML document.");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_XML_BYTES) {
      reader.releaseLock();
      return tooBig;
    }
    chunks.push(value);
  }
  try {
    const xml = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
    if (!xml.trim()) return refused("The request has no body: send the cXML document.");
    return { ok: true, xml };
  } catch {
    return refused("The document is not valid UTF-8.");
  }
}

function refused(message: string): XmlBody {
  return { ok: false, status: 400, message };
}

/** A payloadID and timestamp for a document this portal writes, naming the portal's host. */
export function messageIds(request: Request, now = new Date()): MessageIds {
  return {
    payloadId: cxmlPayloadId(now, randomBytes(6).toString("hex"), new URL(request.url).hostname),
    timestamp: cxmlTimestamp(now),
  };
}

/** cXML status codes that are not HTTP ones, and the HTTP status they go with. */
const HTTP_STATUS_OF: Partial<Record<CxmlStatusCode, number>> = { 560: 503 };

/** A cXML Response/Status document with the same HTTP status (for cXML's own codes, the HTTP one that matches). */
export function cxmlStatus(
  request: Request,
  status: CxmlStatusCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return cxmlResponse(statusResponse(status, message, messageIds(request)), HTTP_STATUS_OF[status] ?? status, headers);
}

export const MAINTENANCE_MESSAGE = "The ordering portal is down for maintenance. Please try again later.";
/** How long a sender is asked to wait while maintenance is on, in seconds. */
const MAINTENANCE_RETRY_AFTER = 300;

/**
 * SPEC §4 maintenance for the cXML entry points: a server, not a browser, calls them, so while maintenance is on the
 * answer is cXML 560 (a temporary server error; HTTP 503 with Retry-After), not the maintenance page. The bypass key
 * is a browser's. The process-wide cached answer serves (decision 044); a failed check lets the call go on (SPEC §8).
 */
export async function maintenanceAnswer(request: Request): Promise<Response | null> {
  try {
    const status = await getCachedMaintenanceStatus(createUpstreamClient(request, null));
    if (!status.isMaintenanceEnabled) return null;
  } catch (error) {
    logFailure(request, "maintenance check failed; continuing", error);
    return null;
  }
  return cxmlStatus(request, 560, MAINTENANCE_MESSAGE, { "Retry-After": String(MAINTENANCE_RETRY_AFTER) });
}

/** A cXML document as an HTTP response: never cached, never sniffed as anything but XML. */
export function cxmlResponse(body: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * The cXML document a POST to a cXML entry point carries, or the cXML answer refusing it: 405 for another method,
 * 560 while maintenance is on, 400 for the wrong content type, an oversized or unreadable body.
 */
export async function cxmlDocumentOf(
  request: Request,
): Promise<{ ok: true; xml: string } | { ok: false; answer: Response }> {
  if (request.method !== "POST") return { ok: false, answer: onlyPost(request) };
  const down = await maintenanceAnswer(request);
  if (down) return { ok: false, answer: down };
  const body = await readXmlBody(request);
  return body.ok ? body : { ok: false, answer: cxmlStatus(request, 400, body.message) };
}

/** The answer to any method but POST: 405 in cXML, naming the one allowed. */
export function onlyPost(request: Request): Response {
  return cxmlStatus(request, 405, "Send the cXML document with POST.", { Allow: "POST" });
}

/**
 * The cXML answer to a failed provider call of a cXML entry point: a refusal keeps its status and the provider's
 * reason (a 429 its Retry-After); anything else is a cXML 500 with no detail, never an HTML error page.
 */
export function refusalAnswer(request: Request, error: unknown): Response {
  if (isRefusal(error, 400, 401, 403, 404, 409))
    return cxmlStatus(request, error.status as 400 | 401 | 403 | 404 | 409, error.message);
  if (isRefusal(error, 429)) {
    return cxmlStatus(
      request,
      429,
      error.message,
      error.retryAfter === null ? {} : { "Retry-After": String(error.retryAfter) },
    );
  }
  if (isRefusal(error)) return cxmlStatus(request, 400, error.message);
  logFailure(request, `punchout ${new URL(request.url).pathname} failed`, error);
  return cxmlStatus(request, 500, "The punchout service is not available just now. Please try again shortly.");
}

/**
 * A cXML entry point's POST (decision 109): the document read by cxmlDocumentOf and parsed by `parse` with the
 * NetworkID credentials the profiles use (decision 107), a document that does not parse answered 400 naming what is
 * wrong; then answered by `answer`, whose failed provider call is answered by refusalAnswer.
 */
export async function cxmlPost<T>(
  request: Request,
  parse: (xml: string, options: CredentialOptions) => CxmlParseResult<T>,
  answer: (parsed: T) => Promise<Response>,
): Promise<Response> {
  const body = await cxmlDocumentOf(request);
  if (!body.ok) return body.answer;
  const parsed = parse(body.xml, { domains: ["NetworkID"] });
  if (!parsed.ok) return cxmlStatus(request, 400, parsed.text);
  try {
    return await answer(parsed);
  } catch (error) {
    return refusalAnswer(request, error);
  }
}
