// `tsx scripts/folder-cycles.ts` (decisions 174, 178): fails when two folders of app/, or two of server/, import each
// other, through any files (folder A has a file importing from folder B, and B — directly or through other folders —
// imports from A). Part of `npm run lint`; `import-x/no-cycle` catches cycles between files, this one cycles between
// folders.
//
// A folder is a directory directly under app/ or server/ (app/admin, app/upstream, server/services, …); a file directly
// in app/ or server/ (root.tsx, chrome.server.ts, server/app.ts, …) is a folder of its own; server/db/seed, the demo
// data that seeds a whole provider, is a folder of its own beside server/db. Tests are left out (and server/test/): a
// test may import from anywhere.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;

/** The folder a path under app/ belongs to: its first segment, without the extension for a file directly in app/. */
export function folderOf(appPath: string): string {
  const [first, ...rest] = appPath.split("/");
  return rest.length === 0 ? first!.replace(/\.tsx?$/, "").replace(/\.(server|client)$/, "") : first!;
}

/** server/'s folders: as app/'s, but the seed data is a folder of its own (it builds on the whole provider). */
export const serverFolderOf = (path: string): string => (path.startsWith("db/seed/") ? "db/seed" : folderOf(path));

/** What a module specifier from `fromPath` (relative to app/) names under app/, or null for a package. */
export function appTarget(fromPath: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return posix.normalize(specifier.slice(2));
  if (specifier.startsWith(".")) {
    const target = posix.normalize(posix.join(posix.dirname(fromPath), specifier));
    return target.startsWith("..") ? null : target;
  }
  return null;
}

/** Every import, export-from and dynamic import of a module's text (type-only imports too). */
export function specifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

export type Edge = { from: string; to: string; file: string; imports: string };
/** One edge per pair of folders: the first file (in path order) that makes it. */
export function folderEdges(
  files: ReadonlyArray<{ path: string; text: string }>,
  folderOfPath: (path: string) => string = folderOf,
): Edge[] {
  const edges = new Map<string, Edge>();
  for (const { path, text } of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const from = folderOfPath(path);
    for (const spec of specifiers(text)) {
      const target = appTarget(path, spec);
      if (target === null) continue;
      const to = folderOfPath(target);
      if (to !== from && !edges.has(`${from}→${to}`))
        edges.set(`${from}→${to}`, { from, to, file: path, imports: spec });
    }
  }
  return [...edges.values()];
}

/** The groups of folders that reach each other (Tarjan's strongly connected components of more than one folder). */
export function folderCycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort()) if (!index.has(v)) visit(v);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function readTree(rootDir: string, dir = ""): Array<{ path: string; text: string }> {
  const files: Array<{ path: string; text: string }> = [];
  for (const entry of readdirSync(join(rootDir, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (path !== "test") files.push(...readTree(rootDir, path)); // server/test: the provider's tests and fixtures
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name))
      files.push({ path, text: readFileSync(join(rootDir, path), "utf8") });
  }
  return files;
}

/** Each cycle in words, with the import that makes each of its edges. */
export function describeCycles(
  files: ReadonlyArray<{ path: string; text: string }>,
  tree: "app" | "server" = "app",
): string[] {
  const edges = folderEdges(files, tree === "app" ? folderOf : serverFolderOf);
  return folderCycles(edges).map((group) => {
    const inside = edges.filter((e) => group.includes(e.from) && group.includes(e.to));
    return `${group.join(" ↔ ")}:\n${inside.map((e) => `    ${e.from} → ${e.to}: ${tree}/${e.file} imports ${e.imports}\n`).join("")}`;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const tree of ["app", "server"] as const) {
    const cycles = describeCycles(readTree(join(dirname(import.meta.dirname), tree)), tree);
    if (cycles.length > 0) {
      process.stderr.write(
        `Folders of ${tree}/ that import each other (decisions 174, 178):\n${cycles.map((c) => `  ${c}`).join("")}`,
      );
      process.exitCode = 1;
    }
  }
}
