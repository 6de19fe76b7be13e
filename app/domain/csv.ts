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
