/**
 * Runs after `remix build` (`npm run build`; decision 084) and does two things to the browser build:
 *
 * 1. Each route's browser module takes in the app's small shared chunks that no route on screen with it loads, so a
 *    page arrives in 9 files instead of 13–17 (each extra file costs ~0.1–0.2 KB of gzip and import overhead, and
 *    small files compress badly).
 * 2. Every browser file is minified again with terser, which packs React, React Router and Remix ~4 % tighter than
 *    esbuild's minifier (the shared framework chunk: 82.7 → 79.4 KB gzip). Together they bring every customer page
 *    under DESIGN §6's 90 KB gzip first load.
 *
 * Step 1 in detail:
 *
 * esbuild splits the browser build by "which routes reach this code", so a component shared by the product and
 * category pages becomes its own file of a few hundred bytes. A chunk is folded into a route's module when
 *   - it is the app's own code (every input under app/; never React, Remix or another package),
 *   - it keeps no module state (no React context: two copies of a context would not see each other),
 *   - no route that can be on screen with that route (its parents, its children) and not the browser entry loads it,
 * so one page never runs two copies of a module. Two sibling pages may each carry a copy of the same component; a
 * browser that visits both downloads it twice, a few hundred bytes, which is the trade. The route's module file is
 * rebundled in place (same name) and its `imports` in both copies of the assets manifest (the browser's file and the
 * server build's, which answers lazy route discovery) lose the folded chunks.
 *
 * Usage: tsx scripts/finish-client-build.ts (PORTAL_BUILD_DIR honoured, like remix.config.js).
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { minify } from "terser";

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type AssetsManifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };
type Metafile = { outputs: Record<string, { inputs: Record<string, unknown> }> };

export type MergePlan = Map<string, string[]>;

const PUBLIC_PREFIX = "/build/";

/**
 * Which chunks each route takes in. Pure: `isFoldable(url)` says whether a chunk is the app's own stateless code.
 */
export function planMerge(manifest: AssetsManifest, isFoldable: (url: string) => boolean): MergePlan {
  const routes = Object.values(manifest.routes);
  const parentOf = (route: ManifestRoute) => (route.parentId ? manifest.routes[route.parentId] : undefined);
  const ancestors = (route: ManifestRoute): ManifestRoute[] => {
    const chain: ManifestRoute[] = [];
    for (let parent = parentOf(route); parent; parent = parentOf(parent)) chain.push(parent);
    return chain;
  };
  const descendants = (route: ManifestRoute): ManifestRoute[] =>
    routes.filter((other) => ancestors(other).some((a) => a.id === route.id));
  const entryImports = new Set(manifest.entry.imports ?? []);
  const plan: MergePlan = new Map();
  for (const route of routes) {
    const onScreenWith = [...ancestors(route), ...descendants(route)];
    const loadedAlongside = new Set(onScreenWith.flatMap((r) => [r.module, ...(r.imports ?? [])]));
    const fold = (route.imports ?? []).filter(
      (url) => url.includes("/_shared/") && !entryImports.has(url) && !loadedAlongside.has(url) && isFoldable(url),
    );
    if (fold.length > 0) plan.set(route.id, fold);
  }
  return plan;
}

/** Parses the object literal after `marker` up to the statement's end (the server build writes `void 0`, `!0`, `!1`). */
function readObject(source: string, marker: string): { value: AssetsManifest; start: number; end: number } {
  const start = source.indexOf(marker);
  if (start < 0) throw new Error(`merge-client-chunks: "${marker}" not found`);
  const from = start + marker.length;
  let depth = 0;
  let end = from;
  let quote: string | null = null;
  for (; end < source.length; end++) {
    const ch = source[end];
    if (quote) {
      if (ch === "\\") end++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) break;
  }
  const value = new Function(`return (${source.slice(from, end + 1)});`)() as AssetsManifest;
  return { value, start: from, end: end + 1 };
}

function rewriteManifest(source: string, marker: string, plan: MergePlan): string {
  const { value, start, end } = readObject(source, marker);
  for (const [id, folded] of plan) {
    const route = value.routes[id];
    route.imports = (route.imports ?? []).filter((url) => !folded.includes(url));
  }
  return source.slice(0, start) + JSON.stringify(value) + source.slice(end);
}

export async function mergeClientChunks(buildDir: string | undefined): Promise<{ routes: number; folded: number }> {
  const serverBuild = buildDir ? `${buildDir}/index.js` : "build/index.js";
  const assetsDir = buildDir ? `${buildDir}/assets` : "public/build";
  const metafilePath = buildDir ? `${buildDir}/metafile.js.json` : "build/metafile.js.json";
  const fileOf = (url: string) => path.resolve(assetsDir, url.slice(PUBLIC_PREFIX.length));

  const metafile = JSON.parse(readFileSync(metafilePath, "utf8")) as Metafile;
  const inputsOf = new Map<string, string[]>();
  // keyed by file name: the names carry a content hash, and the metafile's paths are relative to where the build ran
  for (const [output, { inputs }] of Object.entries(metafile.outputs))
    inputsOf.set(path.basename(output), Object.keys(inputs));
  const isFoldable = (url: string) => {
    const inputs = inputsOf.get(path.basename(url));
    // "empty-module:" inputs are server modules the compiler emptied for the browser
    if (!inputs || inputs.some((input) => !input.startsWith("app/") && !input.startsWith("empty-module:")))
      return false;
    return !/\bcreateContext\b/.test(readFileSync(fileOf(url), "utf8"));
  };

  const manifestFile = readdirSync(assetsDir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error(`merge-client-chunks: no manifest in ${assetsDir}`);
  const manifestPath = path.join(assetsDir, manifestFile);
  const manifestSource = readFileSync(manifestPath, "utf8");
  const plan = planMerge(readObject(manifestSource, "window.__remixManifest=").value, isFoldable);

  const manifest = readObject(manifestSource, "window.__remixManifest=").value;
  for (const [id, folded] of plan) {
    const modulePath = fileOf(manifest.routes[id].module);
    const inline = new Set(folded.map(fileOf));
    // Everything but the route's own file and the folded chunks stays an import by its public URL ("/build/...").
    const keepOthersExternal: Plugin = {
      name: "keep-others-external",
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === "entry-point") return undefined;
          const file = args.path.startsWith(PUBLIC_PREFIX)
            ? fileOf(args.path)
            : path.resolve(args.resolveDir, args.path);
          if (inline.has(file)) return { path: file };
          const url = PUBLIC_PREFIX + path.relative(path.resolve(assetsDir), file).split(path.sep).join("/");
          return { path: url, external: true };
        });
      },
    };
    const result = await build({
      entryPoints: [modulePath],
      bundle: true,
      format: "esm",
      minify: true,
      write: false,
      platform: "browser",
      logLevel: "silent",
      plugins: [keepOthersExternal],
    });
    writeFileSync(modulePath, result.outputFiles[0].contents);
  }

  writeFileSync(manifestPath, rewriteManifest(manifestSource, "window.__remixManifest=", plan));
  const serverSource = readFileSync(serverBuild, "utf8");
  writeFileSync(serverBuild, rewriteManifest(serverSource, "var assets_manifest_default = ", plan));
  return { routes: plan.size, folded: [...plan.values()].reduce((n, f) => n + f.length, 0) };
}

/** Minifies every browser file but the manifest again with terser (safe options only: no `unsafe*`). */
export async function minifyAssets(
  buildDir: string | undefined,
): Promise<{ files: number; before: number; after: number }> {
  const assetsDir = buildDir ? `${buildDir}/assets` : "public/build";
  const files = readdirSync(assetsDir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".js") && !path.basename(f).startsWith("manifest-"))
    .map((f) => path.join(assetsDir, f));
  let before = 0;
  let after = 0;
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const { code } = await minify(source, {
      module: true,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
    });
    if (code === undefined) throw new Error(`finish-client-build: terser gave nothing for ${file}`);
    before += source.length;
    after += code.length;
    writeFileSync(file, code);
  }
  return { files: files.length, before, after };
}

if (process.argv[1]?.endsWith("finish-client-build.ts")) {
  const buildDir = process.env.PORTAL_BUILD_DIR || undefined;
  const { routes, folded } = await mergeClientChunks(buildDir);
  const { files, before, after } = await minifyAssets(buildDir);
  console.log(
    `finish-client-build: ${folded} small chunks folded into ${routes} route modules; ` +
      `${files} browser files minified again, ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} KB`,
  );
}
