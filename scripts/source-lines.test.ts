import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isExempt, lineCount, longFiles } from "./source-lines";

let root: string;
const write = (file: string, lines: number) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), "x\n".repeat(lines));
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "source-lines-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("lineCount", () => {
  it("counts as wc -l does, plus a last line without a newline", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
  });
});

describe("isExempt", () => {
  it("exempts tests, migrations, seed data and the bench, and nothing else", () => {
    expect(isExempt("app/basket/basket.server.test.ts")).toBe(true);
    expect(isExempt("app/routes/_basket.basket.test.tsx")).toBe(true);
    expect(isExempt("server/test/fixtures.ts")).toBe(true);
    expect(isExempt("server/db/migrations/001_initial.ts")).toBe(true);
    expect(isExempt("server/db/seed/catalogue.ts")).toBe(true);
    expect(isExempt("server/bench.ts")).toBe(true);
    expect(isExempt("app/admin/admin-users.server.ts")).toBe(false);
    expect(isExempt("server/services/orders.ts")).toBe(false);
    expect(isExempt("server/db/knex.ts")).toBe(false);
  });
});

describe("longFiles", () => {
  it("names every source file over the limit, longest first, and passes a file at the limit", () => {
    write("app/admin/at-limit.server.ts", 350);
    write("app/admin/long.server.ts", 351);
    write("app/routes/longer.tsx", 400);
    write("server/services/long.ts", 360);
    write("app/styles/long.css", 900);
    expect(longFiles(root)).toEqual([
      "app/routes/longer.tsx: 400 lines",
      "server/services/long.ts: 360 lines",
      "app/admin/long.server.ts: 351 lines",
    ]);
  });

  it("leaves out the exempt files", () => {
    write("app/admin/long.server.test.ts", 900);
    write("server/db/seed/rows.ts", 900);
    write("server/db/migrations/001_initial.ts", 900);
    expect(longFiles(root)).toEqual([]);
  });
});
