import { z } from "zod";
import { REQUEST_ID_HEADER } from "~/domain/operations";
import { getEnv } from "~/env.server";
import { requestIdOf } from "~/http/log.server";
import { callSignal, createUpstreamClient } from "./client.server";
import { UpstreamError, logFailure } from "./errors.server";

const PASSED_HEADERS = ["Content-Type", "Content-Disposition", "Content-Length"] as const;

/**
 * A provider's file as a response streaming its bytes with its Content-Type, Content-Disposition (else
 * `disposition`, when given) and Content-Length, nosniff and the caller's Cache-Control: the training guides
 * (decision 119) and the promotion images (decision 165). Unknown or not the caller's (404, 403) → null (the page's
 * 404); no token → the provider's 401 ends the session as any call does (the caller logs in again).
 */
export async function upstreamFile(
  request: Request,
  token: string,
  path: string,
  options: { cacheControl: string; disposition?: string },
): Promise<Response | null> {
  const env = getEnv();
  const { signal, done } = callSignal(request.signal, env.UPSTREAM_TIMEOUT_MS);
  let response: Response;
  try {
    // the browser's request id goes upstream, as with every other call (decision 144)
    const requestId = requestIdOf(request);
    response = await fetch(`${env.UPSTREAM_URL}${path}`, {
      headers: { Authorization: `Bearer ${token}`, ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) },
      signal,
    });
  } catch (error) {
    done();
    if (request.signal.aborted) throw error;
    logFailure(request, `upstream GET ${path} failed`, error);
    throw new UpstreamError(502, "The ordering service is not answering. Please try again shortly.");
  }
  if (response.status === 404 || response.status === 403 || response.status === 401) {
    done();
    void response.body?.cancel().catch(() => undefined);
    if (response.status === 401) {
      // the session has ended: the ordinary client's handling (log-in redirect, session cleared)
      await createUpstreamClient(request, token).get(path, z.unknown());
    }
    return null;
  }
  if (!response.ok || !response.body) {
    done();
    void response.body?.cancel().catch(() => undefined);
    logFailure(request, `upstream GET ${path} failed`, `answered ${response.status}`);
    throw new UpstreamError(502, "The ordering service could not send that file. Please try again shortly.");
  }
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": options.cacheControl });
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (options.disposition && !headers.has("Content-Disposition"))
    headers.set("Content-Disposition", options.disposition);
  // the timer stops once the bytes have all been passed on (or the browser went away)
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush: () => done(),
    }),
  );
  return new Response(body, { status: 200, headers });
}

/** GET /api/promotion-image/:id — a promotion's uploaded image (decision 165); its bytes never change, so kept a year. */
export function promotionImageFile(request: Request, token: string, id: string): Promise<Response | null> {
  return upstreamFile(request, token, `/api/promotion-image/${encodeURIComponent(id)}`, {
    cacheControl: "private, max-age=31536000, immutable",
  });
}
