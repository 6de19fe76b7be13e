// The portal's one CSV cell rule (RFC 4180), for every download: order history and reports.

/** A leading = + - @ tab or CR would make a spreadsheet run the cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number such as -3 or -1234.50: a spreadsheet reads it as a value, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell: quoted when it holds a quote, comma or line break; a cell that could start a formula gets a leading
 * apostrophe, except a plain negative number, which is a value (a refund, a negative spend) and must stay one.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => csvCell(cell)).join(",")}\r\n`;
}

/** Starts a UTF-8 file so Excel reads £ and accents right. */
export const CSV_BOM = "\uFEFF";

/**
 * Reads CSV text back into rows of cells (RFC 4180: quoted commas, quotes and line breaks; CRLF or LF rows). The
 * downloads' tests use it to prove a file parses; a leading BOM is skipped.
 * @internal test helper
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const input = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') ((cell += '"'), i++);
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") (row.push(cell), (cell = ""));
    else if (c === "\n" || (c === "\r" && input[i + 1] === "\n")) {
      (row.push(cell), rows.push(row), (row = []), (cell = ""));
      if (c === "\r") i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) (row.push(cell), rows.push(row));
  return rows;
}
