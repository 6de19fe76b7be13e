import { data } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { lineFromItem, mergeLine, orderable, type PricesHidden } from "~/domain/basket-lines";
import { pricesHidden } from "~/domain/prices";
import { checkOrderQuantity } from "~/domain/quantity";
import { parseQuickOrderLines, type QuickOrderRequest } from "~/domain/quick-order-lines";
import { findItemByCode, getBasket, patchBasket, type BasketState, type StockLine } from "~/upstream/basket.server";
import type { UpstreamClient } from "~/upstream/client.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { stockAdded } from "./basket-changes.server";

// Quick order (/quick-order): product codes and quantities, typed or uploaded as CSV, go into the stock basket. Its
// form schema, its action and the adding; the line rules are the basket's (app/domain/basket-lines.ts).

export type LineReport = {
  row: number;
  code: string;
  qty: string;
  added: boolean;
  name: string | null;
  reason: string | null;
};

/**
 * Quick order and CSV upload: each requested code and quantity is checked against the catalogue on its own;
 * the accepted ones go into the basket in one write, the refused ones say why. Nothing is written when
 * nothing was accepted.
 */
export async function addByCodes(
  client: UpstreamClient,
  requests: readonly QuickOrderRequest[],
  prices: PricesHidden = {},
): Promise<{ report: LineReport[]; basket: BasketState | null }> {
  const found = await Promise.all(requests.map((request) => findItemByCode(client, request.code)));
  const basket = await getBasket(client);
  let stock = basket.stock;
  const report = requests.map((request, i): LineReport => {
    const refused = (reason: string, name: string | null = null) => ({ ...request, added: false, name, reason });
    const item = found[i];
    if (!item) return refused(`No product has the code ${request.code}.`);
    const check = orderable(item, prices);
    if (!check.ok) return refused(check.message, item.displayName);
    const qty = checkOrderQuantity(item, request.qty);
    if (!qty.ok) return refused(qty.message, item.displayName);
    const merged = mergeLine<StockLine>(stock, lineFromItem(item, qty.qty), item);
    if (!merged.ok) return refused(merged.message, item.displayName);
    stock = merged.lines;
    return { ...request, added: true, name: item.displayName, reason: null };
  });
  if (!report.some((line) => line.added)) return { report, basket: null };
  return { report, basket: await patchBasket(client, stockAdded(basket, stock)) };
}

const MAX_CSV_BYTES = 100_000;

// a function, so that zod is built on the server only and stays out of the browser bundle (decision 002)
const quickOrderSchema = () =>
  z.object({
    lines: z.string().max(20_000, "Paste at most 20,000 characters; upload a CSV file for more lines").default(""),
    file: z
      .instanceof(File)
      .optional()
      .refine((file) => !file || file.size <= MAX_CSV_BYTES, "The CSV file can be at most 100 KB")
      .refine(
        (file) => !file || file.size === 0 || /\.(csv|txt)$/i.test(file.name) || /csv|text\/plain/.test(file.type),
        "Upload a .csv file",
      ),
  });

/** POST /quick-order: the report of what went in and what did not; nothing added is a 400. */
export async function submitQuickOrder(user: PortalUser, request: Request) {
  const form = await parseForm(request, quickOrderSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const uploaded = form.data.file && form.data.file.size > 0 ? await form.data.file.text() : "";
  const source = uploaded || form.data.lines;
  const parsed = parseQuickOrderLines(source);
  if (parsed.requests.length === 0 && parsed.refused.length === 0) {
    return invalidForm({ lines: "Enter at least one product code and quantity, or upload a CSV file" });
  }
  // a product whose price is hidden from the account is still orderable: the provider prices the order (decision 058)
  const { report } = await addByCodes(user.upstream, parsed.requests, {
    pricesHidden: pricesHidden(user.session.account, { inPunchout: user.inPunchout }),
  });
  const refusedRows: LineReport[] = parsed.refused.map((r) => ({
    row: r.row,
    code: r.text,
    qty: "",
    added: false,
    name: null,
    reason: r.reason,
  }));
  const all = [...report, ...refusedRows].sort((a, b) => a.row - b.row);
  const added = all.filter((line) => line.added).length;
  // nothing added: the whole request was refused (400); otherwise the report of what went in and what did not
  return data(
    { ok: true as const, source: uploaded ? "file" : "form", report: all, added, kept: keptLines(all) },
    { status: added === 0 ? 400 : 200 },
  );
}

/**
 * The lines that did not go in, as the box shows them again (issue 34 item 5, decision 161): each as it can be typed
 * ("code, qty", or the line as it was when it could not be read), with its reason beside it, in the report's order.
 */
export function keptLines(report: readonly LineReport[]): Array<{ text: string; reason: string }> {
  return report
    .filter((line) => !line.added)
    .map((line) => ({ text: line.qty ? `${line.code}, ${line.qty}` : line.code, reason: line.reason ?? "" }));
}
