import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// Decision 143: every locked package runs on the project's own Node line, so `npm ci` warns of no engine.
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { engines?: { node?: string }; os?: string[]; cpu?: string[]; optional?: boolean }>;
};

describe("the Node line", () => {
  it("is the machine's", () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });

  it("satisfies every locked package's engines.node (other platforms' optional binaries aside)", () => {
    const unmet = Object.entries(lock.packages)
      .filter(([name, entry]) => name && entry.engines?.node && !(entry.optional && (entry.os || entry.cpu)))
      .filter(([, entry]) => !semver.subset(pkg.engines.node, entry.engines!.node!))
      .map(([name, entry]) => `${name} wants node ${entry.engines!.node}`);
    expect(unmet).toEqual([]);
  });
});
