import fs from "node:fs";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { MAX_XML_BYTES } from "~/punchout/xml.server";
import {
  CXML_11_EDIT_CONTENT,
  cxmlGet,
  cxmlPost,
  cxmlStatusOf,
  describeCxmlMaintenance,
  maintenanceHandler,
} from "../../tests/mocks/cxml";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { useRouteTest } from "../../tests/mocks/route";
import { action, loader } from "./punchout.cxml.setup";

// Issue 16 item 1 and "Bad input": every answer of /punchout/cxml/setup is cXML, refusals included.
const t = useRouteTest();
beforeEach(() => void maintenanceHandler(t.server));

const fixture = (name: string) => fs.readFileSync(new URL(`../punchout/fixtures/${name}`, import.meta.url), "utf8");

function setupXml({ secret = "apex-punchout-secret", operation = "create", extra = "", doctype = true } = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
${doctype ? '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">' : ""}
<cXML payloadID="1.2@procure.example" timestamp="2026-11-23T10:00:00+00:00">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN-APEX-RAIL</Identity></Credential></From>
    <To><Credential domain="NetworkID"><Identity>workwear-portal</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-APEX-RAIL</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>Test</UserAgent></Sender>
  </Header>
  <Request><PunchOutSetupRequest operation="${operation}">
    <BuyerCookie>REQ-1</BuyerCookie>${extra}
    <BrowserFormPost><URL>https://procure.example/return</URL></BrowserFormPost>
  </PunchOutSetupRequest></Request>
</cXML>`;
}

function send(body: BodyInit, options: Parameters<typeof cxmlPost>[2] = {}) {
  const request = cxmlPost("/punchout/cxml/setup", body, options);
  return action({ request, params: {}, context: testLoadContext({ clientIp: "198.51.100.7" }) }) as Promise<Response>;
}

type SetupCall = { body: Record<string, unknown>; forwardedFor: string | null };

function provider(answer?: () => Response) {
  const calls: SetupCall[] = [];
  t.server.use(
    http.post(`${UPSTREAM}/api/punchout/setup`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ body, forwardedFor: request.headers.get("x-forwarded-for") });
      if (answer) return answer();
      if (body.sharedSecret !== "apex-punchout-secret") {
        return HttpResponse.json(
          { name: "NotAuthenticated", message: "Invalid punchout credentials", code: 401 },
          { status: 401 },
        );
      }
      return HttpResponse.json(
        { sessionId: "12", startToken: "tok_ABC-123", expiresAt: "2026-11-23T10:05:00Z" },
        { status: 201 },
      );
    }),
  );
  return calls;
}

describe("POST /punchout/cxml/setup", () => {
  it("answers a PunchOutSetupResponse whose StartPage is this portal's /punchout/start/{token}", async () => {
    const calls = provider();
    const response = await send(setupXml());
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/xml; charset=utf-8");
    const body = await response.text();
    expect(body).toContain('<Status code="200" text="OK"/>');
    expect(body).toContain("<StartPage><URL>https://portal.example/punchout/start/tok_ABC-123</URL></StartPage>");
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE cXML/);
    expect(calls).toHaveLength(1);
    expect(calls[0].forwardedFor).toBe("198.51.100.7");
    expect(calls[0].body).toMatchObject({
      protocol: "cxml",
      fromIdentity: "AN-APEX-RAIL",
      senderIdentity: "AN-APEX-RAIL",
      sharedSecret: "apex-punchout-secret",
      toIdentity: "workwear-portal",
      operation: "create",
      buyerCookie: "REQ-1",
      returnUrl: "https://procure.example/return",
    });
  });

  it("passes an edit's contact, ShipTo, extrinsics and ItemOut lines as the provider takes them (cXML 1.1, NetworkId credential)", async () => {
    const calls = provider();
    const response = await send(fixture("cxml-1.1-edit-setup-request.xml"), { contentType: "application/xml" });
    expect(response.status).toBe(200);
    expect(calls[0].body).toEqual({
      protocol: "cxml",
      fromIdentity: "AN-APEX-RAIL",
      senderIdentity: "AN-APEX-RAIL",
      sharedSecret: "apex-punchout-secret",
      toIdentity: "workwear-portal",
      operation: "edit",
      buyerCookie: "REQ-2026-0042 & co",
      returnUrl: "http://procure.apex-rail.example/punchout/return?session=42&lang=en",
      ...CXML_11_EDIT_CONTENT,
    });
  });

  it("drops a contact e-mail the provider would refuse, and cuts lists to what the provider keeps", async () => {
    const calls = provider();
    const streets = Array.from({ length: 7 }, (_, i) => `<Street>Line ${i + 1}</Street>`).join("");
    const extrinsics = Array.from({ length: 60 }, (_, i) => `<Extrinsic name="E${i}">v</Extrinsic>`).join("");
    const items = Array.from(
      { length: 510 },
      (_, i) => `<ItemOut quantity="1"><ItemID><SupplierPartID>P${i}</SupplierPartID></ItemID></ItemOut>`,
    ).join("");
    const extra = `${extrinsics}<Contact><Name>Sam</Name><Email>not an address</Email></Contact>
      <ShipTo><Address><Name>Depot</Name><PostalAddress>${streets}<City>Crewe</City><PostalCode>CW1</PostalCode><Country isoCountryCode="GB">United Kingdom</Country></PostalAddress></Address></ShipTo>${items}`;
    const response = await send(setupXml({ operation: "edit", extra }));
    expect(response.status).toBe(200);
    const body = calls[0].body as {
      contact: unknown;
      shipTo: { street: string[] };
      extrinsics: object;
      items: unknown[];
    };
    expect(body.contact).toEqual({ name: "Sam" });
    expect(body.shipTo.street).toHaveLength(5);
    expect(Object.keys(body.extrinsics)).toHaveLength(50);
    expect(body.items).toHaveLength(500);
  });

  it("accepts a DOCTYPE line and a document without one", async () => {
    provider();
    expect((await send(setupXml({ doctype: true }))).status).toBe(200);
    expect((await send(setupXml({ doctype: false }))).status).toBe(200);
  });

  it("refuses a wrong secret with cXML 401", async () => {
    provider();
    const answer = await cxmlStatusOf(await send(setupXml({ secret: "wrong" })));
    expect(answer).toMatchObject({
      http: 401,
      code: "401",
      text: "Unauthorized",
      message: "Invalid punchout credentials",
    });
  });

  it("passes the provider's 429 on in cXML, with its Retry-After", async () => {
    provider(() =>
      HttpResponse.json(
        {
          name: "TooManyRequests",
          message: "Too many failed punchout log-in attempts. Please try again in 1 minute.",
          code: 429,
        },
        { status: 429, headers: { "Retry-After": "60" } },
      ),
    );
    const response = await send(setupXml());
    expect(response.headers.get("Retry-After")).toBe("60");
    const answer = await cxmlStatusOf(response);
    expect(answer).toMatchObject({ http: 429, code: "429", text: "Too Many Requests" });
    expect(answer.message).toContain("Please try again in 1 minute");
    expect(answer.body).toContain("<!DOCTYPE cXML");
  });

  it("passes the provider's 400 on with its reason", async () => {
    provider(() =>
      HttpResponse.json(
        { name: "BadRequest", message: "buyerCookie: String must contain at most 500 character(s)", code: 400 },
        { status: 400 },
      ),
    );
    expect(await cxmlStatusOf(await send(setupXml()))).toMatchObject({
      http: 400,
      code: "400",
      message: "buyerCookie: String must contain at most 500 character(s)",
    });
  });

  it.each([
    ["a 500", () => HttpResponse.json({ message: "boom" }, { status: 500 })],
    [
      "an HTML page",
      () => new HttpResponse("<html>Bad gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } }),
    ],
    ["a network failure", () => HttpResponse.error()],
  ])("answers %s from the provider with cXML 500, never HTML", async (_name, answer) => {
    provider(answer);
    const response = await send(setupXml());
    expect(response.headers.get("Content-Type")).toBe("text/xml; charset=utf-8");
    const status = await cxmlStatusOf(response);
    expect(status).toMatchObject({ http: 500, code: "500" });
    expect(status.body).not.toContain("<html");
  });

  describe("refusals before the provider is asked (nothing is sent to it)", () => {
    it.each([
      ["application/x-www-form-urlencoded", "not application/x-www-form-urlencoded"],
      ["application/json", "not application/json"],
      ["", "no Content-Type was sent"],
    ])("a %j body: 400 naming it", async (contentType, named) => {
      const calls = provider();
      const response = await send(new TextEncoder().encode(setupXml()), { contentType });
      const answer = await cxmlStatusOf(response);
      expect(answer).toMatchObject({ http: 400, code: "400" });
      expect(answer.message).toContain(named);
      expect(calls).toHaveLength(0);
    });

    it("a charset other than UTF-8: 400", async () => {
      const calls = provider();
      const answer = await cxmlStatusOf(await send(setupXml(), { contentType: "text/xml; charset=iso-8859-1" }));
      expect(answer).toMatchObject({ http: 400, message: "The document must be UTF-8 (not iso-8859-1)." });
      expect(calls).toHaveLength(0);
    });

    it("an oversized body: 400, refused once the cap is passed, without reading the rest", async () => {
      const calls = provider();
      let pulled = 0;
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(chunk);
        },
      });
      const answer = await cxmlStatusOf(await send(endless));
      expect(answer).toMatchObject({ http: 400, message: "The document is larger than 256 KB." });
      expect(pulled).toBeLessThanOrEqual(MAX_XML_BYTES / chunk.byteLength + 2);
      expect(calls).toHaveLength(0);
    });

    it("an oversized Content-Length: 400 without reading the body at all", async () => {
      provider();
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(1024));
        },
      });
      const answer = await cxmlStatusOf(await send(body, { headers: { "Content-Length": String(MAX_XML_BYTES + 1) } }));
      expect(answer).toMatchObject({ http: 400, message: "The document is larger than 256 KB." });
      expect(pulled).toBeLessThanOrEqual(1);
    });

    it("a body of exactly 256 KB is read", async () => {
      provider();
      const xml = setupXml();
      const padded = xml + " ".repeat(MAX_XML_BYTES - Buffer.byteLength(xml));
      expect((await send(padded)).status).toBe(200);
    });

    it.each([
      ["malformed XML", "<cXML><Header></cXML>", /^Malformed XML: /],
      [
        "an entity declaration",
        `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY lol "lol">]><cXML>&lol;</cXML>`,
        /^Malformed XML: entity declarations are not accepted\.$/,
      ],
      [
        "an external entity",
        `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY x SYSTEM "file:///etc/passwd">]><cXML>&x;</cXML>`,
        /^Malformed XML: /,
      ],
      ["an undeclared entity", setupXml().replace("REQ-1", "&lol;"), /^Malformed XML: .*&lol;/],
      [
        "a missing element",
        setupXml().replace(/<BrowserFormPost>.*<\/BrowserFormPost>/, ""),
        /^Missing element: BrowserFormPost\/URL\.$/,
      ],
      [
        "a missing BuyerCookie",
        setupXml().replace("<BuyerCookie>REQ-1</BuyerCookie>", ""),
        /^Missing element: BuyerCookie\.$/,
      ],
      [
        "a return URL that is not http(s)",
        setupXml().replace("https://procure.example/return", "javascript:alert(1)"),
        /BrowserFormPost\/URL must be an http or https address/,
      ],
      ["an empty body", "", /no body/],
      ["bytes that are not UTF-8", new Uint8Array([0x3c, 0xff, 0xfe, 0x3e]), /not valid UTF-8/],
    ])("%s: cXML 400 with the reason", async (_name, body, reason) => {
      const calls = provider();
      const answer = await cxmlStatusOf(await send(body as BodyInit));
      expect(answer.http).toBe(400);
      expect(answer.code).toBe("400");
      expect(answer.message).toMatch(reason);
      expect(calls).toHaveLength(0);
    });
  });

  it("any other method: 405 in cXML with Allow: POST", async () => {
    const get = await cxmlGet("/punchout/cxml/setup", loader);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(await cxmlStatusOf(get)).toMatchObject({ http: 405, code: "405", text: "Method Not Allowed" });
    const put = await send(setupXml(), { method: "PUT" });
    expect(await cxmlStatusOf(put)).toMatchObject({ http: 405, code: "405" });
  });
});

describeCxmlMaintenance("/punchout/cxml/setup", t.server, {
  provider: () => provider(),
  send: () => send(setupXml()),
});
