import {
  attr,
  child,
  children,
  descend,
  element,
  parseXml,
  required,
  requiredAttr,
  requiredText,
  text,
  textElement,
  XmlInputError,
  type XmlNode,
  type XmlRefusal,
} from "./xml.server";

// cXML punchout messages (issue 16): reading PunchOutSetupRequest and OrderRequest, writing the setup response,
// status answers and the PunchOutOrderMessage. Pure: payload ids and timestamps are passed in.
// Element names and order follow the cXML 1.2 DTD (cXML.dtd, cXML 1.2.014); cXML 1.1 documents have the same shape
// for everything read here (the version is an attribute on cXML there, the DTD's path here).

export const CXML_DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const LANG = "en-GB";
const USER_AGENT = "Workwear Portal";

export type Credential = { domain: string; identity: string; sharedSecret?: string };

export type CxmlAddress = {
  addressId?: string;
  name: string;
  deliverTo: string[];
  street: string[];
  city: string;
  state?: string;
  postalCode: string;
  /** ISO 3166 code from Country@isoCountryCode (the element's text when the attribute is missing). */
  country: string;
  /** The Country element's text (a name such as "United Kingdom"), when sent. */
  countryName?: string;
};

export type PunchoutOperation = "create" | "edit" | "inspect";

/** The document's ids and the Header's credentials: the picked ones, and every one sent for a caller that
 * matches on another domain. */
export type CxmlHeader = {
  payloadId: string;
  timestamp: string;
  from: Credential;
  to: Credential;
  sender: Credential & { sharedSecret: string; userAgent: string };
  credentials: { from: Credential[]; to: Credential[]; sender: Credential[] };
};

export type SetupRequest = CxmlHeader & {
  version: string;
  operation: PunchoutOperation;
  buyerCookie: string;
  browserFormPostUrl: string;
  contact?: { name: string; email?: string };
  shipTo?: CxmlAddress;
  extrinsics: Record<string, string>;
  items: { supplierPartId: string; supplierPartAuxiliaryId?: string; quantity: number }[];
};

export type CxmlParseResult<T> = ({ ok: true } & T) | XmlRefusal;

export type CredentialOptions = {
  /** Credential domains to pick, most wanted first, compared without case. Default: NetworkID. */
  domains?: string[];
};

const DEFAULT_DOMAINS = ["NetworkID"];

/** Reads a PunchOutSetupRequest; a refusal names the missing or bad element. */
export function parseSetupRequest(
  xml: string,
  options: CredentialOptions = {},
): CxmlParseResult<{ request: SetupRequest }> {
  return readDocument(xml, (root, dtdUrl) => {
    const header = readHeader(root, options);
    const setup = required(root, "Request/PunchOutSetupRequest");
    const operation = readOperation(attr(setup, "operation"));
    const buyerCookie = requiredText(setup, "BuyerCookie");
    const browserFormPostUrl = httpUrl(requiredText(setup, "BrowserFormPost/URL"), "BrowserFormPost/URL");
    const contacts = children(setup, "Contact");
    const contactNode = contacts.find((c) => attr(c, "role") === "endUser") ?? contacts[0];
    const contactName = text(child(contactNode, "Name"));
    const contactEmail = text(child(contactNode, "Email")) || undefined;
    const shipToNode = child(setup, "ShipTo");
    return {
      request: {
        payloadId: requiredAttr(root, "payloadID", "cXML@payloadID"),
        timestamp: requiredAttr(root, "timestamp", "cXML@timestamp"),
        version: attr(root, "version") || versionFromDtd(dtdUrl),
        ...header,
        operation,
        buyerCookie,
        browserFormPostUrl,
        contact: contactNode && (contactName || contactEmail) ? { name: contactName, email: contactEmail } : undefined,
        shipTo: shipToNode ? readAddress(shipToNode, "ShipTo") : undefined,
        extrinsics: readExtrinsics(setup),
        items: children(setup, "ItemOut").map((item, index) => {
          const where = `ItemOut[${index + 1}]`;
          const supplierPartAuxiliaryId = text(descend(item, "ItemID/SupplierPartAuxiliaryID")) || undefined;
          return {
            supplierPartId: requiredText(item, "ItemID/SupplierPartID", `${where}/ItemID/SupplierPartID`),
            ...(supplierPartAuxiliaryId ? { supplierPartAuxiliaryId } : {}),
            quantity: wholeQuantity(attr(item, "quantity"), where),
          };
        }),
      },
    };
  });
}

export type OrderRequest = CxmlHeader & {
  orderId: string;
  orderDate: string;
  /** OrderRequestHeader@type: new (the default), update or delete. */
  type: string;
  totalPence: number;
  shipTo?: CxmlAddress;
  billTo?: CxmlAddress;
  items: {
    lineNumber: number;
    quantity: number;
    supplierPartId: string;
    supplierPartAuxiliaryId?: string;
    unitPricePence: number;
    description?: string;
  }[];
};

/** Reads an OrderRequest (the purchase order for a transferred basket). Money must be GBP, in whole pence. */
export function parseOrderRequest(
  xml: string,
  options: CredentialOptions = {},
): CxmlParseResult<{ order: OrderRequest }> {
  return readDocument(xml, (root) => {
    const header = readHeader(root, options);
    const request = required(root, "Request/OrderRequest");
    const orderHeader = required(request, "OrderRequestHeader", "Request/OrderRequest/OrderRequestHeader");
    const shipTo = child(orderHeader, "ShipTo");
    const billTo = child(orderHeader, "BillTo");
    const itemNodes = children(request, "ItemOut");
    if (itemNodes.length === 0) throw new XmlInputError("Missing element: Request/OrderRequest/ItemOut");
    const items = itemNodes.map((item, index) => {
      const where = `ItemOut[${index + 1}]`;
      const lineNumber = attr(item, "lineNumber");
      if (lineNumber !== undefined && !/^[1-9]\d{0,8}$/.test(lineNumber)) {
        throw new XmlInputError(`${where}@lineNumber must be a whole number above zero`);
      }
      const supplierPartAuxiliaryId = text(descend(item, "ItemID/SupplierPartAuxiliaryID")) || undefined;
      const description = text(descend(item, "ItemDetail/Description")) || undefined;
      return {
        lineNumber: lineNumber ? Number(lineNumber) : index + 1,
        quantity: wholeQuantity(attr(item, "quantity"), where),
        supplierPartId: requiredText(item, "ItemID/SupplierPartID", `${where}/ItemID/SupplierPartID`),
        ...(supplierPartAuxiliaryId ? { supplierPartAuxiliaryId } : {}),
        unitPricePence: readMoney(item, "ItemDetail/UnitPrice/Money", `${where}/ItemDetail/UnitPrice/Money`),
        ...(description ? { description } : {}),
      };
    });
    return {
      order: {
        payloadId: requiredAttr(root, "payloadID", "cXML@payloadID"),
        timestamp: requiredAttr(root, "timestamp", "cXML@timestamp"),
        orderId: requiredAttr(orderHeader, "orderID", "OrderRequestHeader@orderID"),
        orderDate: requiredAttr(orderHeader, "orderDate", "OrderRequestHeader@orderDate"),
        type: attr(orderHeader, "type") || "new",
        ...header,
        totalPence: readMoney(orderHeader, "Total/Money", "OrderRequestHeader/Total/Money"),
        shipTo: shipTo ? readAddress(shipTo, "ShipTo") : undefined,
        billTo: billTo ? readAddress(billTo, "BillTo") : undefined,
        items,
      },
    };
  });
}

// ---- building ----

export type MessageIds = { payloadId: string; timestamp: string };

function cxmlDocument({ payloadId, timestamp }: MessageIds, body: string) {
  return `${XML_DECLARATION}\n${CXML_DOCTYPE}\n${element("cXML", { payloadID: payloadId, timestamp, "xml:lang": LANG }, body)}\n`;
}

/** The PunchOutSetupResponse that sends the buyer's browser to the start page. */
export function setupResponse({ startUrl, ...ids }: MessageIds & { startUrl: string }) {
  return cxmlDocument(
    ids,
    element(
      "Response",
      {},
      element("Status", { code: 200, text: "OK" }),
      element("PunchOutSetupResponse", {}, element("StartPage", {}, textElement("URL", {}, startUrl))),
    ),
  );
}

// The Status text attribute is the HTTP reason phrase for the code (cXML reference, "Status"); the element's content
// carries our own explanation.
const STATUS_TEXT = {
  200: "OK",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal Server Error",
  // cXML's own: a temporary server error such as maintenance; the sender should retry later (sent with HTTP 503)
  560: "Temporary Server Error",
} as const;

export type CxmlStatusCode = keyof typeof STATUS_TEXT;

/** A Response/Status document: the answer to an OrderRequest, and every refusal. */
export function statusResponse(code: CxmlStatusCode, message: string, ids: MessageIds) {
  return cxmlDocument(ids, element("Response", {}, textElement("Status", { code, text: STATUS_TEXT[code] }, message)));
}

export type OrderMessageLine = {
  supplierPartId: string;
  supplierPartAuxiliaryId: string;
  quantity: number;
  unitPricePence: number;
  description: string;
  unitOfMeasure: "EA";
  unspsc: string;
  manufacturerPartId: string;
};

export type OrderMessageInput = MessageIds & {
  buyerCookie: string;
  fromIdentity: string;
  toIdentity: string;
  senderIdentity: string;
  /** The domain of the three credentials; NetworkID unless the profile says otherwise. */
  credentialDomain?: string;
  lines: OrderMessageLine[];
  shipTo?: CxmlAddress;
};

/** The PunchOutOrderMessage that carries a basket back to the procurement system. */
export function orderMessage(input: OrderMessageInput) {
  const domain = input.credentialDomain ?? "NetworkID";
  const credential = (identity: string) => element("Credential", { domain }, textElement("Identity", {}, identity));
  input.lines.forEach(assertLine);
  const totalPence = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPricePence, 0);
  return cxmlDocument(
    input,
    element(
      "Header",
      {},
      element("From", {}, credential(input.fromIdentity)),
      element("To", {}, credential(input.toIdentity)),
      element("Sender", {}, credential(input.senderIdentity), textElement("UserAgent", {}, USER_AGENT)),
    ) +
      element(
        "Message",
        {},
        element(
          "PunchOutOrderMessage",
          {},
          textElement("BuyerCookie", {}, input.buyerCookie),
          element(
            "PunchOutOrderMessageHeader",
            { operationAllowed: "edit" },
            element("Total", {}, money(totalPence)),
            input.shipTo && element("ShipTo", {}, addressElement(input.shipTo)),
          ),
          ...input.lines.map((line, index) =>
            element(
              "ItemIn",
              { quantity: line.quantity, lineNumber: index + 1 },
              element(
                "ItemID",
                {},
                textElement("SupplierPartID", {}, line.supplierPartId),
                line.supplierPartAuxiliaryId &&
                  textElement("SupplierPartAuxiliaryID", {}, line.supplierPartAuxiliaryId),
              ),
              element(
                "ItemDetail",
                {},
                element("UnitPrice", {}, money(line.unitPricePence)),
                textElement("Description", { "xml:lang": LANG }, line.description),
                textElement("UnitOfMeasure", {}, line.unitOfMeasure),
                textElement("Classification", { domain: "UNSPSC" }, line.unspsc),
                line.manufacturerPartId && textElement("ManufacturerPartID", {}, line.manufacturerPartId),
              ),
            ),
          ),
        ),
      ),
  );
}

export type FormPostEncoding = "urlencoded" | "base64";

/**
 * The one form field that carries a cXML message back through the buyer's browser.
 * - urlencoded: the field `cxml-urlencoded` holds the XML itself; the browser's form encoding
 *   (application/x-www-form-urlencoded) then percent-encodes it, and the procurement system's form decoder
 *   gives the XML back.
 * - base64: the field `cxml-base64` holds the UTF-8 bytes of the XML in base64; the browser percent-encodes that
 *   too (`+`, `/`, `=`), the receiver's form decoder undoes it and the receiver decodes the base64.
 * Either way the value goes in a hidden input whose HTML escaping React does.
 */
export function encodeForFormPost(xml: string, encoding: FormPostEncoding) {
  return encoding === "base64"
    ? { name: "cxml-base64", value: Buffer.from(xml, "utf8").toString("base64") }
    : { name: "cxml-urlencoded", value: xml };
}

/** Pence as cXML Money text: 30 → "0.30", computed on integers so no floating-point error creeps in. */
export function penceToMoney(pence: number) {
  if (!Number.isSafeInteger(pence) || pence < 0) throw new RangeError(`Not a whole number of pence: ${pence}`);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

/** A cXML timestamp (ISO 8601 with its offset), in UTC. */
export function cxmlTimestamp(date: Date) {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/** A payloadID in the form the cXML reference recommends: time.process-or-random@host. */
export function cxmlPayloadId(date: Date, random: string, host: string) {
  return `${date.getTime()}.${random}@${host}`;
}

// ---- reading helpers ----

function readDocument<T>(xml: string, read: (root: XmlNode, dtdUrl: string | undefined) => T): CxmlParseResult<T> {
  const parsed = parseXml(xml);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true, ...read(required(parsed.document, "cXML"), parsed.dtdUrl) };
  } catch (error) {
    if (error instanceof XmlInputError) return { ok: false, status: 400, text: `${error.message}.` };
    throw error;
  }
}

function readCredentials(header: XmlNode, party: "From" | "To" | "Sender"): Credential[] {
  return children(child(header, party), "Credential").map((node) => {
    const sharedSecret = text(child(node, "SharedSecret"));
    return {
      domain: attr(node, "domain") ?? "",
      identity: text(child(node, "Identity")),
      ...(sharedSecret ? { sharedSecret } : {}),
    };
  });
}

// A party may send one Credential per domain it is known by; the receiver uses the one in a domain it knows
// (cXML reference, "Header"). We take the first wanted domain present, else the first credential sent.
function pickCredential(list: Credential[], domains: string[], path: string, needSecret = false): Credential {
  const usable = list.filter((c) => c.identity && (!needSecret || c.sharedSecret));
  const wanted = domains.map((d) => d.toLowerCase());
  const picked = wanted.map((d) => usable.find((c) => c.domain.toLowerCase() === d)).find(Boolean) ?? usable[0];
  if (!picked) {
    const first = list[0];
    const missing = !first ? "Credential" : !first.identity ? "Credential/Identity" : "Credential/SharedSecret";
    throw new XmlInputError(`Missing element: Header/${path}/${missing}`);
  }
  return picked;
}

function readHeader(root: XmlNode, options: CredentialOptions) {
  const header = required(root, "Header");
  const domains = options.domains ?? DEFAULT_DOMAINS;
  const credentials = {
    from: readCredentials(header, "From"),
    to: readCredentials(header, "To"),
    sender: readCredentials(header, "Sender"),
  };
  const sender = pickCredential(credentials.sender, domains, "Sender", true);
  return {
    from: withoutSecret(pickCredential(credentials.from, domains, "From")),
    to: withoutSecret(pickCredential(credentials.to, domains, "To")),
    sender: {
      ...sender,
      sharedSecret: sender.sharedSecret ?? "",
      userAgent: text(descend(header, "Sender/UserAgent")),
    },
    credentials,
  };
}

function withoutSecret({ domain, identity }: Credential): Credential {
  return { domain, identity };
}

// The DTD makes `operation` required; a request without one is read as `create` (decision 108).
function readOperation(value: string | undefined): PunchoutOperation {
  if (value === undefined || value === "") return "create";
  if (value === "create" || value === "edit" || value === "inspect") return value;
  throw new XmlInputError(`PunchOutSetupRequest@operation must be create, edit or inspect, not "${value}"`);
}

function versionFromDtd(dtdUrl: string | undefined) {
  return dtdUrl?.match(/\/cXML\/(\d+(?:\.\d+)*)\//)?.[1] ?? "";
}

function httpUrl(value: string, path: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new XmlInputError(`${path} is not a web address`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new XmlInputError(`${path} must be an http or https address`);
  }
  return value;
}

function wholeQuantity(value: string | undefined, where: string) {
  if (value === undefined) throw new XmlInputError(`Missing attribute: ${where}@quantity`);
  // cXML quantities are decimals; the portal sells whole items, so "2.0" is 2 and "1.5" is refused.
  const match = /^(\d{1,9})(?:\.0*)?$/.exec(value);
  const quantity = match ? Number(match[1]) : 0;
  if (quantity < 1) throw new XmlInputError(`${where}@quantity must be a whole number above zero`);
  return quantity;
}

function readMoney(node: XmlNode, path: string, shownAs: string) {
  const amount = requiredText(node, path, shownAs);
  const currency = attr(descend(node, path), "currency");
  if (currency !== "GBP") throw new XmlInputError(`${shownAs}@currency must be GBP`);
  const match = /^(\d{1,12})(?:\.(\d{1,2})0*)?$/.exec(amount);
  if (!match) throw new XmlInputError(`${shownAs} must be an amount in pounds and pence, such as 12.50`);
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

function readAddress(node: XmlNode, where: string): CxmlAddress {
  const address = required(node, "Address", `${where}/Address`);
  const postal = required(address, "PostalAddress", `${where}/Address/PostalAddress`);
  const street = children(postal, "Street").map(text).filter(Boolean);
  if (street.length === 0) throw new XmlInputError(`Missing element: ${where}/Address/PostalAddress/Street`);
  const countryNode = required(postal, "Country", `${where}/Address/PostalAddress/Country`);
  const country = attr(countryNode, "isoCountryCode") || text(countryNode);
  if (!country) throw new XmlInputError(`Missing element: ${where}/Address/PostalAddress/Country`);
  const addressId = attr(address, "addressID") || undefined;
  const state = text(child(postal, "State")) || undefined;
  const countryName = text(countryNode) || undefined;
  return {
    ...(addressId ? { addressId } : {}),
    name: requiredText(address, "Name", `${where}/Address/Name`),
    deliverTo: children(postal, "DeliverTo").map(text).filter(Boolean),
    street,
    city: requiredText(postal, "City", `${where}/Address/PostalAddress/City`),
    ...(state ? { state } : {}),
    postalCode: requiredText(postal, "PostalCode", `${where}/Address/PostalAddress/PostalCode`),
    country,
    ...(countryName ? { countryName } : {}),
  };
}

function readExtrinsics(node: XmlNode): Record<string, string> {
  return Object.fromEntries(
    children(node, "Extrinsic")
      .map((extrinsic) => [attr(extrinsic, "name") ?? "", text(extrinsic)] as const)
      .filter(([name]) => name !== ""),
  );
}

// ---- building helpers ----

function money(pence: number) {
  return textElement("Money", { currency: "GBP" }, penceToMoney(pence));
}

const COUNTRY_NAMES: Record<string, string> = { GB: "United Kingdom", IE: "Ireland" };

function addressElement(address: CxmlAddress) {
  return element(
    "Address",
    { addressID: address.addressId, isoCountryCode: address.country },
    textElement("Name", { "xml:lang": LANG }, address.name),
    element(
      "PostalAddress",
      {},
      ...address.deliverTo.map((line) => textElement("DeliverTo", {}, line)),
      ...address.street.map((line) => textElement("Street", {}, line)),
      textElement("City", {}, address.city),
      address.state && textElement("State", {}, address.state),
      textElement("PostalCode", {}, address.postalCode),
      textElement(
        "Country",
        { isoCountryCode: address.country },
        address.countryName ?? COUNTRY_NAMES[address.country] ?? address.country,
      ),
    ),
  );
}

function assertLine(line: OrderMessageLine, index: number) {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`Line ${index + 1}: quantity must be a whole number above zero`);
  }
  if (!Number.isSafeInteger(line.unitPricePence) || line.unitPricePence < 0) {
    throw new RangeError(`Line ${index + 1}: unit price must be a whole number of pence`);
  }
}
