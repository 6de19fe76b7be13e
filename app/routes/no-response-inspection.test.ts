import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Decision 009 (issue 12 item 1): only the upstream client looks inside a Response. Routes and feature modules handle
// a refusal with `refusal` / `isRefusal` / `refusalForm` and log with `describeFailure`, so they never write
// `instanceof Response`. This test reads every module under app/ (tests and app/upstream/ aside) and names the ones
// that do.

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = path.dirname(APP_DIR);

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const modules = modulesUnder(APP_DIR)
  .map((full) => path.relative(ROOT, full).split(path.sep).join("/"))
  .filter((file) => !file.startsWith("app/upstream/"));

const inspecting = modules.filter((file) =>
  fs.readFileSync(path.join(ROOT, file), "utf8").includes("instanceof Response"),
);

describe("no module outside app/upstream/ inspects a Response (decision 009)", () => {
  it("reads the app's modules (the test itself works)", () => {
    expect(modules.length).toBeGreaterThan(100);
    expect(modules).toContain("app/routes/_login.login.tsx");
    expect(modules).toContain("app/auth/require-user.server.ts");
    expect(modules.some((file) => file.endsWith(".test.ts"))).toBe(false);
    expect(modules.some((file) => file.startsWith("app/upstream/"))).toBe(false);
  });

  it("no module writes `instanceof Response` (use refusal, isRefusal, refusalForm, describeFailure)", () => {
    expect(inspecting).toEqual([]);
  });
});
