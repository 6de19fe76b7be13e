import type { OciLogin } from "~/domain/punchout-documents";
import { penceToMoney } from "./cxml-messages.server";

// SAP Open Catalog Interface (OCI 4.0, which OCI 5.0 keeps for these fields): the log-in a procurement system
// opens the catalogue with, and the NEW_ITEM-… form fields the basket goes back to HOOK_URL in.
// Field names and lengths: SAP's OCI 4.0 field table (the BBP_OCI_ITEM structure: DESCRIPTION CHAR 40, QUANTITY
// CHAR 15, UNIT CHAR 3, PRICE 15 characters, PRICEUNIT CHAR 5, CURRENCY CUKY 5, LEADTIME CHAR 5, VENDORMAT
// CHAR 40, MATGROUP CHAR 10, LONGTEXT_n:132[] unlimited in 132-character pieces). Numbers are written with a
// point as the decimal separator and no thousands separator, as OCI requires. Pure functions.

export type OciLoginField = "USERNAME" | "PASSWORD" | "HOOK_URL" | "~OkCode" | "~TARGET" | "~CALLER";

export type OciLoginResult =
  { ok: true; login: OciLogin } | { ok: false; status: 400 | 401; errors: Partial<Record<OciLoginField, string>> };

type Params = URLSearchParams | Record<string, string | undefined>;

// OCI sends the names exactly like this; some systems send them in another case, so an exact match wins and a
// match ignoring case is the fallback.
function read(params: Params, name: OciLoginField): string | undefined {
  const entries: [string, string][] =
    params instanceof URLSearchParams
      ? [...params.entries()]
      : Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const exact = entries.find(([key]) => key === name);
  const loose = exact ?? entries.find(([key]) => key.toLowerCase() === name.toLowerCase());
  return loose?.[1].trim();
}

const FRAME_NAME = /^(?:_top|_blank|_parent|_self|[A-Za-z][\w-]{0,63})$/;

/** Reads an OCI log-in (query string of a GET or fields of a POST). Missing credentials are a 401, bad fields a 400. */
export function parseOciLogin(params: Params): OciLoginResult {
  const errors: Partial<Record<OciLoginField, string>> = {};
  const username = read(params, "USERNAME") ?? "";
  const password = read(params, "PASSWORD") ?? "";
  const hookUrl = read(params, "HOOK_URL") ?? "";
  const okCode = read(params, "~OkCode") || "ADDI";
  const target = read(params, "~TARGET") || "_top";
  const caller = read(params, "~CALLER") || undefined;
  if (!username) errors.USERNAME = "Enter the user name (USERNAME).";
  if (!password) errors.PASSWORD = "Enter the password (PASSWORD).";
  if (!hookUrl) errors.HOOK_URL = "HOOK_URL is missing: the address to send the basket back to.";
  else if (!isHttpUrl(hookUrl)) errors.HOOK_URL = "HOOK_URL must be an http or https address.";
  if (!/^[A-Za-z0-9_]{1,20}$/.test(okCode)) errors["~OkCode"] = "~OkCode must be a short code such as ADDI.";
  if (!FRAME_NAME.test(target)) errors["~TARGET"] = "~TARGET must be a frame name such as _top.";
  if (caller !== undefined && !/^[A-Za-z0-9_]{1,20}$/.test(caller))
    errors["~CALLER"] = "~CALLER must be a short code such as CTLG.";
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const onlyCredentials = fields.every((field) => field === "USERNAME" || field === "PASSWORD");
    return { ok: false, status: onlyCredentials ? 401 : 400, errors };
  }
  return { ok: true, login: { username, password, hookUrl, okCode, target, ...(caller ? { caller } : {}) } };
}

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export type OciLine = {
  supplierPartId: string;
  supplierPartAuxiliaryId?: string;
  quantity: number;
  unitPricePence: number;
  description: string;
  unitOfMeasure: "EA";
  unspsc: string;
  /** Delivery time in days, when known. */
  leadTimeDays?: number;
  /** Text beyond the 40-character description; the full description when none is given and it was cut. */
  longText?: string;
};

export const OCI_LENGTHS = {
  DESCRIPTION: 40,
  QUANTITY: 15,
  UNIT: 3,
  PRICE: 15,
  PRICEUNIT: 5,
  CURRENCY: 5,
  LEADTIME: 5,
  VENDORMAT: 40,
  MATGROUP: 10,
  LONGTEXT_PIECE: 132,
} as const;

export type OciField = readonly [name: string, value: string];

/**
 * The form fields, in order, that post a basket back to HOOK_URL: ~OkCode, ~TARGET and ~CALLER first, then per
 * line n (from 1) DESCRIPTION, QUANTITY, UNIT, PRICE, PRICEUNIT, CURRENCY, VENDORMAT, MATGROUP, LEADTIME and
 * the long text as repeated LONGTEXT_n:132[] fields. Text is cut to OCI's lengths (by character, never inside one).
 */
export function ociItemFields(
  lines: OciLine[],
  { target = "_top", okCode = "ADDI" }: { target?: string; okCode?: string } = {},
): OciField[] {
  const fields: OciField[] = [
    ["~OkCode", okCode],
    ["~TARGET", target],
    ["~CALLER", "CTLG"],
  ];
  lines.forEach((line, index) => {
    const n = index + 1;
    const item = (name: string, value: string, length: number) =>
      fields.push([`NEW_ITEM-${name}[${n}]`, cut(value, length)] as const);
    item("DESCRIPTION", line.description, OCI_LENGTHS.DESCRIPTION);
    item("QUANTITY", decimal(line.quantity, "quantity", n), OCI_LENGTHS.QUANTITY);
    item("UNIT", line.unitOfMeasure, OCI_LENGTHS.UNIT);
    item("PRICE", penceToMoney(line.unitPricePence), OCI_LENGTHS.PRICE);
    item("PRICEUNIT", "1", OCI_LENGTHS.PRICEUNIT);
    item("CURRENCY", "GBP", OCI_LENGTHS.CURRENCY);
    item("VENDORMAT", vendorMaterial(line), OCI_LENGTHS.VENDORMAT);
    item("MATGROUP", line.unspsc, OCI_LENGTHS.MATGROUP);
    item(
      "LEADTIME",
      line.leadTimeDays === undefined ? "" : decimal(line.leadTimeDays, "lead time", n),
      OCI_LENGTHS.LEADTIME,
    );
    const longText = line.longText ?? ([...line.description].length > OCI_LENGTHS.DESCRIPTION ? line.description : "");
    for (const piece of pieces(longText, OCI_LENGTHS.LONGTEXT_PIECE)) {
      fields.push([`NEW_ITEM-LONGTEXT_${n}:132[]`, piece] as const);
    }
  });
  return fields;
}

// The supplier part and its variant (size, colour) as one vendor material number, so an edit can rebuild the line.
function vendorMaterial(line: OciLine) {
  return line.supplierPartAuxiliaryId ? `${line.supplierPartId}/${line.supplierPartAuxiliaryId}` : line.supplierPartId;
}

function cut(value: string, length: number) {
  return [...value].slice(0, length).join("");
}

function pieces(value: string, length: number) {
  const chars = [...value];
  const result: string[] = [];
  for (let at = 0; at < chars.length; at += length) result.push(chars.slice(at, at + length).join(""));
  return result;
}

function decimal(value: number, what: string, n: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Line ${n}: ${what} must be a whole number`);
  return String(value);
}
