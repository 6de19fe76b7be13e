import { formatDate } from "./dates";
import { orderTotal } from "./money";
import { orderAddressLines } from "./order-address";
import { orderStatusLabel } from "./order-status";
import type { Order } from "./order";

export const ORDER_CSV_HEADER = ["Order", "Reference", "Date", "Status", "Ordered by", "Delivery address", "Total"] as const;

type CsvOrder = Order & { tranId?: string | null; otherRefNum?: string | null; contact?: { name?: string | null } | null };

// RFC 4180 quoting; a leading = + - @ is defused so a spreadsheet never runs a cell as a formula.
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** One order as a CSV row: the same labels, date format and total as the history screen. */
export function orderCsvRow(order: CsvOrder): string {
  return csvLine([
    order.tranId ?? "",
    order.otherRefNum ?? "",
    formatDate(order.createdDate),
    orderStatusLabel(order),
    order.contact?.name ?? "",
    orderAddressLines(order).join(", "),
    orderTotal(order).toFixed(2),
  ]);
}
