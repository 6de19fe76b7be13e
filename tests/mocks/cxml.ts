import { http, HttpResponse } from "msw";
import type { SetupServer } from "msw/node";
import { describe, expect, it, vi } from "vitest";
import { testLoadContext, type PortalLoadContext } from "~/http/context";
import { MAINTENANCE_MESSAGE } from "~/punchout/cxml-http.server";
import { maintenanceCache } from "~/upstream/cache.server";
import { UPSTREAM } from "./upstream/fixtures";

/**
 * What app/punchout/fixtures/cxml-1.1-edit-setup-request.xml carries besides its header, as the portal reads it and
 * hands it on: the contact, the ShipTo, the extrinsics and the ItemOut lines.
 */
export const CXML_11_EDIT_CONTENT = {
  contact: { name: "Priya Shah", email: "priya.shah@apex-rail.example" },
  shipTo: {
    addressId: "DEPOT-7",
    name: "Apex Rail – Crewe depot",
    deliverTo: ["Stores, gate 3"],
    street: ["Unit 4, Weston Road", "Basford"],
    city: "Crewe",
    postalCode: "CW1 6NA",
    country: "GB",
    countryName: "United Kingdom",
  },
  extrinsics: { CostCenter: "DEPOT-7" },
  items: [
    { supplierPartId: "HV-VEST-01", supplierPartAuxiliaryId: "size=L;colour=Yellow", quantity: 3 },
    { supplierPartId: "GLOVE-22", quantity: 1 },
  ],
};

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

/** A GET of a cXML entry point (`path`), as its loader answers it. */
export async function cxmlGet(
  path: string,
  loader: (args: { request: Request; params: Record<string, string>; context: PortalLoadContext }) => unknown,
): Promise<Response> {
  const request = new Request(`https://portal.example${path}`);
  return (await loader({ request, params: {}, context: testLoadContext() })) as Response;
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

/**
 * The maintenance cases every cXML entry point answers alike, as a describe block for `POST {path}`: maintenance on is
 * cXML 560 (a temporary server error) as HTTP 503 with Retry-After, the provider not asked (SPEC §4); a failed
 * maintenance check lets the call go on (SPEC §8). `provider()` mocks the provider's answer and gives its calls back;
 * `send()` posts a good request.
 */
export function describeCxmlMaintenance(
  path: string,
  server: SetupServer,
  entry: { provider: () => unknown[]; send: () => Promise<Response> },
) {
  describe(`POST ${path} while maintenance is on (SPEC §4)`, () => {
    it("answers cXML 560, a temporary server error, as HTTP 503 with Retry-After; the provider is not asked", async () => {
      const calls = entry.provider();
      maintenanceHandler(server, { isMaintenanceEnabled: true, bypassToken: "bypass-123" });
      const response = await entry.send();
      expect(response.headers.get("Content-Type")).toBe("text/xml; charset=utf-8");
      expect(response.headers.get("Retry-After")).toBe("300");
      expect(await cxmlStatusOf(response)).toMatchObject({
        http: 503,
        code: "560",
        text: "Temporary Server Error",
        message: MAINTENANCE_MESSAGE,
      });
      expect(calls).toEqual([]);
    });

    it("a failed maintenance check lets the call go on (SPEC §8)", async () => {
      const calls = entry.provider();
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      maintenanceHandler(server);
      server.use(
        http.get(`${UPSTREAM}/api/maintenance-status`, () => HttpResponse.json({ message: "down" }, { status: 503 })),
      );
      const response = await entry.send();
      expect(response.status).toBe(200);
      expect(calls).toHaveLength(1);
      vi.restoreAllMocks();
    });
  });
}
