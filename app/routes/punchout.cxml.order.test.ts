import fs from "node:fs";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { cxmlGet, cxmlPost, cxmlStatusOf, describeCxmlMaintenance, maintenanceHandler } from "../../tests/mocks/cxml";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { useRouteTest } from "../../tests/mocks/route";
import { action, loader } from "./punchout.cxml.order";

// Issue 16 item 7: a cXML OrderRequest becomes an order upstream; answered with cXML Status 200, or 4xx with the reason.
const t = useRouteTest();
beforeEach(() => void maintenanceHandler(t.server));

const ORDER = fs.readFileSync(new URL("../punchout/fixtures/ariba-order-request.xml", import.meta.url), "utf8");

function send(body: BodyInit, options: Parameters<typeof cxmlPost>[2] = {}) {
  return action({
    request: cxmlPost("/punchout/cxml/order", body, options),
    params: {},
    context: testLoadContext({ clientIp: "198.51.100.7" }),
  }) as Promise<Response>;
}

function provider(answer: (body: Record<string, unknown>) => Response) {
  const calls: Record<string, unknown>[] = [];
  t.server.use(
    http.post(`${UPSTREAM}/api/punchout/order`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push(body);
      return answer(body);
    }),
  );
  return calls;
}

const refusal = (code: number, name: string, message: string) => () =>
  HttpResponse.json({ name, message, code }, { status: code });

describe("POST /punchout/cxml/order", () => {
  it("sends the order to the provider as contract 6 says and answers Status 200", async () => {
    const calls = provider(() =>
      HttpResponse.json({ orderId: 77, orderNumber: "WW-000077", duplicate: false }, { status: 201 }),
    );
    const response = await send(ORDER);
    expect(response.headers.get("Content-Type")).toBe("text/xml; charset=utf-8");
    expect(await cxmlStatusOf(response)).toMatchObject({
      http: 200,
      code: "200",
      text: "OK",
      message: "Order WW-000077 received.",
    });
    expect(calls[0]).toEqual({
      fromIdentity: "AN-APEX-RAIL",
      senderIdentity: "AN-APEX-RAIL",
      sharedSecret: "apex-punchout-secret",
      toIdentity: "workwear-portal",
      orderId: "PO-88123",
      payloadId: "1700000000000.4242@procure.apex-rail.example",
      orderDate: "2026-11-24T09:29:00+00:00",
      totalPence: 3897,
      shipTo: {
        addressId: "DEPOT-7",
        name: "Apex Rail – Crewe depot",
        deliverTo: [],
        street: ["Unit 4, Weston Road"],
        city: "Crewe",
        postalCode: "CW1 6NA",
        country: "GB",
        countryName: "United Kingdom",
      },
      items: [
        {
          lineNumber: 1,
          supplierPartId: "HV-VEST-01",
          supplierPartAuxiliaryId: "size=L;colour=Yellow",
          quantity: 3,
          unitPricePence: 999,
          description: "Hi-vis vest, yellow, L",
        },
        { lineNumber: 2, supplierPartId: "GLOVE-22", quantity: 1, unitPricePence: 900, description: "Rigger gloves" },
      ],
    });
  });

  it("the same orderID + payloadID again: Status 200, saying it was already received", async () => {
    provider(() => HttpResponse.json({ orderId: 77, orderNumber: "WW-000077", duplicate: true }, { status: 200 }));
    expect(await cxmlStatusOf(await send(ORDER))).toMatchObject({
      http: 200,
      code: "200",
      message: "Order WW-000077 was already received for this purchase order.",
    });
  });

  it.each([
    [400, "BadRequest", "Line 2 (GLOVE-22) does not match a transferred basket"],
    [401, "NotAuthenticated", "Invalid punchout credentials"],
    [409, "Conflict", "Purchase order PO-88123 was already received with another payloadID"],
  ])("the provider's %i: cXML %i with its reason", async (code, name, message) => {
    provider(refusal(code, name, message));
    expect(await cxmlStatusOf(await send(ORDER))).toMatchObject({ http: code, code: String(code), message });
  });

  it("a provider failure: cXML 500, never HTML", async () => {
    provider(() => new HttpResponse("<html>oops</html>", { status: 503, headers: { "Content-Type": "text/html" } }));
    const answer = await cxmlStatusOf(await send(ORDER));
    expect(answer).toMatchObject({ http: 500, code: "500" });
    expect(answer.body).not.toContain("<html");
  });

  it.each([
    [
      "money that is not GBP",
      ORDER.replace('<Money currency="GBP">9.99</Money>', '<Money currency="EUR">9.99</Money>'),
      /GBP/,
    ],
    ["a missing orderID", ORDER.replace('orderID="PO-88123" ', ""), /Missing attribute: OrderRequestHeader@orderID/],
    ["no ItemOut", ORDER.replace(/<ItemOut[\s\S]*<\/ItemOut>/, ""), /Missing element: Request\/OrderRequest\/ItemOut/],
    ["malformed XML", "<cXML><Request>", /^Malformed XML: /],
    ["an entity declaration", `<!DOCTYPE cXML [<!ENTITY a "b">]><cXML/>`, /entity declarations are not accepted/],
    ["an order change", ORDER.replace('type="new"', 'type="update"'), /only new orders/],
  ])("%s: cXML 400, nothing sent to the provider", async (_name, body, reason) => {
    const calls = provider(() =>
      HttpResponse.json({ orderId: 1, orderNumber: "WW-1", duplicate: false }, { status: 201 }),
    );
    const answer = await cxmlStatusOf(await send(body));
    expect(answer.http).toBe(400);
    expect(answer.message).toMatch(reason);
    expect(calls).toHaveLength(0);
  });

  it("a form post: 400 naming the content type", async () => {
    expect(
      (await cxmlStatusOf(await send(ORDER, { contentType: "application/x-www-form-urlencoded" }))).message,
    ).toContain("not application/x-www-form-urlencoded");
  });

  it("GET: 405 in cXML", async () => {
    const answer = await cxmlGet("/punchout/cxml/order", loader);
    expect(await cxmlStatusOf(answer)).toMatchObject({ http: 405, code: "405" });
  });
});

describeCxmlMaintenance("/punchout/cxml/order", t.server, {
  provider: () =>
    provider(() => HttpResponse.json({ orderId: 77, orderNumber: "WW-000077", duplicate: false }, { status: 201 })),
  send: () => send(ORDER),
});
