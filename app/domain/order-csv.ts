import { csvLine } from "./csv";
import { formatDate } from "./dates";
import { orderTotal } from "./money";
import { orderAddressLines } from "./order-address";
import { orderStatusLabel } from "./order-status";
import type { Order } from "./order";

export const ORDER_CSV_HEADER = [
  "Order",
  "Reference",
  "Date",
  "Status",
  "Ordered by",
  "Delivery address",
  "Total",
] as const;

type CsvOrder = Order & {
  tranId?: string | null;
  otherRefNum?: string | null;
  contact?: { name?: string | null } | null;
};

// The cell rule lives in csv.ts, one for every download; re-exported for the history's stream.
export { csvLine } from "./csv";

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
