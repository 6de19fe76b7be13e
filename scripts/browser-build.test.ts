import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// Decision 171: the browser build keeps server code out by the compiler's own rules, and fails rather than ship it.
// Each case builds a two-file app with the portal's own vite.config.ts, in a child process as `npm run build` does.
const ROOT = path.resolve(import.meta.dirname, "..");
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const ROOT_MODULE = `import { Outlet, Scripts } from "@remix-run/react";
export default function App() {
  return (<html lang="en-GB"><head /><body><Outlet /><Scripts /></body></html>);
}
`;
// both entries, so Remix needs none of its defaults (whose packages it would otherwise install)
const ENTRY_CLIENT = `import { RemixBrowser } from "@remix-run/react";
import { hydrateRoot } from "react-dom/client";
hydrateRoot(document, <RemixBrowser />);
`;
const ENTRY_SERVER = `import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const html = renderToString(<RemixServer context={context} url={request.url} />);
  return new Response("<!DOCTYPE html>" + html, { status, headers });
}
`;
const ROUTES = `import { flatRoutes } from "@remix-run/fs-routes";
export default flatRoutes();
`;

async function buildApp(files: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  // inside the project (.cache is ignored), so its imports resolve to the portal's own packages
  mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, ".cache", "browser-build-"));
  made.push(dir);
  const all = {
    "package.json": JSON.stringify({
      name: "browser-build-case",
      private: true,
      type: "module",
      // Remix reads the server runtime from here; the packages are the portal's own
      dependencies: { "@remix-run/node": "*", "@remix-run/react": "*", react: "*", "react-dom": "*" },
    }),
    "app/root.tsx": ROOT_MODULE,
    "app/entry.client.tsx": ENTRY_CLIENT,
    "app/entry.server.tsx": ENTRY_SERVER,
    "app/routes.ts": ROUTES,
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const env = { ...process.env, NODE_ENV: "production" } as NodeJS.ProcessEnv;
  delete env.VITEST; // vitest's own variable turns the Remix plugin off
  delete env.PORTAL_BUILD_DIR;
  const cli = path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js");
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [cli, "vite:build", "--config", path.join(ROOT, "vite.config.ts")],
      { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: stdout + stderr };
  }
}

const page = (imports: string, body: string) => `${imports}
export async function loader() {
  return { at: new Date().toISOString() };
}
export default function Page() {
  return <p>{${body}}</p>;
}
`;

describe("the browser build", { timeout: 120_000 }, () => {
  it("builds an app whose server code only loaders and actions use", async () => {
    const result = await buildApp({
      "app/secret.server.ts": `export const secret = () => process.env.SECRET ?? "none";\n`,
      "app/routes/_index.tsx":
        page(`import { secret } from "../secret.server";`, `"hello"`) +
        `export async function action() {\n  return { secret: secret() };\n}\n`,
    });
    expect(result.output).not.toMatch(/Server-only module|Server code in the browser build/);
    expect(result.ok).toBe(true);
  });

  it("fails when a page's browser code uses a .server module", async () => {
    const result = await buildApp({
      "app/secret.server.ts": `export const secret = () => process.env.SECRET ?? "none";\n`,
      "app/routes/_index.tsx": page(`import { secret } from "../secret.server";`, "secret()"),
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain("Server-only module referenced by client");
  });

  it("fails when a page's browser code reaches a Node built-in through a module not named .server", async () => {
    const result = await buildApp({
      "app/files.ts": `import { readFileSync } from "node:fs";\nexport const read = () => readFileSync("/etc/hostname", "utf8");\n`,
      "app/routes/_index.tsx": page(`import { read } from "../files";`, "read()"),
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain("Server code in the browser build");
    expect(result.output).toContain('"node:fs"');
  });
});
