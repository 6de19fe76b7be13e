import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CXML_11_EDIT_CONTENT } from "../../tests/mocks/cxml";
import {
  cxmlPayloadId,
  cxmlTimestamp,
  encodeForFormPost,
  orderMessage,
  penceToMoney,
  setupResponse,
  statusResponse,
  type OrderMessageInput,
} from "./cxml-messages.server";
import { parseOrderRequest, parseSetupRequest } from "./cxml.server";
import { parseXml } from "./xml.server";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

// Coupa's published sample setup request (see fixtures/README.md for the source).
const COUPA = fixture("coupa-setup-request.xml");
// The cXML User's Guide sample and PowerSchool's sample (fixtures/README.md).
const USERS_GUIDE = fixture("cxml-users-guide-setup-request.xml");
const POWERSCHOOL = fixture("powerschool-setup-request.xml");
const CXML_11_EDIT = fixture("cxml-1.1-edit-setup-request.xml");
const ORDER = fixture("ariba-order-request.xml");

const IDS = { payloadId: "1763885170000.abc123@portal.example", timestamp: "2026-11-23T08:06:10+00:00" };

/** A minimal valid setup request with one part replaced. */
function setup({
  header = `<From><Credential domain="NetworkID"><Identity>AN-APEX-RAIL</Identity></Credential></From>
    <To><Credential domain="NetworkID"><Identity>workwear-portal</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-APEX-RAIL</Identity><SharedSecret>s3cret</SharedSecret></Credential>
    <UserAgent>Test</UserAgent></Sender>`,
  attributes = 'payloadID="p-1" timestamp="2026-11-23T08:00:00+00:00"',
  operation = ' operation="create"',
  body = `<BuyerCookie>cookie-1</BuyerCookie><BrowserFormPost><URL>https://buyer.example/return</URL></BrowserFormPost>`,
}: { header?: string; attributes?: string; operation?: string; body?: string } = {}) {
  return `<?xml version="1.0"?><cXML ${attributes}><Header>${header}</Header><Request><PunchOutSetupRequest${operation}>${body}</PunchOutSetupRequest></Request></cXML>`;
}

function refusalText(result: { ok: boolean; text?: string }) {
  expect(result.ok).toBe(false);
  return result.text;
}

describe("parseSetupRequest: public samples", () => {
  it("reads Coupa's sample (cXML 1.2, DUNS credentials, create)", () => {
    const result = parseSetupRequest(COUPA, { domains: ["DUNS"] });
    expect(result).toEqual({
      ok: true,
      request: {
        payloadId: "1591126611.9325364@stg1302app4.int.coupahost.com",
        timestamp: "2020-06-02T14:36:51-05:00",
        version: "1.2.014",
        from: { domain: "DUNS", identity: "COUPA1" },
        to: { domain: "DUNS", identity: "079928354" },
        sender: { domain: "DUNS", identity: "COUPA1", sharedSecret: "ALD", userAgent: "Coupa Procurement 1.0" },
        credentials: {
          from: [{ domain: "DUNS", identity: "COUPA1" }],
          to: [{ domain: "DUNS", identity: "079928354" }],
          sender: [{ domain: "DUNS", identity: "COUPA1", sharedSecret: "ALD" }],
        },
        operation: "create",
        buyerCookie: "99ea3c4c8cf9f6dc905a6b6772daa0d1",
        browserFormPostUrl: "https://mwilczek-demo.coupacloud.com/punchout/checkout?id=2",
        contact: { name: "maryanne.krzeminski@coupa.com", email: "maryanne.krzeminski@coupa.com" },
        shipTo: undefined,
        extrinsics: {
          FirstName: "Mary Anne",
          LastName: "Krzeminski",
          UniqueName: "maryanne.krzeminski@coupa.com",
          UserEmail: "maryanne.krzeminski@coupa.com",
          User: "maryanne.krzeminski@coupa.com",
          BusinessUnit: "COUPA",
        },
        items: [],
      },
    });
  });

  it("reads the cXML User's Guide sample: the hub's NetworkId sender, DUNS parties, a US ShipTo, SelectedItem ignored", () => {
    const result = parseSetupRequest(USERS_GUIDE);
    if (!result.ok) throw new Error(result.text);
    expect(result.request).toMatchObject({
      payloadId: "933694607118.1869318421@jlee",
      version: "1.2.014",
      from: { domain: "DUNS", identity: "65652314" },
      to: { domain: "DUNS", identity: "83528721" },
      sender: {
        domain: "NetworkId",
        identity: "AN200001",
        sharedSecret: "abracadabra",
        userAgent: "Procurement System 2.0",
      },
      operation: "create",
      buyerCookie: "1CX3L4843PPZO",
      browserFormPostUrl: "https://bigbuyer.com:2600/punchout?client=NAwl4Jo",
      extrinsics: { UserEmail: "jsmith", UniqueName: "John_Smith", CostCenter: "610" },
      shipTo: {
        addressId: "1000467",
        name: "1000467",
        deliverTo: ["John Smith"],
        street: ["123 Main Street"],
        city: "Sunnyvale",
        state: "CA",
        postalCode: "94089",
        country: "US",
        countryName: "United States",
      },
      items: [],
    });
    expect(result.request.contact).toBeUndefined();
  });

  it("reads PowerSchool's sample: no declaration or DOCTYPE, version as an attribute, mixed domains", () => {
    const result = parseSetupRequest(POWERSCHOOL);
    if (!result.ok) throw new Error(result.text);
    expect(result.request).toMatchObject({
      version: "1.2.007",
      from: { domain: "NetworkId", identity: "POWERSCHOOLtestid" },
      to: { domain: "DUNS", identity: "170368430" },
      sender: { identity: "POWERSCHOOLtestid", sharedSecret: "3d_N0r3n", userAgent: "SBI PunchOut" },
      buyerCookie: "V02360_GARY_A_PR.SEED_GLJL_101250_5001_RSO_PR_RSO_True_GEN__",
      browserFormPostUrl: "http://localhost/Ifas7/punchout/receiver.aspx",
    });
  });

  it("takes the only credential sent even when its domain is not a wanted one", () => {
    const result = parseSetupRequest(COUPA);
    expect(result.ok && result.request.from).toEqual({ domain: "DUNS", identity: "COUPA1" });
  });

  it("reads a cXML 1.1 edit request: version attribute, entities, ShipTo, ItemOut lines", () => {
    const result = parseSetupRequest(CXML_11_EDIT);
    if (!result.ok) throw new Error(result.text);
    const { request } = result;
    expect(request.version).toBe("1.1.010");
    expect(request.operation).toBe("edit");
    expect(request.buyerCookie).toBe("REQ-2026-0042 & co");
    expect(request.browserFormPostUrl).toBe("http://procure.apex-rail.example/punchout/return?session=42&lang=en");
    expect(request.extrinsics).toEqual(CXML_11_EDIT_CONTENT.extrinsics);
    expect(request.contact).toEqual(CXML_11_EDIT_CONTENT.contact);
    expect(request.shipTo).toEqual(CXML_11_EDIT_CONTENT.shipTo);
    expect(request.items).toEqual(CXML_11_EDIT_CONTENT.items);
  });

  it("picks the NetworkID credential (any case) out of several, and keeps them all", () => {
    const result = parseSetupRequest(CXML_11_EDIT);
    if (!result.ok) throw new Error(result.text);
    expect(result.request.from).toEqual({ domain: "NetworkId", identity: "AN-APEX-RAIL" });
    expect(result.request.credentials.from).toHaveLength(2);
    const byDuns = parseSetupRequest(CXML_11_EDIT, { domains: ["duns"] });
    expect(byDuns.ok && byDuns.request.from).toEqual({ domain: "DUNS", identity: "123456789" });
  });

  it("takes the sender credential that carries the shared secret", () => {
    const header = `<From><Credential domain="NetworkID"><Identity>A</Identity></Credential></From>
      <To><Credential domain="NetworkID"><Identity>B</Identity></Credential></To>
      <Sender><Credential domain="NetworkID"><Identity>no-secret</Identity></Credential>
      <Credential domain="DUNS"><Identity>with-secret</Identity><SharedSecret>pw</SharedSecret></Credential>
      <UserAgent>T</UserAgent></Sender>`;
    const result = parseSetupRequest(setup({ header }));
    expect(result.ok && result.request.sender).toEqual({
      domain: "DUNS",
      identity: "with-secret",
      sharedSecret: "pw",
      userAgent: "T",
    });
  });
});

describe("parseSetupRequest: operation", () => {
  it.each(["create", "edit", "inspect"] as const)("reads %s", (operation) => {
    const result = parseSetupRequest(setup({ operation: ` operation="${operation}"` }));
    expect(result.ok && result.request.operation).toBe(operation);
  });

  it("reads a request without operation as create (decision 108)", () => {
    const result = parseSetupRequest(setup({ operation: "" }));
    expect(result.ok && result.request.operation).toBe("create");
  });

  it("refuses another operation", () => {
    expect(refusalText(parseSetupRequest(setup({ operation: ' operation="source"' })))).toBe(
      'PunchOutSetupRequest@operation must be create, edit or inspect, not "source".',
    );
  });
});

describe("parseSetupRequest: every missing or bad element is named", () => {
  const cookie = "<BuyerCookie>c</BuyerCookie>";
  const post = "<BrowserFormPost><URL>https://buyer.example/r</URL></BrowserFormPost>";
  const from = `<From><Credential domain="NetworkID"><Identity>A</Identity></Credential></From>`;
  const to = `<To><Credential domain="NetworkID"><Identity>B</Identity></Credential></To>`;
  const sender = `<Sender><Credential domain="NetworkID"><Identity>A</Identity><SharedSecret>s</SharedSecret></Credential></Sender>`;
  const address = (postal: string, name = "<Name>Depot</Name>") =>
    `${cookie}${post}<ShipTo><Address>${name}<PostalAddress>${postal}</PostalAddress></Address></ShipTo>`;
  const full =
    '<Street>1 Road</Street><City>Crewe</City><PostalCode>CW1 1AA</PostalCode><Country isoCountryCode="GB">UK</Country>';

  it.each([
    ["no payloadID", setup({ attributes: 'timestamp="t"' }), "Missing attribute: cXML@payloadID."],
    ["no timestamp", setup({ attributes: 'payloadID="p"' }), "Missing attribute: cXML@timestamp."],
    ["no Header", `<cXML payloadID="p" timestamp="t"><Request/></cXML>`, "Missing element: Header."],
    ["not cXML", `<Other/>`, "Missing element: cXML."],
    ["no From", setup({ header: to + sender }), "Missing element: Header/From/Credential."],
    [
      "no From identity",
      setup({ header: `<From><Credential domain="x"/></From>${to}${sender}` }),
      "Missing element: Header/From/Credential/Identity.",
    ],
    ["no To", setup({ header: from + sender }), "Missing element: Header/To/Credential."],
    ["no Sender", setup({ header: from + to }), "Missing element: Header/Sender/Credential."],
    [
      "no SharedSecret",
      setup({
        header: `${from}${to}<Sender><Credential domain="NetworkID"><Identity>A</Identity></Credential></Sender>`,
      }),
      "Missing element: Header/Sender/Credential/SharedSecret.",
    ],
    [
      "no PunchOutSetupRequest",
      `<cXML payloadID="p" timestamp="t"><Header>${from}${to}${sender}</Header><Request/></cXML>`,
      "Missing element: Request/PunchOutSetupRequest.",
    ],
    ["no BuyerCookie", setup({ body: post }), "Missing element: BuyerCookie."],
    ["an empty BuyerCookie", setup({ body: `<BuyerCookie> </BuyerCookie>${post}` }), "Missing element: BuyerCookie."],
    ["no BrowserFormPost", setup({ body: cookie }), "Missing element: BrowserFormPost/URL."],
    ["no BrowserFormPost URL", setup({ body: `${cookie}<BrowserFormPost/>` }), "Missing element: BrowserFormPost/URL."],
    [
      "a javascript: URL",
      setup({ body: `${cookie}<BrowserFormPost><URL>javascript:alert(1)</URL></BrowserFormPost>` }),
      "BrowserFormPost/URL must be an http or https address.",
    ],
    [
      "a relative URL",
      setup({ body: `${cookie}<BrowserFormPost><URL>/return</URL></BrowserFormPost>` }),
      "BrowserFormPost/URL is not a web address.",
    ],
    ["ShipTo without Address", setup({ body: `${cookie}${post}<ShipTo/>` }), "Missing element: ShipTo/Address."],
    ["ShipTo without a name", setup({ body: address(full, "") }), "Missing element: ShipTo/Address/Name."],
    [
      "ShipTo without a street",
      setup({ body: address("<City>C</City><PostalCode>P</PostalCode><Country>GB</Country>") }),
      "Missing element: ShipTo/Address/PostalAddress/Street.",
    ],
    [
      "ShipTo without a city",
      setup({ body: address("<Street>S</Street><PostalCode>P</PostalCode><Country>GB</Country>") }),
      "Missing element: ShipTo/Address/PostalAddress/City.",
    ],
    [
      "ShipTo without a postcode",
      setup({ body: address("<Street>S</Street><City>C</City><Country>GB</Country>") }),
      "Missing element: ShipTo/Address/PostalAddress/PostalCode.",
    ],
    [
      "ShipTo without a country",
      setup({ body: address("<Street>S</Street><City>C</City><PostalCode>P</PostalCode>") }),
      "Missing element: ShipTo/Address/PostalAddress/Country.",
    ],
    [
      "ItemOut without SupplierPartID",
      setup({ body: `${cookie}${post}<ItemOut quantity="1"><ItemID/></ItemOut>` }),
      "Missing element: ItemOut[1]/ItemID/SupplierPartID.",
    ],
    [
      "ItemOut without quantity",
      setup({ body: `${cookie}${post}<ItemOut><ItemID><SupplierPartID>X</SupplierPartID></ItemID></ItemOut>` }),
      "Missing attribute: ItemOut[1]@quantity.",
    ],
    [
      "ItemOut with part of an item",
      setup({
        body: `${cookie}${post}<ItemOut quantity="1.5"><ItemID><SupplierPartID>X</SupplierPartID></ItemID></ItemOut>`,
      }),
      "ItemOut[1]@quantity must be a whole number above zero.",
    ],
  ])("%s", (_case, xml, text) => {
    expect(parseSetupRequest(xml)).toEqual({ ok: false, status: 400, text });
  });

  it("reads a ShipTo whose country is only the element's text", () => {
    const result = parseSetupRequest(
      setup({ body: address("<Street>S</Street><City>C</City><PostalCode>P</PostalCode><Country>GB</Country>") }),
    );
    expect(result.ok && result.request.shipTo?.country).toBe("GB");
  });
});

describe("hostile and malformed XML", () => {
  it("accepts and ignores the cXML DOCTYPE line", () => {
    const xml = setup().replace(
      "<cXML",
      `${'<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">'}\n<cXML`,
    );
    const result = parseSetupRequest(xml);
    expect(result.ok && result.request.version).toBe("1.2.014");
  });

  it("refuses billion laughs quickly, without expanding it", () => {
    const levels = Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
    ).join("");
    const xml = `<?xml version="1.0"?><!DOCTYPE cXML [${levels}]><cXML payloadID="p" timestamp="t"><Header>&lol9;</Header></cXML>`;
    const started = performance.now();
    const result = parseSetupRequest(xml);
    expect(performance.now() - started).toBeLessThan(200);
    expect(result).toEqual({ ok: false, status: 400, text: "Malformed XML: entity declarations are not accepted." });
  });

  it("refuses an external entity without reading it", () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cXML payloadID="p" timestamp="t"><Header>&xxe;</Header></cXML>`;
    const result = parseSetupRequest(xml);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain("root:");
  });

  it("refuses any internal DTD subset, even one without entities", () => {
    const xml = `<!DOCTYPE cXML [<!ELEMENT cXML ANY>]>${setup()}`;
    expect(refusalText(parseSetupRequest(xml))).toBe(
      "Malformed XML: a DOCTYPE may only name its DTD; an internal subset is not accepted.",
    );
  });

  it("refuses a reference to an entity XML does not define", () => {
    const xml = setup({ body: "<BuyerCookie>&nbsp;</BuyerCookie>" });
    expect(refusalText(parseSetupRequest(xml))).toBe(
      "Malformed XML: the entity &nbsp; is not one of XML's built-in entities.",
    );
  });

  it("reads character references", () => {
    const xml = setup({
      body: `<BuyerCookie>caf&#233; &#x2014; &lt;b&gt; &quot;q&quot; &apos;a&apos;</BuyerCookie><BrowserFormPost><URL>https://b.example/</URL></BrowserFormPost>`,
    });
    const result = parseSetupRequest(xml);
    expect(result.ok && result.request.buyerCookie).toBe(`café — <b> "q" 'a'`);
  });

  it("decodes attributes the same way, and refuses unknown entities in them", () => {
    const ok = parseSetupRequest(setup({ attributes: 'payloadID="a&amp;b&#38;c" timestamp="t"' }));
    expect(ok.ok && ok.request.payloadId).toBe("a&b&c");
    expect(refusalText(parseSetupRequest(setup({ attributes: 'payloadID="p" timestamp="&foo;"' })))).toBe(
      "Malformed XML: the entity &foo; is not one of XML's built-in entities.",
    );
  });

  it("refuses element names that could pollute prototypes, and deep nesting", () => {
    expect(parseSetupRequest(setup({ body: "<__proto__ x='1'/>" }))).toMatchObject({ ok: false, status: 400 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const deep = `${"<a>".repeat(30000)}${"</a>".repeat(30000)}`;
    expect(parseSetupRequest(deep)).toMatchObject({ ok: false, status: 400 });
  });

  it("keeps CDATA as text without decoding it", () => {
    const xml = setup({
      body: `<BuyerCookie><![CDATA[a &amp; <b>]]></BuyerCookie><BrowserFormPost><URL>https://b.example/</URL></BrowserFormPost>`,
    });
    const result = parseSetupRequest(xml);
    expect(result.ok && result.request.buyerCookie).toBe("a &amp; <b>");
  });

  it("refuses input over 256 KB before parsing", () => {
    const xml = setup({ body: `<BuyerCookie>${"x".repeat(256 * 1024)}</BuyerCookie>` });
    expect(parseSetupRequest(xml)).toEqual({ ok: false, status: 400, text: "The document is larger than 256 KB." });
  });

  it("counts the size in UTF-8 bytes", () => {
    const justUnder = "é".repeat(128 * 1024 - 10); // 2 bytes each
    expect(parseXml(`<a>${justUnder}</a>`).ok).toBe(true);
    expect(parseXml(`<a>${justUnder}${"é".repeat(10)}</a>`).ok).toBe(false);
  });

  it.each([
    ["a mismatched tag", "<cXML><Header></cXML>", /^Malformed XML: .+ \(line 1\)\.$/],
    ["text only", "not xml at all", /^Malformed XML: /],
    ["an empty body", "", /^Malformed XML: /],
    ["a bare ampersand", "<cXML>a & b</cXML>", /^Malformed XML: /],
    [
      "two DOCTYPEs",
      '<!DOCTYPE cXML SYSTEM "a"><!DOCTYPE cXML SYSTEM "b"><cXML/>',
      /^Malformed XML: more than one DOCTYPE\.$/,
    ],
  ])("refuses %s as malformed", (_case, xml, text) => {
    const result = parseSetupRequest(xml);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(refusalText(result)).toMatch(text);
  });
});

describe("setupResponse and statusResponse", () => {
  it("answers the start page with status 200, the declaration, the DOCTYPE and the ids given", () => {
    const xml = setupResponse({ ...IDS, startUrl: "https://portal.example/punchout/start/abc?x=1&y=2" });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">\n' +
        '<cXML payloadID="1763885170000.abc123@portal.example" timestamp="2026-11-23T08:06:10+00:00" xml:lang="en-GB">' +
        '<Response><Status code="200" text="OK"/><PunchOutSetupResponse><StartPage>' +
        "<URL>https://portal.example/punchout/start/abc?x=1&amp;y=2</URL>" +
        "</StartPage></PunchOutSetupResponse></Response></cXML>\n",
    );
    expect(parseXml(xml).ok).toBe(true);
  });

  it.each([
    [200, "OK"],
    [400, "Bad Request"],
    [401, "Unauthorized"],
    [500, "Internal Server Error"],
  ] as const)("status %s says %s, with the reason as the element's text", (code, text) => {
    const xml = statusResponse(code, "Missing element: <BuyerCookie> & more", IDS);
    expect(xml).toContain(
      `<Response><Status code="${code}" text="${text}">Missing element: &lt;BuyerCookie&gt; &amp; more</Status></Response>`,
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM')).toBe(true);
  });

  it("has no content when there is no reason", () => {
    expect(statusResponse(200, "", IDS)).toContain('<Status code="200" text="OK"/>');
  });

  it("formats payload ids and timestamps as the cXML reference recommends", () => {
    const date = new Date("2026-11-23T08:06:10.123Z");
    expect(cxmlTimestamp(date)).toBe("2026-11-23T08:06:10+00:00");
    expect(cxmlPayloadId(date, "f00d", "portal.example")).toBe(`${date.getTime()}.f00d@portal.example`);
  });
});

const LINE = {
  supplierPartId: "HV-VEST-01",
  supplierPartAuxiliaryId: "size=L;colour=Yellow",
  quantity: 3,
  unitPricePence: 10,
  description: "Hi-vis vest",
  unitOfMeasure: "EA" as const,
  unspsc: "46181531",
  manufacturerPartId: "MV-100",
};

const MESSAGE: OrderMessageInput = {
  ...IDS,
  buyerCookie: "cookie-1",
  fromIdentity: "workwear-portal",
  toIdentity: "AN-APEX-RAIL",
  senderIdentity: "workwear-portal",
  lines: [LINE],
};

describe("orderMessage", () => {
  it("builds the PunchOutOrderMessage", () => {
    const xml = orderMessage({
      ...MESSAGE,
      shipTo: {
        addressId: "DEPOT-7",
        name: "Crewe depot",
        deliverTo: [],
        street: ["Unit 4"],
        city: "Crewe",
        postalCode: "CW1 6NA",
        country: "GB",
      },
    });
    expect(xml).toContain("<BuyerCookie>cookie-1</BuyerCookie>");
    expect(xml).toContain(
      '<PunchOutOrderMessageHeader operationAllowed="edit"><Total><Money currency="GBP">0.30</Money></Total>' +
        '<ShipTo><Address addressID="DEPOT-7" isoCountryCode="GB"><Name xml:lang="en-GB">Crewe depot</Name>' +
        "<PostalAddress><Street>Unit 4</Street><City>Crewe</City><PostalCode>CW1 6NA</PostalCode>" +
        '<Country isoCountryCode="GB">United Kingdom</Country></PostalAddress></Address></ShipTo></PunchOutOrderMessageHeader>',
    );
    expect(xml).toContain(
      '<ItemIn quantity="3" lineNumber="1"><ItemID><SupplierPartID>HV-VEST-01</SupplierPartID>' +
        "<SupplierPartAuxiliaryID>size=L;colour=Yellow</SupplierPartAuxiliaryID></ItemID>" +
        '<ItemDetail><UnitPrice><Money currency="GBP">0.10</Money></UnitPrice>' +
        '<Description xml:lang="en-GB">Hi-vis vest</Description><UnitOfMeasure>EA</UnitOfMeasure>' +
        '<Classification domain="UNSPSC">46181531</Classification><ManufacturerPartID>MV-100</ManufacturerPartID>' +
        "</ItemDetail></ItemIn>",
    );
    expect(xml).toContain(
      '<Header><From><Credential domain="NetworkID"><Identity>workwear-portal</Identity></Credential></From>' +
        '<To><Credential domain="NetworkID"><Identity>AN-APEX-RAIL</Identity></Credential></To>' +
        '<Sender><Credential domain="NetworkID"><Identity>workwear-portal</Identity></Credential>' +
        "<UserAgent>Workwear Portal</UserAgent></Sender></Header>",
    );
    expect(xml).not.toContain("<ShipTo/>");
    expect(parseXml(xml).ok).toBe(true);
  });

  it("names the ShipTo's country by the name read, else by its code", () => {
    const shipTo = { name: "n", deliverTo: [], street: ["s"], city: "c", postalCode: "p" };
    expect(orderMessage({ ...MESSAGE, shipTo: { ...shipTo, country: "US", countryName: "United States" } })).toContain(
      '<Country isoCountryCode="US">United States</Country>',
    );
    expect(orderMessage({ ...MESSAGE, shipTo: { ...shipTo, country: "FR" } })).toContain(
      '<Country isoCountryCode="FR">FR</Country>',
    );
  });

  it("leaves out ShipTo, an empty auxiliary id and an empty manufacturer part", () => {
    const xml = orderMessage({ ...MESSAGE, lines: [{ ...LINE, supplierPartAuxiliaryId: "", manufacturerPartId: "" }] });
    expect(xml).not.toContain("ShipTo");
    expect(xml).not.toContain("SupplierPartAuxiliaryID");
    expect(xml).not.toContain("ManufacturerPartID");
  });

  it("totals in whole pence: 3 × £0.10 is 0.30, and 0.1 + 0.2 is 0.30", () => {
    expect(orderMessage(MESSAGE)).toContain('<Total><Money currency="GBP">0.30</Money></Total>');
    const two = orderMessage({
      ...MESSAGE,
      lines: [
        { ...LINE, quantity: 1 },
        { ...LINE, quantity: 1, unitPricePence: 20 },
      ],
    });
    expect(two).toContain('<Total><Money currency="GBP">0.30</Money></Total>');
    expect(two).toContain('<ItemIn quantity="1" lineNumber="2">');
  });

  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [30, "0.30"],
    [1999, "19.99"],
    [123456789, "1234567.89"],
  ])("penceToMoney(%s) is %s", (pence, money) => expect(penceToMoney(pence)).toBe(money));

  it("refuses pence that are not a whole, non-negative number", () => {
    expect(() => penceToMoney(0.5)).toThrow(RangeError);
    expect(() => penceToMoney(-1)).toThrow(RangeError);
    expect(() => orderMessage({ ...MESSAGE, lines: [{ ...LINE, quantity: 0 }] })).toThrow(RangeError);
  });

  it("escapes hostile text everywhere: <, &, ]]>, quotes, control characters", () => {
    const hostile = `</Description><x a="1">&amp; ]]> "q" 'a' \u0001`;
    const xml = orderMessage({
      ...MESSAGE,
      buyerCookie: hostile,
      fromIdentity: hostile,
      lines: [
        { ...LINE, description: hostile, supplierPartId: hostile, supplierPartAuxiliaryId: hostile, unspsc: hostile },
      ],
    });
    expect(xml).not.toContain("</Description><x");
    expect(xml).not.toContain("]]>");
    expect(xml).not.toContain("\u0001");
    expect(xml).toContain(
      `<Description xml:lang="en-GB">&lt;/Description&gt;&lt;x a="1"&gt;&amp;amp; ]]&gt; "q" 'a' </Description>`,
    );
    const parsed = parseXml(xml);
    expect(parsed.ok).toBe(true);
    // And it reads back as the text that was put in (less the control character).
    const again = orderMessage({
      ...MESSAGE,
      shipTo: {
        name: `"q" & 'a'`,
        deliverTo: [],
        street: ["<s>"],
        city: "c",
        postalCode: "p",
        country: "GB",
        addressId: `"><x`,
      },
    });
    expect(again).toContain(`addressID="&quot;&gt;&lt;x"`);
    expect(parseXml(again).ok).toBe(true);
  });
});

describe("encodeForFormPost", () => {
  const xml = orderMessage({ ...MESSAGE, lines: [{ ...LINE, description: "Vest – £5 & “quoted” + 100% ü" }] });

  // What a browser does with the field (application/x-www-form-urlencoded) and what the receiver does back.
  function postAndReceive(field: { name: string; value: string }) {
    const body = new URLSearchParams([[field.name, field.value]]).toString();
    return new URLSearchParams(body).get(field.name);
  }

  it("urlencoded: the field cxml-urlencoded carries the XML, which survives the form encoding", () => {
    const field = encodeForFormPost(xml, "urlencoded");
    expect(field.name).toBe("cxml-urlencoded");
    expect(postAndReceive(field)).toBe(xml);
  });

  it("base64: the field cxml-base64 carries the UTF-8 bytes in base64, which survive the form encoding", () => {
    const field = encodeForFormPost(xml, "base64");
    expect(field.name).toBe("cxml-base64");
    expect(field.value).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(postAndReceive(field) ?? "", "base64").toString("utf8")).toBe(xml);
  });
});

describe("parseOrderRequest", () => {
  it("reads the order, its credentials, total, addresses and lines", () => {
    const result = parseOrderRequest(ORDER);
    if (!result.ok) throw new Error(result.text);
    const { order } = result;
    expect(order).toMatchObject({
      payloadId: "1700000000000.4242@procure.apex-rail.example",
      timestamp: "2026-11-24T09:30:00+00:00",
      orderId: "PO-88123",
      orderDate: "2026-11-24T09:29:00+00:00",
      type: "new",
      from: { domain: "NetworkID", identity: "AN-APEX-RAIL" },
      to: { domain: "NetworkID", identity: "workwear-portal" },
      sender: { identity: "AN-APEX-RAIL", sharedSecret: "apex-punchout-secret", userAgent: "Ariba Buyer 9r1" },
      totalPence: 3897,
      shipTo: {
        addressId: "DEPOT-7",
        city: "Crewe",
        postalCode: "CW1 6NA",
        country: "GB",
        street: ["Unit 4, Weston Road"],
      },
      billTo: { addressId: "HQ", name: "Apex Rail Services Ltd", city: "Derby" },
    });
    expect(order.items).toEqual([
      {
        lineNumber: 1,
        quantity: 3,
        supplierPartId: "HV-VEST-01",
        supplierPartAuxiliaryId: "size=L;colour=Yellow",
        unitPricePence: 999,
        description: "Hi-vis vest, yellow, L",
      },
      { lineNumber: 2, quantity: 1, supplierPartId: "GLOVE-22", unitPricePence: 900, description: "Rigger gloves" },
    ]);
  });

  it("numbers lines by position when lineNumber is missing", () => {
    const result = parseOrderRequest(ORDER.replace(' lineNumber="2"', ""));
    expect(result.ok && result.order.items[1].lineNumber).toBe(2);
  });

  it.each([
    ["no orderID", ORDER.replace('orderID="PO-88123" ', ""), "Missing attribute: OrderRequestHeader@orderID."],
    [
      "no orderDate",
      ORDER.replace('orderDate="2026-11-24T09:29:00+00:00" ', ""),
      "Missing attribute: OrderRequestHeader@orderDate.",
    ],
    ["no total", ORDER.replace(/<Total>[\s\S]*?<\/Total>/, ""), "Missing element: OrderRequestHeader/Total/Money."],
    [
      "a total in euros",
      ORDER.replace('<Money currency="GBP">38.97', '<Money currency="EUR">38.97'),
      "OrderRequestHeader/Total/Money@currency must be GBP.",
    ],
    [
      "a price in fractions of a penny",
      ORDER.replace(">9.99<", ">9.995<"),
      "ItemOut[1]/ItemDetail/UnitPrice/Money must be an amount in pounds and pence, such as 12.50.",
    ],
    [
      "a negative price",
      ORDER.replace(">9.99<", ">-9.99<"),
      "ItemOut[1]/ItemDetail/UnitPrice/Money must be an amount in pounds and pence, such as 12.50.",
    ],
    [
      "no unit price",
      ORDER.replace(/<UnitPrice>[\s\S]*?<\/UnitPrice>/, ""),
      "Missing element: ItemOut[1]/ItemDetail/UnitPrice/Money.",
    ],
    [
      "no part",
      ORDER.replace("<SupplierPartID>GLOVE-22</SupplierPartID>", ""),
      "Missing element: ItemOut[2]/ItemID/SupplierPartID.",
    ],
    [
      "a bad line number",
      ORDER.replace('lineNumber="2"', 'lineNumber="two"'),
      "ItemOut[2]@lineNumber must be a whole number above zero.",
    ],
    [
      "a zero quantity",
      ORDER.replace('quantity="3"', 'quantity="0"'),
      "ItemOut[1]@quantity must be a whole number above zero.",
    ],
    ["no lines", ORDER.replace(/<ItemOut[\s\S]*<\/ItemOut>/, ""), "Missing element: Request/OrderRequest/ItemOut."],
    [
      "no OrderRequestHeader",
      ORDER.replace(/<OrderRequestHeader[\s\S]*<\/OrderRequestHeader>/, ""),
      "Missing element: Request/OrderRequest/OrderRequestHeader.",
    ],
    ["a setup request", COUPA, "Missing element: Request/OrderRequest."],
    [
      "no shared secret",
      ORDER.replace("<SharedSecret>apex-punchout-secret</SharedSecret>", ""),
      "Missing element: Header/Sender/Credential/SharedSecret.",
    ],
  ])("refuses %s", (_case, xml, text) => {
    expect(parseOrderRequest(xml)).toEqual({ ok: false, status: 400, text });
  });

  it("reads amounts without pence and with trailing zeros", () => {
    const result = parseOrderRequest(ORDER.replace(">9.99<", ">9.9900<").replace(">38.97<", ">38<"));
    expect(result.ok && result.order.items[0].unitPricePence).toBe(999);
    expect(result.ok && result.order.totalPence).toBe(3800);
  });

  it("refuses hostile XML the same way as setup requests", () => {
    const xml = ORDER.replace("<cXML", '<!DOCTYPE x [<!ENTITY e "e">]><cXML');
    expect(parseOrderRequest(xml)).toMatchObject({ ok: false, status: 400 });
  });
});
