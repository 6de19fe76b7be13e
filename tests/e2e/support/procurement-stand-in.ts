import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { XMLParser } from "fast-xml-parser";

// A stand-in for a buyer's procurement system (SAP Ariba, Coupa, an SAP SRM) on the e2e machine, which has no
// internet: it punches out to the portal and records what comes back, as issue 16 asks the e2e specs to.
//   GET  /health
//   GET  /punchout?protocol=cxml&operation=create|edit|inspect&identity=…&secret=…&cookie=…[&items=JSON][&from=cookie]
//        sends a cXML 1.2 PunchOutSetupRequest server to server to the portal's /punchout/cxml/setup and answers the
//        requisition page with the StartPage in an iframe, or the cXML status of a refusal. `items` are ItemOut lines
//        ([{supplierPartId, supplierPartAuxiliaryId?, quantity}]); `from` takes them from the last basket received
//        under that BuyerCookie, as a procurement system edits the requisition line it holds.
//   GET  /oci?username=…&password=…&marker=…  a page whose form posts the OCI log-in (and a link that GETs it) to
//        the portal's /punchout/oci, with HOOK_URL = /return?protocol=oci&marker=… and ~TARGET=_top.
//   POST /return   the BrowserFormPost URL / HOOK_URL: reads cxml-urlencoded, cxml-base64 or OCI NEW_ITEM-… fields,
//        records the basket and answers "Basket received" with the lines it parsed.
//   GET  /received?cookie=… (cXML, by BuyerCookie) or ?marker=… (OCI)  → JSON: every basket received, oldest first.
//   POST /send-order {cookie, orderId, payloadId?, identity?, secret?}  sends a cXML OrderRequest for the last basket
//        received under that cookie to the portal's /punchout/cxml/order and answers its HTTP status and cXML Status.
// It is reached at http://localhost:PORT, the same site as the portal on http://localhost:E2E_PORTAL_PORT (a site
// ignores the port), so the portal's cookie goes with the requests of the framed start page over plain http.

const PORT = Number(process.env.STAND_IN_PORT ?? 3170);
const PORTAL = (process.env.PORTAL_URL ?? "http://localhost:3100").replace(/\/$/, "");
const BASE = `http://localhost:${PORT}`;
const TO_IDENTITY = "workwear-portal";
const MAX_BODY = 2 * 1024 * 1024;

export type ReceivedLine = {
  lineNumber: number;
  quantity: number;
  supplierPartId: string;
  supplierPartAuxiliaryId: string;
  unitPrice: string;
  currency: string;
  description: string;
  unitOfMeasure: string;
  unspsc: string;
  manufacturerPartId: string;
  leadTime?: string;
  matGroup?: string;
};

export type Received = {
  protocol: "cxml" | "oci";
  /** cxml-urlencoded, cxml-base64 or oci */
  field: string;
  receivedAt: string;
  buyerCookie: string | null;
  marker: string | null;
  operationAllowed: string | null;
  total: { currency: string; amount: string } | null;
  credentials: { from: string; to: string; sender: string } | null;
  shipTo: { addressId: string; name: string; postalCode: string } | null;
  lines: ReceivedLine[];
  /** OCI: ~OkCode, ~TARGET, ~CALLER as posted */
  oci: { okCode: string; target: string; caller: string } | null;
  /** every field of the form as posted, for the OCI specs */
  fields: Array<[string, string]>;
  xml: string | null;
};

const received: Received[] = [];
let counter = 0;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
const escapeHtml = escapeXml;
const payloadId = () => `${Date.now()}.${process.pid}.${++counter}@procurement-stand-in.example`;
const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00");

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error("body too large"));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Procurement stand-in</title>` +
      `<style>body{font-family:sans-serif;margin:1rem}iframe{width:100%;height:80vh;border:1px solid #888}</style></head>` +
      `<body><main>${body}</main></body></html>`,
  );
}

// ---- cXML ----

const credential = (identity: string, secret?: string) =>
  `<Credential domain="NetworkID"><Identity>${escapeXml(identity)}</Identity>${secret === undefined ? "" : `<SharedSecret>${escapeXml(secret)}</SharedSecret>`}</Credential>`;

function header(identity: string, secret: string) {
  return (
    `<Header><From>${credential(identity)}</From><To>${credential(TO_IDENTITY)}</To>` +
    `<Sender>${credential(identity, secret)}<UserAgent>Procurement stand-in 1.0</UserAgent></Sender></Header>`
  );
}

function cxmlDocument(body: string) {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">\n` +
    `<cXML payloadID="${escapeXml(payloadId())}" timestamp="${timestamp()}" xml:lang="en-GB">${body}</cXML>\n`
  );
}

type ItemOut = { supplierPartId: string; supplierPartAuxiliaryId?: string; quantity: number };

function setupRequest(input: {
  operation: string;
  identity: string;
  secret: string;
  cookie: string;
  items: ItemOut[];
}) {
  const items = input.items
    .map(
      (item, index) =>
        `<ItemOut quantity="${item.quantity}" lineNumber="${index + 1}"><ItemID><SupplierPartID>${escapeXml(item.supplierPartId)}</SupplierPartID>` +
        (item.supplierPartAuxiliaryId
          ? `<SupplierPartAuxiliaryID>${escapeXml(item.supplierPartAuxiliaryId)}</SupplierPartAuxiliaryID>`
          : "") +
        `</ItemID></ItemOut>`,
    )
    .join("");
  return cxmlDocument(
    header(input.identity, input.secret) +
      `<Request deploymentMode="test"><PunchOutSetupRequest operation="${escapeXml(input.operation)}">` +
      `<BuyerCookie>${escapeXml(input.cookie)}</BuyerCookie>` +
      `<Extrinsic name="UserEmail">tom.whitaker@apex-rail.example</Extrinsic>` +
      `<Extrinsic name="CostCenter">E2E-410</Extrinsic>` +
      `<BrowserFormPost><URL>${escapeXml(`${BASE}/return`)}</URL></BrowserFormPost>` +
      `<Contact role="endUser"><Name xml:lang="en-GB">Tom Whitaker</Name><Email>tom.whitaker@apex-rail.example</Email></Contact>` +
      `<ShipTo><Address addressID="E2E-DEPOT" isoCountryCode="GB"><Name xml:lang="en-GB">Apex Rail – Crewe depot</Name>` +
      `<PostalAddress><DeliverTo>Stores, gate 3</DeliverTo><Street>Unit 4, Weston Road</Street><City>Crewe</City>` +
      `<PostalCode>CW1 6NA</PostalCode><Country isoCountryCode="GB">United Kingdom</Country></PostalAddress></Address></ShipTo>` +
      items +
      `</PunchOutSetupRequest></Request>`,
  );
}

function orderRequest(basket: Received, orderId: string) {
  const lines = basket.lines
    .map(
      (line) =>
        `<ItemOut quantity="${line.quantity}" lineNumber="${line.lineNumber}"><ItemID><SupplierPartID>${escapeXml(line.supplierPartId)}</SupplierPartID>` +
        (line.supplierPartAuxiliaryId
          ? `<SupplierPartAuxiliaryID>${escapeXml(line.supplierPartAuxiliaryId)}</SupplierPartAuxiliaryID>`
          : "") +
        `</ItemID><ItemDetail><UnitPrice><Money currency="${escapeXml(line.currency)}">${escapeXml(line.unitPrice)}</Money></UnitPrice>` +
        `<Description xml:lang="en-GB">${escapeXml(line.description)}</Description><UnitOfMeasure>${escapeXml(line.unitOfMeasure || "EA")}</UnitOfMeasure>` +
        (line.unspsc ? `<Classification domain="UNSPSC">${escapeXml(line.unspsc)}</Classification>` : "") +
        `</ItemDetail></ItemOut>`,
    )
    .join("");
  const total = basket.total
    ? `<Total><Money currency="${escapeXml(basket.total.currency)}">${escapeXml(basket.total.amount)}</Money></Total>`
    : "";
  return (identity: string, secret: string) =>
    cxmlDocument(
      header(identity, secret) +
        `<Request deploymentMode="test"><OrderRequest><OrderRequestHeader orderID="${escapeXml(orderId)}" orderDate="${timestamp()}" type="new">` +
        total +
        `<Comments xml:lang="en-GB">Purchase order from the e2e procurement stand-in</Comments></OrderRequestHeader>` +
        lines +
        `</OrderRequest></Request>`,
    );
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ["ItemIn", "Credential", "Extrinsic", "Classification"].includes(name),
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (value && typeof value === "object" ? (value as Node) : {});
/** The text of an element that may carry attributes (then its text is under #text). */
function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return text((value as Node)["#text"]);
  return String(value);
}

/** The Status of a cXML answer: {code, text, message}, or null when the body is not cXML. */
function statusOf(xml: string): { code: string; text: string; message: string } | null {
  try {
    const status = node(node(node(xmlParser.parse(xml)).cXML).Response).Status;
    if (!status) return null;
    return { code: text(node(status)["@_code"]), text: text(node(status)["@_text"]), message: text(status) };
  } catch {
    return null;
  }
}

function startUrlOf(xml: string): string | null {
  try {
    const response = node(node(node(xmlParser.parse(xml)).cXML).Response);
    return text(node(node(response.PunchOutSetupResponse).StartPage).URL) || null;
  } catch {
    return null;
  }
}

function identityOf(party: unknown): string {
  const credentials = node(party).Credential as unknown[] | undefined;
  return text(node(credentials?.[0]).Identity);
}

function parseOrderMessage(
  xml: string,
): Omit<Received, "protocol" | "field" | "receivedAt" | "marker" | "oci" | "fields" | "xml"> {
  const cxml = node(node(xmlParser.parse(xml)).cXML);
  const head = node(cxml.Header);
  const message = node(node(cxml.Message).PunchOutOrderMessage);
  const messageHeader = node(message.PunchOutOrderMessageHeader);
  const totalMoney = node(node(messageHeader.Total).Money);
  const address = node(node(messageHeader.ShipTo).Address);
  const lines = ((message.ItemIn as unknown[] | undefined) ?? []).map((raw, index) => {
    const item = node(raw);
    const id = node(item.ItemID);
    const detail = node(item.ItemDetail);
    const money = node(node(detail.UnitPrice).Money);
    const classification = ((detail.Classification as unknown[] | undefined) ?? [])
      .map(node)
      .find((c) => text(c["@_domain"]) === "UNSPSC");
    return {
      lineNumber: Number(text(item["@_lineNumber"]) || index + 1),
      quantity: Number(text(item["@_quantity"])),
      supplierPartId: text(id.SupplierPartID),
      supplierPartAuxiliaryId: text(id.SupplierPartAuxiliaryID),
      unitPrice: text(money),
      currency: text(money["@_currency"]),
      description: text(detail.Description),
      unitOfMeasure: text(detail.UnitOfMeasure),
      unspsc: classification ? text(classification) : "",
      manufacturerPartId: text(detail.ManufacturerPartID),
    };
  });
  return {
    buyerCookie: text(message.BuyerCookie),
    operationAllowed: text(messageHeader["@_operationAllowed"]) || null,
    total: messageHeader.Total ? { currency: text(totalMoney["@_currency"]), amount: text(totalMoney) } : null,
    credentials: { from: identityOf(head.From), to: identityOf(head.To), sender: identityOf(head.Sender) },
    shipTo: messageHeader.ShipTo
      ? {
          addressId: text(address["@_addressID"]),
          name: text(address.Name),
          postalCode: text(node(address.PostalAddress).PostalCode),
        }
      : null,
    lines,
  };
}

// ---- OCI ----

/** NEW_ITEM-FIELD[n] values, by line number; LONGTEXT_n:132[] pieces joined. */
function parseOciFields(form: URLSearchParams): ReceivedLine[] {
  const byLine = new Map<number, Record<string, string>>();
  for (const [key, value] of form) {
    const long = key.match(/^NEW_ITEM-LONGTEXT_(\d+):132\[\]$/);
    const plain = key.match(/^NEW_ITEM-([A-Z_]+)\[(\d+)\]$/);
    const [n, name] = long ? [Number(long[1]), "LONGTEXT"] : plain ? [Number(plain[2]), plain[1]] : [0, ""];
    if (!n) continue;
    const line = byLine.get(n) ?? {};
    line[name] = name === "LONGTEXT" ? (line[name] ?? "") + value : value;
    byLine.set(n, line);
  }
  return [...byLine.entries()]
    .sort(([a], [b]) => a - b)
    .map(([n, f]) => ({
      lineNumber: n,
      quantity: Number(f.QUANTITY),
      supplierPartId: f.VENDORMAT ?? "",
      supplierPartAuxiliaryId: "",
      unitPrice: f.PRICE ?? "",
      currency: f.CURRENCY ?? "",
      description: f.DESCRIPTION ?? "",
      unitOfMeasure: f.UNIT ?? "",
      unspsc: f.MATGROUP ?? "",
      manufacturerPartId: "",
      leadTime: f.LEADTIME,
      matGroup: f.MATGROUP,
    }));
}

// ---- pages ----

function receivedPage(res: ServerResponse, basket: Received) {
  const rows = basket.lines
    .map(
      (line) =>
        `<tr><td>${line.lineNumber}</td><td>${escapeHtml(line.supplierPartId)}</td><td>${escapeHtml(line.supplierPartAuxiliaryId)}</td>` +
        `<td>${escapeHtml(line.description)}</td><td>${line.quantity}</td><td>${escapeHtml(line.currency)} ${escapeHtml(line.unitPrice)}</td></tr>`,
    )
    .join("");
  html(
    res,
    200,
    "Basket received",
    `<h1>Basket received</h1>
     <dl>
       <dt>Protocol</dt><dd>${basket.protocol === "cxml" ? `cXML (${escapeHtml(basket.field)})` : "OCI"}</dd>
       ${basket.buyerCookie !== null ? `<dt>BuyerCookie</dt><dd>${escapeHtml(basket.buyerCookie)}</dd>` : ""}
       ${basket.total ? `<dt>Total</dt><dd>${escapeHtml(basket.total.currency)} ${escapeHtml(basket.total.amount)}</dd>` : ""}
     </dl>
     ${
       basket.lines.length === 0
         ? "<p>The basket is empty.</p>"
         : `<table><caption>Lines received</caption><thead><tr><th>Line</th><th>Supplier part</th><th>Auxiliary ID</th><th>Description</th><th>Quantity</th><th>Unit price</th></tr></thead><tbody>${rows}</tbody></table>`
     }`,
  );
}

async function punchout(res: ServerResponse, query: URLSearchParams) {
  const cookie = query.get("cookie") ?? "";
  const operation = query.get("operation") ?? "create";
  let items: ItemOut[] = [];
  try {
    if (query.get("items")) items = JSON.parse(query.get("items") ?? "[]") as ItemOut[];
  } catch {
    return html(res, 400, "Bad request", "<h1>Bad request</h1><p>items is not JSON.</p>");
  }
  const from = query.get("from");
  if (from) {
    const last = received.filter((r) => r.buyerCookie === from).at(-1);
    if (!last)
      return html(
        res,
        404,
        "Not found",
        `<h1>Nothing received</h1><p>No basket was received under ${escapeHtml(from)}.</p>`,
      );
    items = last.lines.map((line) => ({
      supplierPartId: line.supplierPartId,
      supplierPartAuxiliaryId: line.supplierPartAuxiliaryId,
      quantity: line.quantity,
    }));
  }
  const xml = setupRequest({
    operation,
    identity: query.get("identity") ?? "AN-APEX-RAIL",
    secret: query.get("secret") ?? "",
    cookie,
    items,
  });
  let status = 0;
  let answer = "";
  try {
    const response = await fetch(`${PORTAL}/punchout/cxml/setup`, {
      method: "POST",
      headers: { "Content-Type": "text/xml; charset=utf-8" },
      body: xml,
    });
    status = response.status;
    answer = await response.text();
  } catch (error) {
    return html(
      res,
      502,
      "Portal unreachable",
      `<h1>The supplier's site did not answer</h1><p>${escapeHtml(String(error))}</p>`,
    );
  }
  const cxmlStatus = statusOf(answer);
  const startUrl = startUrlOf(answer);
  if (cxmlStatus?.code === "200" && startUrl) {
    return html(
      res,
      200,
      `Requisition ${cookie}`,
      `<h1>Requisition ${escapeHtml(cookie)}</h1><p>Shopping at Workwear portal (${escapeHtml(operation)}).</p>
       <iframe title="Workwear portal" name="supplier" src="${escapeHtml(startUrl)}"></iframe>`,
    );
  }
  return html(
    res,
    200,
    "Punchout refused",
    `<h1>Punchout refused</h1>
     <p>HTTP status <span data-testid="http-status">${status}</span>.</p>
     <p>cXML status <strong data-testid="cxml-code">${escapeHtml(cxmlStatus?.code ?? "none")}</strong> ${escapeHtml(cxmlStatus?.text ?? "")}:
       <span data-testid="cxml-message">${escapeHtml(cxmlStatus?.message ?? "")}</span></p>`,
  );
}

function ociPage(res: ServerResponse, query: URLSearchParams) {
  const marker = query.get("marker") ?? "";
  const fields: Array<[string, string]> = [
    ["USERNAME", query.get("username") ?? ""],
    ["PASSWORD", query.get("password") ?? ""],
    ["HOOK_URL", `${BASE}/return?protocol=oci&marker=${encodeURIComponent(marker)}`],
    ["~OkCode", "ADDI"],
    ["~TARGET", "_top"],
    ["~CALLER", "CTLG"],
  ];
  const hidden = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  html(
    res,
    200,
    "Shopping cart",
    `<h1>Shopping cart ${escapeHtml(marker)}</h1>
     <form method="post" action="${escapeHtml(`${PORTAL}/punchout/oci`)}">${hidden}<button type="submit">Open the Workwear catalogue</button></form>
     <p><a href="${escapeHtml(`${PORTAL}/punchout/oci?${new URLSearchParams(fields)}`)}">Open the Workwear catalogue by link</a></p>`,
  );
}

async function receive(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
  const form = new URLSearchParams(await readBody(req));
  const base = { receivedAt: new Date().toISOString(), marker: query.get("marker"), fields: [...form.entries()] };
  const urlencoded = form.get("cxml-urlencoded");
  const base64 = form.get("cxml-base64");
  let basket: Received;
  if (urlencoded !== null || base64 !== null) {
    const xml = urlencoded ?? Buffer.from(base64 ?? "", "base64").toString("utf8");
    try {
      basket = {
        protocol: "cxml",
        field: urlencoded !== null ? "cxml-urlencoded" : "cxml-base64",
        ...base,
        ...parseOrderMessage(xml),
        oci: null,
        xml,
      };
    } catch (error) {
      return html(
        res,
        400,
        "Unreadable basket",
        `<h1>The basket could not be read</h1><p>${escapeHtml(String(error))}</p>`,
      );
    }
  } else if (query.get("protocol") === "oci" || [...form.keys()].some((key) => key.startsWith("NEW_ITEM-"))) {
    basket = {
      protocol: "oci",
      field: "oci",
      ...base,
      buyerCookie: null,
      operationAllowed: null,
      total: null,
      credentials: null,
      shipTo: null,
      lines: parseOciFields(form),
      oci: { okCode: form.get("~OkCode") ?? "", target: form.get("~TARGET") ?? "", caller: form.get("~CALLER") ?? "" },
      xml: null,
    };
  } else {
    return html(
      res,
      400,
      "No basket",
      "<h1>No basket</h1><p>The post carried neither cxml-urlencoded, cxml-base64 nor OCI fields.</p>",
    );
  }
  received.push(basket);
  receivedPage(res, basket);
}

async function sendOrder(req: IncomingMessage, res: ServerResponse) {
  let input: { cookie?: string; orderId?: string; payloadId?: string; identity?: string; secret?: string };
  try {
    input = JSON.parse(await readBody(req)) as typeof input;
  } catch {
    return json(res, 400, { error: "Send JSON" });
  }
  const basket = received.filter((r) => r.buyerCookie === input.cookie && r.protocol === "cxml").at(-1);
  if (!basket || !input.orderId)
    return json(res, 404, { error: "No basket was received under that cookie, or no orderId" });
  let xml = orderRequest(basket, input.orderId)(
    input.identity ?? "AN-APEX-RAIL",
    input.secret ?? "apex-punchout-secret",
  );
  // the same purchase order sent again keeps its payloadID (a retry), or takes the one given
  if (input.payloadId) xml = xml.replace(/payloadID="[^"]*"/, `payloadID="${escapeXml(input.payloadId)}"`);
  const response = await fetch(`${PORTAL}/punchout/cxml/order`, {
    method: "POST",
    headers: { "Content-Type": "text/xml; charset=utf-8" },
    body: xml,
  });
  const body = await response.text();
  json(res, 200, { httpStatus: response.status, status: statusOf(body), body });
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", BASE);
  const method = req.method ?? "GET";
  try {
    if (url.pathname === "/health") return json(res, 200, { ok: true });
    if (method === "GET" && url.pathname === "/punchout") return await punchout(res, url.searchParams);
    if (method === "GET" && url.pathname === "/oci") return ociPage(res, url.searchParams);
    if (method === "POST" && url.pathname === "/return") return await receive(req, res, url.searchParams);
    if (method === "GET" && url.pathname === "/received") {
      const cookie = url.searchParams.get("cookie");
      const marker = url.searchParams.get("marker");
      return json(
        res,
        200,
        received.filter(
          (r) => (cookie !== null && r.buyerCookie === cookie) || (marker !== null && r.marker === marker),
        ),
      );
    }
    if (method === "POST" && url.pathname === "/send-order") return await sendOrder(req, res);
    return html(res, 404, "Not found", "<h1>Not found</h1>");
  } catch (error) {
    console.error(error);
    if (!res.headersSent) html(res, 500, "Error", `<h1>The stand-in failed</h1><p>${escapeHtml(String(error))}</p>`);
  }
}

// on loopback only, in both families: the browser may reach "localhost" over either (no IPv6 there: IPv4 alone)
createServer((req, res) => void handle(req, res)).listen(PORT, "127.0.0.1", () =>
  console.log(`Procurement stand-in on ${BASE}, punching out to ${PORTAL}`),
);
createServer((req, res) => void handle(req, res))
  .on("error", (error) => console.log(`Procurement stand-in: not on ::1 (${error.message})`))
  .listen(PORT, "::1");
