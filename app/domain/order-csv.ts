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

/** Decision 058: for an account whose prices are hidden the CSV leaves the Total column out. */
export type CsvPrices = { pricesHidden?: boolean };

export function orderCsvHeader({ pricesHidden = false }: CsvPrices = {}): readonly string[] {
  return pricesHidden ? ORDER_CSV_HEADER.filter((label) => label !== "Total") : ORDER_CSV_HEADER;
}

/** One order as a CSV row: the same labels, date format and total as the history screen. */
export function orderCsvRow(order: CsvOrder, { pricesHidden = false }: CsvPrices = {}): string {
  const cells = [
    order.tranId ?? "",
    order.otherRefNum ?? "",
    formatDate(order.createdDate),
    orderStatusLabel(order),
    order.contact?.name ?? "",
    orderAddressLines(order).join(", "),
  ];
  return csvLine(pricesHidden ? cells : [...cells, orderTotal(order).toFixed(2)]);
}
