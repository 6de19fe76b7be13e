import { describe, expect, it } from "vitest";
import { compressionLines, tableLines, type Compression, type Load, type Measured } from "./bench-table";

const load = (rps: number, extra: Partial<Load> = {}): Load => ({
  rps,
  p50: 10,
  p99: 30,
  count: rps * 10,
  errors: 0,
  portalCpu: 2,
  providerCpu: 0.5,
  ...extra,
});

function row(
  key: string,
  compression: Compression,
  rps: number,
  limitRps: number,
  extra: Partial<Measured> = {},
): Measured {
  return {
    seed: "large",
    scenario: { key, name: key, paths: [`/${key}`] },
    compression,
    shows: [],
    max: load(rps),
    open: { ...load(rps / 2), offered: rps / 2 },
    limit: load(limitRps),
    wire: { bytes: 8 * 1024, encoding: compression === "portal" ? "br" : "identity" },
    ...extra,
  };
}

/** The table's row for a page, by its name and where it is compressed (the label's first two columns). */
const lineOf = (lines: string[], key: string, compression: Compression) =>
  lines.find((l) => new RegExp(`^large\\s+${key}\\s+${compression}\\s`).test(l)) ?? "";

describe("tableLines", () => {
  it("puts each page's share of its own limit beside its page/floor ratio, and judges the share", () => {
    const lines = tableLines([
      row("floor", "portal", 600, 10_000),
      row("category", "portal", 150, 5_000),
      row("product", "portal", 100, 5_000),
    ]);
    expect(lines[0]).toMatch(/max req\/s\s+\/floor\s+limit req\/s\s+share/);
    expect(lineOf(lines, "floor", "portal")).toMatch(/600\s+10000\s+6\.0 %.*share ok/);
    // category: 150/600 of the floor, 150/5000 of its limit (3 %, under 4 %)
    expect(lineOf(lines, "category", "portal")).toMatch(/150\s+25 %\s+5000\s+3\.0 %.*share UNDER, p99 ok/);
    expect(lineOf(lines, "product", "portal")).toMatch(/8\.0 br\s+100\s+17 %\s+5000\s+2\.0 %/);
  });

  it("reads the ratio against the floor compressed the same way", () => {
    const lines = tableLines([
      row("floor", "portal", 500, 10_000),
      row("floor", "proxy", 1000, 20_000),
      row("category", "proxy", 250, 5_000),
    ]);
    expect(lineOf(lines, "category", "proxy")).toMatch(/8\.0 identity\s+250\s+25 %\s+5000\s+5\.0 %.*share ok/);
  });

  it("flags a p99 over 50 ms, an offered rate not kept up with, and non-200 answers of any of the three runs", () => {
    const slow = row("category", "portal", 100, 5_000, {
      open: { ...load(30, { p99: 80 }), offered: 50 },
      limit: load(5_000, { errors: 2 }),
    });
    const line = lineOf(tableLines([slow]), "category", "portal");
    expect(line).toContain("p99 OVER");
    expect(line).toContain("served only 30 req/s of the offered rate");
    expect(line).toContain("non-200 2");
    expect(line).toMatch(/100\s+–\s+5000/); // no floor measured: no ratio
  });

  it("says why a page was not measured, and shows a dash for a limit not measured", () => {
    const lines = tableLines([
      {
        seed: "large",
        scenario: { key: "history", name: "history", paths: [] },
        compression: "portal",
        shows: [],
        skipped: "302 on /order-history",
      },
      row("product", "portal", 100, 5_000, { limit: undefined }),
    ]);
    expect(lineOf(lines, "history", "portal")).toContain("not measured: 302 on /order-history");
    expect(lineOf(lines, "product", "portal")).toMatch(/100\s+–\s+–\s+–\s+│/);
    expect(lineOf(lines, "product", "portal")).not.toContain("share");
  });
});

describe("compressionLines", () => {
  it("sets each page compressed in the portal beside the same page left to a proxy, with the proxy's work", () => {
    const lines = compressionLines([
      row("category", "portal", 100, 5_000),
      row("category", "proxy", 125, 4_000, {
        max: load(125, { portalCpu: 1.5 }),
        wire: { bytes: 40 * 1024, encoding: "identity" },
        compressing: { brMs: 0.8, brBytes: 8 * 1024, gzipMs: 0.6, gzipBytes: 9 * 1024 },
      }),
      row("product", "portal", 90, 5_000), // no proxy row: no line
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("decision 184");
    expect(lines[1]).toContain("in the portal 8.0 KB br, portal CPU 2.00 ms/req, 100 req/s");
    expect(lines[1]).toContain("by a proxy 40.0 KB identity, portal CPU 1.50 ms/req, 125 req/s (+25 %)");
    expect(lines[1]).toContain("the proxy's work: br 0.80 ms → 8.0 KB, gzip 0.60 ms → 9.0 KB");
  });

  it("is empty when the pages were measured one way only", () => {
    expect(compressionLines([row("category", "portal", 100, 5_000)])).toEqual([]);
  });
});
