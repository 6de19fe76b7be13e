import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine, parseCsv } from "./csv";

describe("CSV cells", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["two\r\nlines", '"two\r\nlines"'],
    ["£1,234.50", '"£1,234.50"'],
  ])("%j → %j", (value, cell) => expect(csvCell(value)).toBe(cell));

  it.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+44 20 7946 0000", "'+44 20 7946 0000"],
    ["-2+3", "'-2+3"],
    ["-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"],
    ["@SUM(1)", "'@SUM(1)"],
    ["\tTabbed", "'\tTabbed"],
    ["\r=1", '"\'\r=1"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
  ])("a formula-looking cell %j is neutralised → %j", (value, cell) => expect(csvCell(value)).toBe(cell));

  it.each([
    ["-3", "-3"],
    ["-1234.50", "-1234.50"],
    ["0.5", "0.5"],
  ])("a plain negative number %j stays a value", (value, cell) => expect(csvCell(value)).toBe(cell));

  it.each([["-1e5"], ["-3."], ["--3"], ["-3,50"]])(
    "anything more than a plain number after a minus is neutralised: %j",
    (value) => {
      expect(csvCell(value).replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("a line ends CRLF and parses back to its cells (neutralised ones keep the apostrophe)", () => {
    const cells = ["Estates, North", 'Say "yes"', "two\nlines", "=1+1", "-12.50", "£3.00"];
    const line = csvLine(cells);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(parseCsv(line)[0]).toEqual(["Estates, North", 'Say "yes"', "two\nlines", "'=1+1", "-12.50", "£3.00"]);
  });

  it("reads a whole file back: BOM skipped, CRLF or LF rows, quoted line breaks kept", () => {
    const text = CSV_BOM + csvLine(["Name", "Note"]) + csvLine(["Ann", "two\r\nlines"]) + 'Bob,plain\nCy,"a,b"\n';
    expect(parseCsv(text)).toEqual([
      ["Name", "Note"],
      ["Ann", "two\r\nlines"],
      ["Bob", "plain"],
      ["Cy", "a,b"],
    ]);
    expect(parseCsv("")).toEqual([]);
  });
});
