import PDFDocument from "pdfkit";
import type { PortalUser } from "~/auth/require-user.server";
import { SITE_NAME } from "~/domain/site";
import { loadOrderDetail } from "./order-detail.server";
import { orderPrices, type OrderDetailView } from "./order-view.server";

// Issue 34 item 9 (decision 163): the order as a PDF to keep, from the order detail's own data (one provider call,
// the same prices rule), A4 (495 pt between the margins: the columns and their 5 pt gaps fill it), drawn with pdfkit's standard fonts (no font files to ship).

const MARGIN = 50;
const SMALL = 9;

type Column = {
  title: string;
  width: number;
  align: "left" | "right";
  cell: (l: OrderDetailView["lines"][number]) => string;
};

/** The lines' columns; the prices only where the user sees prices (decision 058, as the page). */
function columns(pricesShown: boolean): Column[] {
  const base: Column[] = [
    { title: "Code", width: 130, align: "left", cell: (l) => l.code },
    { title: "Description", width: pricesShown ? 155 : 310, align: "left", cell: (l) => l.name },
    { title: "Quantity", width: 45, align: "right", cell: (l) => String(l.quantity) },
  ];
  if (!pricesShown) return base;
  return [
    ...base,
    { title: "Unit price", width: 70, align: "right", cell: (l) => l.rate },
    { title: "Line total", width: 75, align: "right", cell: (l) => l.amount },
  ];
}

/** The order `orderId` as a PDF (A4), for the user's own eyes: the provider refuses another customer's order (404). */
export async function orderPdf(
  user: PortalUser,
  orderId: string | undefined,
): Promise<{ reference: string; bytes: Uint8Array<ArrayBuffer> }> {
  const { order } = await loadOrderDetail(user, orderId);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: true,
    info: { Title: `Order ${order.tranId}`, Author: SITE_NAME },
  });
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  draw(doc, order, user.session.selectedCustomer?.name ?? "", !orderPrices(user).pricesHidden);
  doc.end();
  return { reference: order.tranId, bytes: await done };
}

function draw(doc: PDFKit.PDFDocument, order: OrderDetailView, customer: string, pricesShown: boolean) {
  doc.font("Helvetica-Bold").fontSize(16).text(SITE_NAME);
  doc.moveDown(0.5).fontSize(13).text(`Order ${order.tranId}`);
  doc.moveDown(0.5).font("Helvetica").fontSize(10);
  const facts: Array<[string, string]> = [
    ["Ordered on", order.created],
    ["Your reference", order.otherRefNum || "—"],
    ["Customer", customer],
    ["Ordered by", order.orderedBy],
    ["Status", order.status.label],
  ];
  for (const [label, value] of facts) if (value) doc.text(`${label}: ${value}`);
  doc.moveDown().font("Helvetica-Bold").text("Delivery address");
  doc.font("Helvetica");
  for (const line of order.addressLines) doc.text(line);
  if (order.instructions) doc.text(`Delivery instructions: ${order.instructions}`);
  doc.moveDown();
  linesTable(doc, order.lines, columns(pricesShown));
  doc.moveDown();
  const totals: Array<[string, string]> = [
    ["Total quantity", String(order.totalQuantity)],
    ["Subtotal", order.subTotal],
    ["Carriage", order.shipping],
    ["VAT", order.tax],
    ["Total (GBP)", order.total],
  ];
  const width = doc.page.width - 2 * MARGIN;
  // the totals together, on a new page when they would not fit under the lines
  if (doc.y + totals.length * doc.currentLineHeight(true) > doc.page.height - MARGIN) doc.addPage();
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font(label.startsWith("Total (") ? "Helvetica-Bold" : "Helvetica");
    doc.text(label, MARGIN, y, { width: width - 140 });
    doc.text(value, MARGIN + width - 140, y, { width: 140, align: "right" });
  }
}

/** A row per line; a code or a description wraps within its cell, never cut; a new page repeats the header. */
function linesTable(doc: PDFKit.PDFDocument, lines: OrderDetailView["lines"], cols: Column[]) {
  const gap = 5;
  const titles = cols.map((c) => c.title);
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(SMALL);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i].width })));
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      if (!bold) row(titles, true);
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(SMALL);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((c, i) => {
      doc.text(c, x, y, { width: cols[i].width, align: cols[i].align });
      x += cols[i].width + gap;
    });
    doc.x = MARGIN;
    doc.y = y + height + gap;
  };
  row(titles, true);
  for (const line of lines)
    row(
      cols.map((c) => c.cell(line)),
      false,
    );
  doc.fontSize(10);
}
