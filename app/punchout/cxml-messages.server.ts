import type { CxmlAddress } from "~/domain/punchout-documents";
import { element, textElement } from "./xml.server";

// cXML punchout messages written (issue 16): the setup response, status answers and the PunchOutOrderMessage.
// Pure: payload ids and timestamps are passed in. Element names and order follow the cXML 1.2 DTD (cXML 1.2.014).

export const CXML_DOCTYPE = '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const LANG = "en-GB";
const USER_AGENT = "Workwear Portal";

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
