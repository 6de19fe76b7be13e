import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Decision 067: the page routes (the two layouts and everything under them) and root import server code inside
// their loader and action (`await import(...)`), never at the top of the module. A static import of a `.server`
// module (or a value from @remix-run/node) leaves an empty stand-in module in the browser build, and one shared by
// several routes becomes a file of its own on every page that uses it (~0.15 KB gzip and a request each).

const ROUTES_DIR = path.dirname(fileURLToPath(import.meta.url));
const pageModules = [
  ...fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => /^(_default|_basket)[^/]*\.tsx$/.test(f))
    .map((f) => path.join(ROUTES_DIR, f)),
  path.join(ROUTES_DIR, "..", "root.tsx"),
];

/** The value (not type-only) names a module imports statically from server-only modules. */
function staticServerImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)";?$/gm)) {
    const [, typeOnly, names, from] = m;
    if (typeOnly || !(/\.server$/.test(from) || from === "@remix-run/node")) continue;
    const values = names
      .split(",")
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith("type "));
    found.push(...values.map((n) => `${n} from ${from}`));
  }
  for (const m of source.matchAll(
    /^import\s+(?!type\b)(\w+|\*\s+as\s+\w+)\s*(?:,\s*\{[^}]*\})?\s+from\s+"([^"]+\.server)";?$/gm,
  ))
    found.push(`${m[1]} from ${m[2]}`);
  return found;
}

describe("page routes keep server code out of the browser build (decision 067)", () => {
  it("finds the modules it checks", () => {
    expect(pageModules.length).toBeGreaterThan(20);
  });

  it.each(pageModules.map((file) => [path.basename(file), file]))(
    "%s imports no server code statically",
    (_name, file) => {
      expect(staticServerImports(fs.readFileSync(file, "utf8"))).toEqual([]);
    },
  );

  it("the check sees value imports and lets type-only imports through", () => {
    expect(
      staticServerImports(
        [
          'import { requireUser } from "~/auth/require-user.server";',
          'import { data, type LinksFunction } from "@remix-run/node";',
          'import type { LoaderFunctionArgs } from "@remix-run/node";',
          'import { type OrderHistoryData } from "~/orders/history.server";',
          'import type { CardView } from "~/catalogue/product.server";',
          'import * as server from "~/catalogue/product.server";',
          'import { Link } from "@remix-run/react";',
        ].join("\n"),
      ),
    ).toEqual([
      "requireUser from ~/auth/require-user.server",
      "data from @remix-run/node",
      "* as server from ~/catalogue/product.server",
    ]);
  });
});

// Decision 002: zod is built on the server only. A page module or component importing it at the top keeps the whole
// library (13.5 KB gzip) in that page's browser bundle even when only the action uses it; the action imports it.
const browserModules = [
  ...fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => /^(_default|_basket|_login)[^/]*\.tsx$/.test(f))
    .map((f) => path.join(ROUTES_DIR, f)),
  path.join(ROUTES_DIR, "..", "root.tsx"),
  ...fs
    .readdirSync(path.join(ROUTES_DIR, "..", "components"))
    .filter((f) => /\.tsx$/.test(f))
    .map((f) => path.join(ROUTES_DIR, "..", "components", f)),
];
const staticZod = (source: string) => /^import\s+(?!type\b)[^;]*\sfrom\s+"zod";?$/m.test(source);

describe("pages and components keep zod out of the browser build (decision 002)", () => {
  it.each(browserModules.map((file) => [path.relative(path.join(ROUTES_DIR, ".."), file), file]))(
    "%s imports zod only inside its action",
    (_name, file) => {
      expect(staticZod(fs.readFileSync(file, "utf8"))).toBe(false);
    },
  );

  it("the check sees a value import and lets a type import or an import in the action through", () => {
    expect(staticZod('import { z } from "zod";')).toBe(true);
    expect(staticZod('import type { z } from "zod";')).toBe(false);
    expect(staticZod('  const { z } = await import("zod");')).toBe(false);
  });
});
