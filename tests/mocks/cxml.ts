import { http, HttpResponse } from "msw";
import type { SetupServer } from "msw/node";
import { maintenanceCache } from "~/upstream/cache.server";
import { UPSTREAM } from "./upstream/fixtures";

/** The Status of a cXML answer: HTTP status, the Status element's code, text and (unescaped) content, and the body. */
export async function cxmlStatusOf(response: Response) {
  const body = await response.text();
  const status = /<Status code="(\d+)" text="([^"]*)"(?:\/>|>([\s\S]*?)<\/Status>)/.exec(body);
  const message = (status?.[3] ?? "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return { http: response.status, code: status?.[1], text: status?.[2], message, body };
}

/** A cXML post to the portal, as a procurement system sends it (no Origin, no cookie). */
export function cxmlPost(
  path: string,
  body: BodyInit | undefined,
  options: { contentType?: string; method?: string; headers?: Record<string, string> } = {},
) {
  const { contentType = "text/xml; charset=utf-8", method = "POST", headers = {} } = options;
  return new Request(`https://portal.example${path}`, {
    method,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
    body: method === "GET" || method === "HEAD" ? undefined : body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * The cXML entry points ask for the maintenance status first (SPEC §4): off, unless `maintenance` says otherwise. Call
 * it in a beforeEach: the server's handlers are reset after each test. The portal keeps the answer for a few seconds,
 * process-wide, so the cache is emptied first.
 */
export function maintenanceHandler(
  server: SetupServer,
  maintenance: { isMaintenanceEnabled: boolean; bypassToken: string } = {
    isMaintenanceEnabled: false,
    bypassToken: "bypass-123",
  },
) {
  maintenanceCache.clear();
  const calls: number[] = [];
  server.use(
    http.get(`${UPSTREAM}/api/maintenance-status`, () => {
      calls.push(1);
      return HttpResponse.json(maintenance);
    }),
  );
  return calls;
}
