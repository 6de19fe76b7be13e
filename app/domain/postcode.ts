// UK postcodes for delivery addresses (issue 17 item 3): validated and written the one way Royal Mail writes them.
// Accepted: the six UK forms (A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA) with Royal Mail's letter rules,
// which the Crown dependencies (GY, JE, IM) share; GIR 0AA; and British Forces Post Office numbers (BFPO 1 to
// BFPO 9999). Spaces and case do not matter on the way in.

export type PostcodeResult = { ok: true; postcode: string } | { ok: false; message: string };

export const POSTCODE_MESSAGE = "Enter a UK postcode, like SW1A 1AA, or a BFPO number, like BFPO 801";

// first letter never Q, V, X; second never I, J, Z; the letter after a single-letter area's digit from ABCDEFGHJKPSTUW;
// after a two-letter area's digit from ABEHMNPRVWXY; the inward code's letters never C, I, K, M, O, V
const AREA1 = "[A-PR-UWYZ]";
const AREA2 = "[A-HK-Y]";
const INWARD = "[0-9][ABD-HJLNP-UW-Z]{2}";
const OUTWARD = [
  `${AREA1}[0-9]`,
  `${AREA1}[0-9]{2}`,
  `${AREA1}${AREA2}[0-9]`,
  `${AREA1}${AREA2}[0-9]{2}`,
  `${AREA1}[0-9][ABCDEFGHJKPSTUW]`,
  `${AREA1}${AREA2}[0-9][ABEHMNPRVWXY]`,
].join("|");
const UK = new RegExp(`^(?:${OUTWARD})${INWARD}$`);
const BFPO = /^BFPO(\d{1,4})$/;

/** The postcode as written (`sw1a1aa` → `SW1A 1AA`, `bfpo 0801` → `BFPO 801`), or why it is not one. */
export function normalisePostcode(input: string): PostcodeResult {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  const bfpo = BFPO.exec(compact);
  if (bfpo && Number(bfpo[1]) > 0) return { ok: true, postcode: `BFPO ${Number(bfpo[1])}` };
  if (compact === "GIR0AA" || UK.test(compact))
    return { ok: true, postcode: `${compact.slice(0, -3)} ${compact.slice(-3)}` };
  return { ok: false, message: POSTCODE_MESSAGE };
}
