import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTE_ACCESS, routeAccessFor, type RouteAccess } from "~/domain/permissions";

// Issue 12 item 2 (decision 057): every route module with a loader or action has an entry in the access table, so a
// new screen cannot escape the browse-only rule or the path rules, and the entry's path is the one Remix serves it on.

const ROUTES_DIR = path.dirname(fileURLToPath(import.meta.url));

const modules = fs
  .readdirSync(ROUTES_DIR)
  .filter((f) => /\.(tsx|ts)$/.test(f) && !/\.test\.(tsx|ts)$/.test(f))
  .map((file) => ({
    id: file.replace(/\.(tsx|ts)$/, ""),
    source: fs.readFileSync(path.join(ROUTES_DIR, file), "utf8"),
  }));

const LOADER_OR_ACTION =
  /export\s+(async\s+)?function\s+(loader|action)\b|export\s+const\s+(loader|action)\b|export\s*\{[^}]*\b(loader|action)\b[^}]*\}/;

const served = modules.filter((m) => LOADER_OR_ACTION.test(m.source));

/** The URL pattern Remix's flat routes give a module id: `_layout.` is pathless, `$x` a parameter, `[.]` escaped. */
function pathOf(id: string): string | null {
  const segments: string[] = [];
  for (const raw of id.match(/(\[[^\]]*\]|[^.[])+/g) ?? []) {
    const segment = raw.replace(/_$/, "").replace(/\[([^\]]*)\]/g, "$1");
    if (raw.startsWith("_")) continue; // a pathless layout, or `_index`
    segments.push(segment === "$" ? "*" : segment.startsWith("$") ? `:${segment.slice(1)}` : segment);
  }
  const isLayout = !id.includes(".") && id.startsWith("_");
  return isLayout ? null : `/${segments.join("/")}`;
}

const table: Readonly<Record<string, RouteAccess>> = ROUTE_ACCESS;

describe("the access table covers every route (decision 057)", () => {
  it("finds the route modules (the test itself works)", () => {
    expect(served.length).toBeGreaterThan(30);
    expect(served.map((m) => m.id)).toContain("_default._index"); // a re-exported loader counts
  });

  it.each(served.map((m) => m.id))("%s has an entry", (id) => {
    expect(table[id], `add "${id}" to ROUTE_ACCESS in app/domain/permissions.ts`).toBeDefined();
  });

  it.each(Object.keys(table))("%s is a route module", (id) => {
    expect(modules.map((m) => m.id)).toContain(id);
  });

  it.each(modules.map((m) => m.id).filter((id) => table[id]))("%s: the entry's path is the route's", (id) => {
    expect(table[id].path).toBe(pathOf(id));
  });

  it.each(Object.entries(table).filter(([, e]) => e.path !== null && !e.path.includes(":") && !e.path.includes("*")))(
    "%s: its own path is matched to it",
    (_id, entry) => expect(routeAccessFor(entry.path!)).toBe(entry),
  );

  it("the flat-routes reading", () => {
    expect(pathOf("_default.order-history.export[.csv]")).toBe("/order-history/export.csv");
    expect(pathOf("_basket.basket_.checkout-success")).toBe("/basket/checkout-success");
    expect(pathOf("_default.categories.$type.$")).toBe("/categories/:type/*");
    expect(pathOf("_default._index")).toBe("/");
    expect(pathOf("_login")).toBeNull();
    expect(pathOf("checkout.card-intent")).toBe("/checkout/card-intent");
  });
});
