// How the browser build groups modules into files (decision 171), for Rollup's `output.manualChunks`.
//
// - The framework (React, React DOM, Remix, React Router) and the app's shell, what the root and the layouts import
//   (header, sidebar, toasts, error pages), are one file: every page loads all of it.
// - Code one route alone uses stays in that route's file (Rollup's own rule).
// - Code several routes share starts, as Rollup would split it, as one group per set of routes using it; then groups
//   are merged while a merge saves more than it costs: each file a page loads costs about FILE_COST bytes of its own
//   (its import and export lists, gzip's fresh start), and a merge makes every route that used only one of the two
//   groups load the other's code as well (never more than half a file's cost).

/** The part of Rollup's module graph this reads. */
export type ModuleGraph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): {
    code: string | null;
    importedIds: readonly string[];
    importers: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
};

const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;
const SHELL_ROOTS = /\/app\/(root\.tsx|routes\/_(default|basket|login)\.tsx)(\?|$)/;
const ROUTE = /\/app\/(root\.tsx|routes\/[^/?]+\.tsx?)(\?|$)/;
const ENTRY = /\/app\/entry\.client\.tsx(\?|$)/;
/**
 * A file's own cost in bytes of code as Rollup holds it (before minifying: about six times its gzip size): each extra
 * file a page loads measured ~190 bytes gzip. 1,200 keeps every page within 90 KB (decision 171).
 */
export const FILE_COST = 1200;

type Group = { modules: string[]; routes: Set<string>; size: number };

/** Merges groups while the best merge lowers the bytes and file costs summed over every route. */
export function mergeGroups(groups: Group[], fileCost = FILE_COST): Group[] {
  const merged = groups.map((g) => ({ ...g, routes: new Set(g.routes), modules: [...g.modules] }));
  // a merge may make a route load the other group's code too, but never more than half a file's cost: no page gets
  // heavier for another page's sake
  const gain = (a: Group, b: Group): number => {
    let total = 0;
    for (const r of a.routes) {
      if (b.routes.has(r)) total += fileCost;
      else if (b.size > fileCost / 2) return -1;
      else total -= b.size;
    }
    for (const r of b.routes) {
      if (a.routes.has(r)) continue;
      if (a.size > fileCost / 2) return -1;
      total -= a.size;
    }
    return total;
  };
  for (;;) {
    let best: { i: number; j: number; gain: number } | null = null;
    for (let i = 0; i < merged.length; i++)
      for (let j = i + 1; j < merged.length; j++) {
        const g = gain(merged[i], merged[j]);
        if (g > 0 && (!best || g > best.gain)) best = { i, j, gain: g };
      }
    if (!best) return merged;
    const [a, b] = [merged[best.i], merged[best.j]];
    merged[best.i] = {
      modules: [...a.modules, ...b.modules],
      routes: new Set([...a.routes, ...b.routes]),
      size: a.size + b.size,
    };
    merged.splice(best.j, 1);
  }
}

/** `output.manualChunks` for the browser build. */
export function browserChunks(): (id: string, graph: ModuleGraph) => string | undefined {
  let chunkOf: Map<string, string> | undefined;
  return (id, graph) => {
    chunkOf ??= plan(graph);
    return chunkOf.get(id);
  };
}

function plan(graph: ModuleGraph): Map<string, string> {
  const ids = [...graph.getModuleIds()];
  const chunkOf = new Map<string, string>();
  for (const id of ids) if (FRAMEWORK.test(id)) chunkOf.set(id, "framework");

  const walk = (from: string, seen: Set<string>) => {
    if (seen.has(from)) return;
    seen.add(from);
    for (const next of graph.getModuleInfo(from)?.importedIds ?? []) walk(next, seen);
  };
  const shell = new Set<string>();
  for (const id of ids) if (SHELL_ROOTS.test(id)) walk(id, shell);
  const isApp = (id: string) => id.includes("/app/") && !ROUTE.test(id) && !ENTRY.test(id);
  for (const id of shell) if (isApp(id)) chunkOf.set(id, "framework");

  // the routes that import each remaining app module, directly or through other app modules
  const routesOf = new Map<string, Set<string>>();
  const routesUsing = (id: string, seen = new Set<string>()): Set<string> => {
    const found = new Set<string>();
    for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      if (ROUTE.test(importer)) found.add(importer);
      else for (const r of routesUsing(importer, seen)) found.add(r);
    }
    return found;
  };
  for (const id of ids) {
    if (!isApp(id) || chunkOf.has(id)) continue;
    // a module something loads on demand (the quick view's dialog) keeps Rollup's own placement
    if ((graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) continue;
    const routes = routesUsing(id);
    if (routes.size > 1) routesOf.set(id, routes);
  }
  const byRoutes = new Map<string, Group>();
  for (const [id, routes] of routesOf) {
    const key = [...routes].sort().join("\n");
    const group = byRoutes.get(key) ?? { modules: [], routes, size: 0 };
    group.modules.push(id);
    group.size += graph.getModuleInfo(id)?.code?.length ?? 0;
    byRoutes.set(key, group);
  }
  const names = new Set<string>(["framework"]);
  for (const group of mergeGroups([...byRoutes.values()])) {
    const largest = [...group.modules].sort(
      (a, b) => (graph.getModuleInfo(b)?.code?.length ?? 0) - (graph.getModuleInfo(a)?.code?.length ?? 0),
    )[0];
    const base = largest.replace(/^.*\//, "").replace(/\..*$/, "");
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}-${n}`; // one name is one file to Rollup
    names.add(name);
    for (const id of group.modules) chunkOf.set(id, name);
  }
  return chunkOf;
}
