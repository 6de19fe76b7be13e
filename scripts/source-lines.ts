// `tsx scripts/source-lines.ts` (decision 174): fails when a source file in app/ or server/ is over 350 lines. Part of
// `npm run lint`. Tests, migrations, seed data and the bench are not held to it. (Decision 174's list of files still
// to split emptied when issue 36's splits landed; it is gone.)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

export const MAX_LINES = 350;
const SOURCE = /\.(ts|tsx)$/;

/** Paths (from the project root, `/`-separated) not held to the limit: tests, migrations, seed data, the bench. */
const EXEMPT: RegExp[] = [
  /\.test\.tsx?$/,
  /^server\/test\//,
  /^server\/db\/migrations\//,
  /^server\/db\/seed\//,
  /^server\/bench\.ts$/,
];

export const isExempt = (path: string) => EXEMPT.some((rule) => rule.test(path));

/** Lines as `wc -l` counts them: the newlines, plus a last line without one. */
export const lineCount = (text: string) => (text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0));

function* sourceFiles(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(root, path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** Every source file under `dirs` over the limit and not exempt, longest first, as `path: lines`. */
export function longFiles(root: string, dirs: readonly string[] = ["app", "server"], max = MAX_LINES): string[] {
  const long: Array<[string, number]> = [];
  for (const dir of dirs)
    for (const path of sourceFiles(root, dir)) {
      if (isExempt(path)) continue;
      const lines = lineCount(readFileSync(join(root, path), "utf8"));
      if (lines > max) long.push([path, lines]);
    }
  return long.sort((a, b) => b[1] - a[1]).map(([path, lines]) => `${path}: ${lines} lines`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = relative(process.cwd(), join(import.meta.dirname, "..")) || ".";
  const long = longFiles(root);
  if (long.length > 0) {
    process.stderr.write(
      `Source files over ${MAX_LINES} lines (decision 174: split them along a seam):\n${long.map((l) => `  ${l}\n`).join("")}`,
    );
    process.exitCode = 1;
  }
}
