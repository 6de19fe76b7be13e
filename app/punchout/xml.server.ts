import { XMLParser, XMLValidator } from "fast-xml-parser";
import { CXML_BODY_LIMIT } from "~/domain/body-limits";

// Reading and writing the XML of punchout messages (cXML). Pure: strings in, values out.
// Hostile input is stopped before the parser sees it: a size cap, and a DOCTYPE is accepted only as a bare
// `<!DOCTYPE name SYSTEM "…">` line, which is blanked out so no DTD is ever read; an internal subset (where
// ENTITY declarations live: billion laughs, external entities) is refused as malformed. The parser's entity
// decoder is ours and knows only XML's five built-in entities and character references (decision 108).

export const MAX_XML_BYTES = CXML_BODY_LIMIT;

export type XmlNode = { readonly [key: string]: unknown };

export type XmlRefusal = { ok: false; status: 400; text: string };

/** Thrown while reading a parsed document; turned into a 400 with its text by the message parsers. */
export class XmlInputError extends Error {}

const ATTR = "@_";
const TEXT = "#text";

const BUILT_IN: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function isXmlChar(code: number) {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[^\s&;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(";")) throw new XmlInputError("an '&' that does not start an entity reference");
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!isXmlChar(code)) throw new XmlInputError(`the character reference &${ref}; is not an XML character`);
      return String.fromCodePoint(code);
    }
    const value = BUILT_IN[ref];
    if (value === undefined) throw new XmlInputError(`the entity &${ref}; is not one of XML's built-in entities`);
    return value;
  });
}

const entityDecoder = {
  setExternalEntities() {},
  addInputEntities(entities: Record<string, string>) {
    // The DOCTYPE is blanked out before parsing, so this never receives any; refuse rather than expand if it did.
    if (Object.keys(entities).length > 0) throw new XmlInputError("entity declarations are not accepted");
  },
  reset() {},
  decode: decodeEntities,
  setXmlVersion() {},
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: TEXT,
  alwaysCreateTextNode: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  entityDecoder,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Every element is a list, so a repeated element (Credential, ItemOut, Street) never changes the shape.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

// `<!DOCTYPE name>` with at most an external id: no `[` internal subset. Sticky, and linear on any input.
const BARE_DOCTYPE =
  /<!DOCTYPE\s+[A-Za-z_:][\w.:-]*(?:\s+(?:SYSTEM\s+("[^"]*"|'[^']*')|PUBLIC\s+(?:"[^"]*"|'[^']*')\s+("[^"]*"|'[^']*')))?\s*>/y;

export type ParsedXml = { ok: true; document: XmlNode; dtdUrl: string | undefined };

/** Parses a document, refusing oversized input, DTD declarations and malformed XML with a 400 and a reason. */
export function parseXml(xml: string): ParsedXml | XmlRefusal {
  if (Buffer.byteLength(xml, "utf8") > MAX_XML_BYTES) {
    return refusal(`The document is larger than ${MAX_XML_BYTES / 1024} KB.`);
  }
  if (xml.includes("<!ENTITY")) {
    return refusal("Malformed XML: entity declarations are not accepted.");
  }
  let body = xml;
  let dtdUrl: string | undefined;
  const at = xml.indexOf("<!DOCTYPE");
  if (at !== -1) {
    BARE_DOCTYPE.lastIndex = at;
    const match = BARE_DOCTYPE.exec(xml);
    if (!match) return refusal("Malformed XML: a DOCTYPE may only name its DTD; an internal subset is not accepted.");
    if (xml.indexOf("<!DOCTYPE", at + 1) !== -1) return refusal("Malformed XML: more than one DOCTYPE.");
    dtdUrl = (match[1] ?? match[2])?.slice(1, -1);
    // Blank it out (same length, so line numbers in messages still match what was sent).
    body = xml.slice(0, at) + match[0].replace(/[^\n]/g, " ") + xml.slice(at + match[0].length);
  }
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    return refusal(`Malformed XML: ${valid.err.msg.replace(/\.$/, "")} (line ${valid.err.line}).`);
  }
  try {
    return { ok: true, document: parser.parse(body) as XmlNode, dtdUrl };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\.$/, "") : "unreadable";
    return refusal(`Malformed XML: ${reason}.`);
  }
}

function refusal(text: string): XmlRefusal {
  return { ok: false, status: 400, text };
}

// ---- reading a parsed document ----

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** Follows `A/B/C` through the first element of each name. */
export function descend(node: XmlNode | undefined, path: string): XmlNode | undefined {
  return path.split("/").reduce<XmlNode | undefined>((at, name) => child(at, name), node);
}

export function text(node: XmlNode | undefined): string {
  const value = node?.[TEXT];
  return typeof value === "string" ? value.trim() : "";
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[ATTR + name];
  return typeof value === "string" ? value.trim() : undefined;
}

/** The element at `path` below `node`, or an XmlInputError naming it as `shownAs`. */
export function required(node: XmlNode | undefined, path: string, shownAs = path): XmlNode {
  const found = descend(node, path);
  if (!found) throw new XmlInputError(`Missing element: ${shownAs}`);
  return found;
}

/** The non-empty text of the element at `path`, or an XmlInputError naming it. */
export function requiredText(node: XmlNode | undefined, path: string, shownAs = path): string {
  const value = text(required(node, path, shownAs));
  if (!value) throw new XmlInputError(`Missing element: ${shownAs}`);
  return value;
}

export function requiredAttr(node: XmlNode | undefined, name: string, shownAs: string): string {
  const value = attr(node, name);
  if (!value) throw new XmlInputError(`Missing attribute: ${shownAs}`);
  return value;
}

// ---- writing ----

// Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/FFFF) are dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeText(value: string) {
  return value.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttr(value: string) {
  return escapeText(value)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type XmlChild = string | false | null | undefined;

/** One element: attributes with an undefined value are left out; children are already-built XML strings. */
export function element(
  name: string,
  attributes: Record<string, string | number | undefined>,
  ...content: XmlChild[]
): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttr(String(value))}"`)
    .join("");
  const inner = content.filter((part): part is string => typeof part === "string").join("");
  return inner ? `<${name}${attrs}>${inner}</${name}>` : `<${name}${attrs}/>`;
}

/** An element holding only text (escaped here). */
export function textElement(name: string, attributes: Record<string, string | number | undefined>, value: string) {
  const escaped = escapeText(value);
  return escaped ? `<${name}${attributesOf(attributes)}>${escaped}</${name}>` : `<${name}${attributesOf(attributes)}/>`;
}

function attributesOf(attributes: Record<string, string | number | undefined>) {
  return element("x", attributes).slice(2, -2);
}
