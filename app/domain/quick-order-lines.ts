// Quick order and CSV upload (issue 6): "code, qty" lines typed or uploaded, read into requests or
// per-line refusals before any product is looked up.

export const QUICK_ORDER_MAX_LINES = 100;

export type QuickOrderRequest = { row: number; code: string; qty: string };
export type QuickOrderParse = {
  requests: QuickOrderRequest[];
  refused: Array<{ row: number; text: string; reason: string }>;
};

const HEADER = /^\s*"?(product\s*code|code|sku|item|itemid|product)"?\s*[,;\t]\s*"?(qty|quantity)"?\s*$/i;

function unquote(cell: string): string {
  const t = cell.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
}

/**
 * One request per non-blank line: the code, then the quantity, separated by a comma, semicolon, tab or
 * spaces (a missing quantity means 1). A header row ("code,qty") is skipped. Rows are numbered as the
 * person sees them, from 1. More than QUICK_ORDER_MAX_LINES requests: the extra rows are refused.
 */
export function parseQuickOrderLines(text: string): QuickOrderParse {
  const result: QuickOrderParse = { requests: [], refused: [] };
  const rows = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const row = index + 1;
    const line = raw.trim();
    if (line === "" || (index === 0 && HEADER.test(line))) return;
    const cells = (/[,;\t]/.test(line) ? line.split(/[,;\t]/) : line.split(/\s+/)).map(unquote);
    const [code, qty = "1", ...rest] = cells;
    if (!code) return void result.refused.push({ row, text: line, reason: "No product code" });
    if (rest.some((cell) => cell !== ""))
      return void result.refused.push({ row, text: line, reason: "Expected a product code and a quantity only" });
    if (result.requests.length >= QUICK_ORDER_MAX_LINES) {
      return void result.refused.push({ row, text: line, reason: `At most ${QUICK_ORDER_MAX_LINES} lines at once` });
    }
    result.requests.push({ row, code: code.toUpperCase(), qty: qty === "" ? "1" : qty });
  });
  return result;
}
