import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@remix-run/route-config";
import type { ModuleRoute, RouteTable } from "~/http/route-tree.server";

// The portal's route table as the server build gives it to startPortal (decision 176), for tests that run route
// modules without a build: Remix's own route config (app/routes.ts, its flat routes) and the route modules themselves.

const modules = import.meta.glob<ModuleRoute["module"]>(["../../app/routes/*.{ts,tsx}", "!**/*.test.{ts,tsx}"], {
  eager: true,
});

async function build(): Promise<RouteTable> {
  // what Remix's Vite plugin does before it reads app/routes.ts
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = fileURLToPath(
    new URL("../../app", import.meta.url),
  );
  const config = await (await import("../../app/routes")).default;
  const table: Record<string, ModuleRoute> = { root: { id: "root", path: "", module: {} } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const { id, file, path, index, caseSensitive, children } of entries) {
      const module = modules[`../../app/${file}`];
      if (!id || !module) throw new Error(`No route module for ${file}`);
      table[id] = { id, parentId, path, index, caseSensitive, module };
      add(children ?? [], id);
    }
  };
  add(config, "root");
  return table;
}

let table: Promise<RouteTable> | null = null;

/** The app's route table, read once per test worker. */
export const appRouteTable = (): Promise<RouteTable> => (table ??= build());
