// `tsx scripts/decision-records.ts [--seal | --reseal <file>] [--dir <folder>]` (decision 173): checks that every
// decision record carries a well-formed Status line and that no sealed record was edited. Part of `npm run lint`.
//
// The manifest (docs/decisions/sealed.json) holds, per record, the sha256 of its body (the record without its Status
// paragraph) and of its Status paragraph as it was when sealed. A record's body never changes; its Status paragraph
// changes only to `Status: Superseded by NNN.`. `--seal` adds the records the manifest does not know yet; `--reseal`
// accepts a change to one record someone decided to keep (a typo fix), and only that one.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const ACCEPTED = /^Status: Accepted(?: \(\d{4}-\d{2}-\d{2}[^)]*\))?(?:\.(?: .+)?)?$/;
const SUPERSEDED = /^Status: Superseded by (\d{3})\.$/;
const STATUS_FORMS = "`Status: Accepted (YYYY-MM-DD)` or `Status: Superseded by NNN.`";

export const MANIFEST = "sealed.json";

type Seal = { body: string; status: string };
type Manifest = Record<string, Seal>;

type DecisionRecord =
  | { file: string; number: string; problem: string }
  | { file: string; number: string; problem?: undefined; supersededBy?: string; seal: Seal };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** One record read: its Status paragraph (the first paragraph under the title) apart from its body. */
export function readRecord(file: string, text: string): DecisionRecord {
  const number = RECORD_FILE.exec(file)?.[1] ?? "";
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (!lines[0]?.startsWith("# ")) return { file, number, problem: "does not start with a `# ` title line" };
  let start = 1;
  while (start < lines.length && lines[start]!.trim() === "") start++;
  if (!lines[start]?.startsWith("Status:")) {
    return { file, number, problem: `has no Status line under its title (write ${STATUS_FORMS})` };
  }
  let end = start + 1;
  while (end < lines.length && lines[end]!.trim() !== "") end++;
  const status = lines.slice(start, end);
  const superseded = SUPERSEDED.exec(status[0]!);
  if (superseded ? status.length > 1 : !ACCEPTED.test(status[0]!)) {
    return { file, number, problem: `has a malformed Status line "${status.join(" ")}" (write ${STATUS_FORMS})` };
  }
  const body = [...lines.slice(0, start), ...lines.slice(end)].join("\n");
  return {
    file,
    number,
    supersededBy: superseded?.[1],
    seal: { body: sha256(body), status: sha256(status.join("\n")) },
  };
}

function readRecords(dir: string): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => readRecord(file, readFileSync(join(dir, file), "utf8")));
}

function readManifest(dir: string): Manifest {
  const path = join(dir, MANIFEST);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Manifest) : {};
}

function writeManifest(dir: string, manifest: Manifest): void {
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Every problem with the records in `dir`, one sentence each naming the record; none when all is well. */
export function checkRecords(dir: string): string[] {
  const records = readRecords(dir);
  const manifest = readManifest(dir);
  const numbers = new Set(records.map((record) => record.number));
  const problems: string[] = [];
  for (const record of records) {
    if (record.problem !== undefined) {
      problems.push(`${record.file} ${record.problem}.`);
      continue;
    }
    const { file, seal, supersededBy } = record;
    if (supersededBy !== undefined && (!numbers.has(supersededBy) || supersededBy <= record.number)) {
      problems.push(`${file} is "Superseded by ${supersededBy}", but there is no later record ${supersededBy}.`);
    }
    const sealed = manifest[file];
    if (!sealed) {
      problems.push(`${file} is not sealed: run \`npx tsx scripts/decision-records.ts --seal\` once it is accepted.`);
    } else if (sealed.body !== seal.body) {
      problems.push(
        `${file} was changed after it was sealed. An accepted record's body never changes: write a new record that ` +
          `supersedes it (decision 173). To accept a fix nobody disputes, run ` +
          `\`npx tsx scripts/decision-records.ts --reseal ${file}\`.`,
      );
    } else if (supersededBy === undefined && sealed.status !== seal.status) {
      problems.push(
        `${file} has a changed Status line. The one change allowed is to \`Status: Superseded by NNN.\`; to accept ` +
          `another, run \`npx tsx scripts/decision-records.ts --reseal ${file}\`.`,
      );
    }
  }
  const files = new Set(records.map((record) => record.file));
  for (const file of Object.keys(manifest)) {
    if (!files.has(file))
      problems.push(`${MANIFEST} seals ${file}, which is gone: a record is never deleted or renamed.`);
  }
  return problems;
}

/**
 * Adds to the manifest every well-formed record it does not hold yet, and re-seals `reseal` (a file name) as it now
 * reads. A record already sealed is never re-sealed otherwise. Answers the files sealed.
 */
export function sealRecords(dir: string, reseal?: string): string[] {
  const manifest = readManifest(dir);
  const records = readRecords(dir);
  if (reseal !== undefined) {
    const record = records.find((candidate) => candidate.file === reseal);
    if (!record) throw new Error(`${reseal} is not a decision record in ${dir}.`);
    if (record.problem !== undefined) throw new Error(`${reseal} ${record.problem}.`);
    delete manifest[reseal];
  }
  const sealed: string[] = [];
  for (const record of records) {
    if (record.problem === undefined && !manifest[record.file]) {
      manifest[record.file] = record.seal;
      sealed.push(record.file);
    }
  }
  writeManifest(dir, manifest);
  return sealed;
}

function main(args: string[]): number {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const dir = option("--dir") ?? "docs/decisions";
  const reseal = option("--reseal");
  if (args.includes("--reseal") && !reseal) {
    process.stderr.write("usage: tsx scripts/decision-records.ts [--seal | --reseal <file>] [--dir <folder>]\n");
    return 2;
  }
  if (args.includes("--seal") || reseal) {
    try {
      const sealed = sealRecords(dir, reseal);
      process.stdout.write(sealed.length ? `Sealed ${sealed.join(", ")}.\n` : "No record to seal.\n");
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`);
      return 1;
    }
  }
  const problems = checkRecords(dir);
  if (problems.length) {
    process.stderr.write(`Decision records (decision 173):\n${problems.map((p) => `- ${p}`).join("\n")}\n`);
    return 1;
  }
  process.stdout.write(`Decision records: ${Object.keys(readManifest(dir)).length} sealed, none changed.\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
