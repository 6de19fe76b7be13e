import type {
  Credential,
  CxmlAddress,
  OrderRequest,
  PunchoutOperation,
  SetupRequest,
} from "~/domain/punchout-documents";
import {
  attr,
  child,
  children,
  descend,
  parseXml,
  required,
  requiredAttr,
  requiredText,
  text,
  XmlInputError,
  type XmlNode,
  type XmlRefusal,
} from "./xml.server";

// cXML punchout messages read (issue 16): PunchOutSetupRequest and OrderRequest; cxml-messages.server.ts writes the
// answers. Pure.
// Element names and order follow the cXML 1.2 DTD (cXML.dtd, cXML 1.2.014); cXML 1.1 documents have the same shape
// for everything read here (the version is an attribute on cXML there, the DTD's path here).

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
