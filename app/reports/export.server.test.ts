import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "~/domain/csv";
import { reportCsvStream, reportXlsx } from "./export.server";

async function* pagesOf(...pages: Record<string, unknown>[][]) {
  for (const page of pages) yield page;
}

async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

async function readWorkbook(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook.worksheets[0];
}

describe("report CSV", () => {
  it("starts with a BOM and the header, then every page's rows, and parses back", async () => {
    const text = await readText(
      reportCsvStream(
        "spend-by-department",
        pagesOf(
          [
            {
              departmentId: "3",
              department: "Estates, North",
              orders: 12,
              subTotal: 1234.5,
            },
            {
              departmentId: "4",
              department: '=HYPERLINK("http://evil","x")',
              orders: 1,
              subTotal: -3,
            },
          ],
          [
            {
              departmentId: null,
              department: "No department",
              orders: 0,
              subTotal: 0,
            },
          ],
        ),
      ),
    );
    expect(text.startsWith("\uFEFFDepartment,Orders,Spend\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual([
      ["Department", "Orders", "Spend"],
      ["Estates, North", "12", "1234.50"],
      ['\'=HYPERLINK("http://evil","x")', "1", "-3.00"],
      ["No department", "0", "0.00"],
    ]);
  });

  it("writes £ and accents as UTF-8, months as 2026-01, missing values empty", async () => {
    const bytes = new Uint8Array(
      await new Response(
        reportCsvStream("spend-by-month", pagesOf([{ month: "2026-01", orders: 2, subTotal: null }])),
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows[1]).toEqual(["2026-01", "2", ""]);
    const names = await readText(
      reportCsvStream("top-products", pagesOf([{ code: "P-1", name: "Fleece £ Zoë", quantity: 3, amount: 9.99 }])),
    );
    expect(parseCsv(names)[1]).toEqual(["P-1", "Fleece £ Zoë", "3", "9.99"]);
  });

  it("an empty page in the middle is skipped, not a stall", async () => {
    const text = await readText(
      reportCsvStream(
        "orders-by-status",
        pagesOf([{ status: "Closed", orders: 1, subTotal: 1 }], [], [{ status: "Billed", orders: 2, subTotal: 2 }]),
      ),
    );
    expect(parseCsv(text).map((row) => row[0])).toEqual(["Status", "Closed", "Billed"]);
  });

  it("no rows: the header alone", async () => {
    expect(await readText(reportCsvStream("orders-by-status", pagesOf()))).toBe("\uFEFFStatus,Orders,Spend\r\n");
  });

  it("reads a page only when the stream asks, and stops reading when the download is cancelled", async () => {
    let read = 0;
    let finished = false;
    async function* pages() {
      try {
        for (let i = 0; i < 100; i++) {
          read++;
          yield [{ status: "Closed", orders: i, subTotal: i }];
        }
      } finally {
        finished = true;
      }
    }
    const reader = reportCsvStream("orders-by-status", pages()).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(read).toBeLessThan(100);
    expect(finished).toBe(true);
  });

  it("a page that fails errors the stream (the download is cut, not finished as if whole)", async () => {
    async function* pages() {
      yield [{ status: "Closed", orders: 1, subTotal: 1 }];
      throw new Error("provider went away");
    }
    await expect(readText(reportCsvStream("orders-by-status", pages()))).rejects.toThrow("provider went away");
  });
});

describe("report Excel file", () => {
  const rows = [
    {
      contactId: "7",
      wearer: "=cmd|' /C calc'!A0",
      employeeRef: "E-7",
      allocationType: "1",
      allocationTypeName: "Shirts",
      used: 3,
      left: 2,
      points: null,
      pointsUsed: null,
      pointsLeft: null,
      resetDate: "2027-01-01",
    },
    {
      contactId: "8",
      wearer: "Ann Lee",
      employeeRef: "+44",
      allocationType: "2",
      allocationTypeName: "Points",
      used: 40,
      left: -5,
      points: 35,
      pointsUsed: 40,
      pointsLeft: -5,
      resetDate: null,
    },
  ];

  it("has the title and filters on top, a header row, and typed cells", async () => {
    const sheet = await readWorkbook(
      await reportXlsx("allowance-usage", rows, {
        title: "Wearer allowance usage",
        filters: ["Employees: Ann Lee", "All departments"],
      }),
    );
    expect(sheet.name).toBe("Wearer allowance usage");
    expect(sheet.getCell("A1").value).toBe("Wearer allowance usage");
    expect(sheet.getCell("A2").value).toBe("Employees: Ann Lee");
    expect(sheet.getCell("A3").value).toBe("All departments");
    expect(sheet.getRow(5).values).toEqual([
      undefined,
      "Wearer",
      "Employee ref.",
      "Allocation type",
      "Used",
      "Left",
      "Points budget",
      "Points used",
      "Points left",
      "Resets on",
    ]);
    const first = sheet.getRow(6);
    expect(first.getCell(4).value).toBe(3);
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(6).value).toBeNull();
    expect(first.getCell(9).value).toEqual(new Date("2027-01-01T00:00:00Z"));
    expect(first.getCell(9).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getRow(7).getCell(5).value).toBe(-5);
    expect(sheet.getRow(7).getCell(6).value).toBe(35);
    expect(sheet.rowCount).toBe(7);
    expect(sheet.autoFilter).toBe("A5:I5");
  });

  it("formula-looking text stays text", async () => {
    const sheet = await readWorkbook(
      await reportXlsx("allowance-usage", rows, {
        title: "Wearer allowance usage",
        filters: [],
      }),
    );
    const wearer = sheet.getRow(4).getCell(1);
    expect(wearer.value).toBe("=cmd|' /C calc'!A0");
    expect(wearer.type).toBe(ExcelJS.ValueType.String);
    expect(wearer.formula).toBeUndefined();
    expect(sheet.getRow(5).getCell(2).type).toBe(ExcelJS.ValueType.String);
  });

  it("money is a number in £ format; months are text", async () => {
    const sheet = await readWorkbook(
      await reportXlsx(
        "spend-by-month",
        [
          { month: "2026-01", orders: 2, subTotal: 1234.567 },
          { month: "2026-02", orders: 0, subTotal: 0 },
        ],
        {
          title: "Spend by month",
          filters: ["Orders placed 01.01.26 to 28.02.26"],
        },
      ),
    );
    const jan = sheet.getRow(5);
    expect(jan.getCell(1).value).toBe("2026-01");
    expect(jan.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(jan.getCell(3).value).toBe(1234.57);
    expect(jan.getCell(3).numFmt).toContain("£");
    expect(sheet.getCell("A1").numFmt ?? "General").not.toContain("£");
  });

  it("an empty report is still a workbook with its header", async () => {
    const sheet = await readWorkbook(
      await reportXlsx("approval-turnaround", [], {
        title: "Approval turnaround: 2026/27 [draft]",
        filters: [],
      }),
    );
    expect(sheet.name).toBe("Approval turnaround  2026 27  d");
    expect(sheet.getRow(3).getCell(1).value).toBe("Approver");
  });
});
