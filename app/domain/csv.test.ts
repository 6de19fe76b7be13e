import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

/** RFC 4180 read-back: enough of a parser to prove a line round-trips. */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") cells.push(cell), (cell = "");
    else cell += c;
  }
  cells.push(cell);
  return cells;
}

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
    ["\r=1", "\"'\r=1\""],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
  ])("a formula-looking cell %j is neutralised → %j", (value, cell) => expect(csvCell(value)).toBe(cell));

  it.each([
    ["-3", "-3"],
    ["-1234.50", "-1234.50"],
    ["0.5", "0.5"],
  ])("a plain negative number %j stays a value", (value, cell) => expect(csvCell(value)).toBe(cell));

  it.each([["-1e5"], ["-3."], ["--3"], ["-3,50"]])("anything more than a plain number after a minus is neutralised: %j", (value) => {
    expect(csvCell(value).replace(/^"/, "").startsWith("'")).toBe(true);
  });

  it("a line ends CRLF and parses back to its cells (neutralised ones keep the apostrophe)", () => {
    const cells = ["Estates, North", 'Say "yes"', "two\nlines", "=1+1", "-12.50", "£3.00"];
    const line = csvLine(cells);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(parseCsvLine(line.slice(0, -2))).toEqual(["Estates, North", 'Say "yes"', "two\nlines", "'=1+1", "-12.50", "£3.00"]);
  });
});
