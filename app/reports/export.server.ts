import ExcelJS from "exceljs";
import { CSV_BOM, csvLine } from "~/domain/csv";
import { parseReportDay } from "~/domain/report-filters";
import {
  exportReportCell,
  exportReportValue,
  REPORT_DEFINITIONS,
  type ReportColumn,
  type ReportType,
} from "~/domain/reports";

// A finished report as files (issue 19 item 5, decision 123): CSV streamed as the provider's pages arrive, Excel built
// whole with exceljs. Both hold the same plain values; the cell rule against formula injection is csv.ts's.

/**
 * The header row, then each page's rows as it comes; UTF-8 with a BOM so Excel reads £. The pages are not read
 * until the stream is, and a cancelled download stops reading them.
 */
export function reportCsvStream(
  type: ReportType,
  pages: AsyncIterable<readonly Record<string, unknown>[]>,
): ReadableStream<Uint8Array> {
  const { columns } = REPORT_DEFINITIONS[type];
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(columns.map((c) => c.heading))));
    },
    // A pull that enqueues nothing is not called again, so an empty page is skipped here, not left to stall.
    async pull(controller) {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return controller.close();
        const text = next.value.map((row) => csvLine(columns.map((column) => exportReportCell(row, column)))).join("");
        if (text) return controller.enqueue(encoder.encode(text));
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

const MONEY_FORMAT = '"£"#,##0.00;-"£"#,##0.00';
const NUMBER_FORMATS: Partial<Record<ReportColumn["format"], string>> = {
  money: MONEY_FORMAT,
  count: "#,##0",
  hours: "0.0",
  date: "dd/mm/yyyy",
};

/** A sheet's name: Excel allows 31 characters and none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  return (
    title
      .replace(/[:\\/?*[\]]/g, " ")
      .slice(0, 31)
      .trim() || "Report"
  );
}

/** A typed cell: numbers as numbers, a day as a date (midnight UTC, as Excel holds days), text as text. */
function xlsxValue(row: Record<string, unknown>, column: ReportColumn): ExcelJS.CellValue {
  const value = exportReportValue(row, column);
  if (column.format === "date" && typeof value === "string" && parseReportDay(value))
    return new Date(`${value}T00:00:00Z`);
  return value;
}

/**
 * The report as an Excel workbook: one sheet with the title and the filters on top, a header row, then a row per
 * report row with typed cells (money in £ number format; months as text, e.g. 2026-01). Text is written as text:
 * exceljs makes a formula only from a {formula} value, so "=1+1" in a name stays the characters "=1+1".
 */
export async function reportXlsx(
  type: ReportType,
  rows: readonly Record<string, unknown>[],
  meta: { title: string; filters: string[] },
): Promise<Uint8Array<ArrayBuffer>> {
  const { columns } = REPORT_DEFINITIONS[type];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Workwear portal";
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(meta.title));

  sheet.addRow([meta.title]).font = { bold: true, size: 14 };
  for (const line of meta.filters) sheet.addRow([line]);
  sheet.addRow([]);
  const header = sheet.addRow(columns.map((c) => c.heading));
  header.font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: header.number }];
  sheet.autoFilter = { from: { row: header.number, column: 1 }, to: { row: header.number, column: columns.length } };

  for (const row of rows) sheet.addRow(columns.map((column) => xlsxValue(row, column)));

  columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    const numFmt = NUMBER_FORMATS[column.format];
    if (numFmt) sheetColumn.numFmt = numFmt;
    if (column.format !== "text") sheetColumn.alignment = { horizontal: "right" };
    const widths = rows.slice(0, 200).map((row) => exportReportCell(row, column).length + 2);
    sheetColumn.width = Math.max(12, column.heading.length + 2, ...widths);
  });
  // The title and filter lines sit in the first column: no number format or alignment for them.
  for (let r = 1; r < header.number; r++) {
    const cell = sheet.getCell(r, 1);
    cell.numFmt = "General";
    cell.alignment = { horizontal: "left" };
  }

  // exceljs answers a Node Buffer; a copy as a plain Uint8Array is what a Response body takes.
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
