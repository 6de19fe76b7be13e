import { describe, expect, it } from "vitest";
import { parseQuickOrderLines, QUICK_ORDER_MAX_LINES } from "./quick-order-lines";

describe("parseQuickOrderLines", () => {
  it("reads code and quantity separated by comma, semicolon, tab or spaces; upper-cases codes; numbers rows from 1", () => {
    expect(parseQuickOrderLines("hv100-yel-m, 3\nGL100-GRE-8M;20\r\nWT100-NAV-32R\t2\nPS100-NAV-L 4").requests).toEqual(
      [
        { row: 1, code: "HV100-YEL-M", qty: "3" },
        { row: 2, code: "GL100-GRE-8M", qty: "20" },
        { row: 3, code: "WT100-NAV-32R", qty: "2" },
        { row: 4, code: "PS100-NAV-L", qty: "4" },
      ],
    );
  });

  it("skips a header row, blank lines and a byte-order mark; a missing quantity is 1; quoted cells are unquoted", () => {
    const parsed = parseQuickOrderLines('\uFEFFcode,qty\n\n"HV100-YEL-M","2"\nGL100\n');
    expect(parsed.requests).toEqual([
      { row: 3, code: "HV100-YEL-M", qty: "2" },
      { row: 4, code: "GL100", qty: "1" },
    ]);
    expect(parsed.refused).toEqual([]);
  });

  it("leaves the quantity's validity to the item's rules but refuses rows with extra cells or no code", () => {
    const parsed = parseQuickOrderLines("A1,abc\nA2,1,extra\n,5");
    expect(parsed.requests).toEqual([{ row: 1, code: "A1", qty: "abc" }]);
    expect(parsed.refused).toEqual([
      { row: 2, text: "A2,1,extra", reason: "Expected a product code and a quantity only" },
      { row: 3, text: ",5", reason: "No product code" },
    ]);
  });

  it(`refuses rows after the first ${QUICK_ORDER_MAX_LINES}`, () => {
    const text = Array.from({ length: QUICK_ORDER_MAX_LINES + 2 }, (_, i) => `C${i},1`).join("\n");
    const parsed = parseQuickOrderLines(text);
    expect(parsed.requests).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(parsed.refused.map((r) => r.row)).toEqual([QUICK_ORDER_MAX_LINES + 1, QUICK_ORDER_MAX_LINES + 2]);
  });
});
