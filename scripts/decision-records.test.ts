import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkRecords, MANIFEST, readRecord, sealRecords } from "./decision-records";

const ROOT = path.resolve(import.meta.dirname, "..");
const FIRST = "001-first-choice.md";
const SECOND = "002-second-choice.md";

const record = (title: string, status: string, body = "## Context\nWhy.\n\n## Decision\nWhat.\n") =>
  `# ${title}\n\n${status}\n\n${body}`;

let dir: string;
const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
const read = (file: string) => readFileSync(path.join(dir, file), "utf8");
const edit = (file: string, from: string, to: string) => write(file, read(file).replace(from, to));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "decision-records-"));
  write(FIRST, record("001 First choice", "Status: Accepted (2026-11-21)"));
  write(
    SECOND,
    record(
      "002 Second choice",
      "Status: Accepted. Supersedes the Decision of 001's second\nsentence; the rest stands.",
    ),
  );
  expect(sealRecords(dir)).toEqual([FIRST, SECOND]);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("readRecord", () => {
  const sealed = (status: string) => {
    const read = readRecord(FIRST, record("001 First", status));
    if (read.problem !== undefined) throw new Error(read.problem);
    return read;
  };

  it("seals the body apart from the Status paragraph, however long that is", () => {
    const one = sealed("Status: Accepted (2026-11-21)");
    const other = sealed("Status: Accepted. Builds on\nnothing.");
    const superseded = sealed("Status: Superseded by 002.");
    expect(other.seal.body).toBe(one.seal.body);
    expect(superseded.seal.body).toBe(one.seal.body);
    expect(other.seal.status).not.toBe(one.seal.status);
    expect(one.supersededBy).toBeUndefined();
    expect(superseded.supersededBy).toBe("002");
  });

  it.each([
    ["Status: Accepted", true],
    ["Status: Accepted.", true],
    ["Status: Accepted (2026-11-27, issue 33 item 1)", true],
    ["Status: Accepted (2026-11-23). Supersedes the last line of decision 023.", true],
    ["Status: Superseded by 171.", true],
    ["Status: accepted", false],
    ["Status: Approved (2026-11-23)", false],
    ["Status: Accepted 2026-11-23", false],
    ["Status: Superseded by 171", false],
    ["Status: Superseded by 171 and 172.", false],
    ["Status: Superseded by 171.\nIts table is gone.", false],
  ])("reads %j as well formed: %s", (status, ok) => {
    expect(readRecord(FIRST, record("001 First", status)).problem === undefined).toBe(ok);
  });
});

describe("checkRecords", () => {
  it("passes sealed records as they were sealed", () => {
    expect(checkRecords(dir)).toEqual([]);
    expect(Object.keys(JSON.parse(read(MANIFEST)) as object)).toEqual([FIRST, SECOND]);
  });

  it("fails, naming the record, when a sealed record's body changes", () => {
    edit(FIRST, "What.", "What, and a little more.");
    expect(checkRecords(dir)).toEqual([expect.stringMatching(/^001-first-choice\.md was changed after it was sealed/)]);
  });

  it("allows the one edit: Accepted becomes Superseded by a later record", () => {
    edit(FIRST, "Status: Accepted (2026-11-21)", "Status: Superseded by 002.");
    expect(checkRecords(dir)).toEqual([]);
  });

  it("fails when the body changes together with the status", () => {
    edit(FIRST, "Status: Accepted (2026-11-21)", "Status: Superseded by 002.");
    edit(FIRST, "Why.", "Why not.");
    expect(checkRecords(dir)).toEqual([expect.stringContaining("001-first-choice.md was changed after it was sealed")]);
  });

  it("fails when an accepted record's Status paragraph says something else", () => {
    edit(SECOND, "the rest stands.", "the rest stands too.");
    expect(checkRecords(dir)).toEqual([expect.stringMatching(/^002-second-choice\.md has a changed Status line/)]);
  });

  it("fails when Superseded by names no record, or an earlier one", () => {
    edit(FIRST, "Status: Accepted (2026-11-21)", "Status: Superseded by 003.");
    edit(
      SECOND,
      "Status: Accepted. Supersedes the Decision of 001's second\nsentence; the rest stands.",
      "Status: Superseded by 001.",
    );
    expect(checkRecords(dir)).toEqual([
      '001-first-choice.md is "Superseded by 003", but there is no later record 003.',
      '002-second-choice.md is "Superseded by 001", but there is no later record 001.',
    ]);
  });

  it("fails on a record without a Status line and on a malformed one", () => {
    write("003-no-status.md", "# 003 No status\n\n## Context\nWhy.\n");
    write("004-bad-status.md", record("004 Bad status", "Status: Approved"));
    sealRecords(dir);
    expect(checkRecords(dir)).toEqual([
      expect.stringMatching(/^003-no-status\.md has no Status line under its title/),
      expect.stringMatching(/^004-bad-status\.md has a malformed Status line "Status: Approved"/),
    ]);
  });

  it("fails on a record the manifest does not hold, and on a sealed record that is gone", () => {
    write("003-new-choice.md", record("003 New choice", "Status: Accepted (2026-11-27)"));
    unlinkSync(path.join(dir, FIRST));
    expect(checkRecords(dir)).toEqual([
      expect.stringMatching(/^003-new-choice\.md is not sealed: run `npx tsx scripts\/decision-records\.ts --seal`/),
      `${MANIFEST} seals ${FIRST}, which is gone: a record is never deleted or renamed.`,
    ]);
  });
});

describe("sealRecords", () => {
  it("adds a new record and never re-seals a changed one", () => {
    write("003-new-choice.md", record("003 New choice", "Status: Accepted (2026-11-27)"));
    edit(FIRST, "What.", "Something else.");
    expect(sealRecords(dir)).toEqual(["003-new-choice.md"]);
    expect(checkRecords(dir)).toEqual([expect.stringContaining("001-first-choice.md was changed after it was sealed")]);
  });

  it("re-seals exactly the record named with reseal", () => {
    edit(FIRST, "What.", "What (typo fixed).");
    edit(SECOND, "What.", "What (also changed).");
    expect(sealRecords(dir, FIRST)).toEqual([FIRST]);
    expect(checkRecords(dir)).toEqual([
      expect.stringContaining("002-second-choice.md was changed after it was sealed"),
    ]);
  });

  it("refuses to seal a record without a well-formed Status line, or to reseal one that does not exist", () => {
    write("003-no-status.md", "# 003 No status\n\n## Context\nWhy.\n");
    expect(sealRecords(dir)).toEqual([]);
    expect(() => sealRecords(dir, "003-no-status.md")).toThrow(/003-no-status\.md has no Status line/);
    expect(() => sealRecords(dir, "009-missing.md")).toThrow("009-missing.md is not a decision record");
  });
});

describe("the command", () => {
  const run = async (...args: string[]) => {
    const script = path.join(ROOT, "scripts/decision-records.ts");
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args], {
        cwd: ROOT,
      });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const { code, stdout = "", stderr = "" } = error as { code: number; stdout?: string; stderr?: string };
      return { code, output: stdout + stderr };
    }
  };

  it("exits 1 naming the changed record, and --seal then adds only the new one", async () => {
    edit(FIRST, "Why.", "Why, rewritten.");
    write("003-new-choice.md", record("003 New choice", "Status: Accepted (2026-11-27)"));
    const failed = await run("--dir", dir);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain("- 001-first-choice.md was changed after it was sealed");
    expect(failed.output).toContain("- 003-new-choice.md is not sealed");

    const sealed = await run("--seal", "--dir", dir);
    expect(sealed.code).toBe(1);
    expect(sealed.output).toContain("Sealed 003-new-choice.md.");
    expect(sealed.output).not.toContain("003-new-choice.md is not sealed");

    const resealed = await run("--reseal", FIRST, "--dir", dir);
    expect(resealed).toEqual({
      code: 0,
      output: "Sealed 001-first-choice.md.\nDecision records: 3 sealed, none changed.\n",
    });
  });
});
