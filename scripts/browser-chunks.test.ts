import { describe, expect, it } from "vitest";
import { browserChunks, mergeGroups, type ModuleGraph } from "./browser-chunks";

const group = (name: string, routes: string[], size: number) => ({ modules: [name], routes: new Set(routes), size });

describe("mergeGroups", () => {
  it("merges groups the same routes load together, which saves those routes a file each", () => {
    const merged = mergeGroups([group("a", ["r1", "r2"], 100), group("b", ["r1", "r2"], 100)], 1200);
    expect(merged.map((g) => g.modules.sort())).toEqual([["a", "b"]]);
  });

  it("merges a small group into one that some routes load without it, within half a file's cost", () => {
    const merged = mergeGroups([group("a", ["r1", "r2", "r3"], 5000), group("b", ["r1", "r2"], 500)], 1200);
    expect(merged).toHaveLength(1);
    expect([...merged[0].routes].sort()).toEqual(["r1", "r2", "r3"]);
  });

  it("never makes a route load more than half a file's cost of code it does not use", () => {
    const groups = [group("a", ["r1", "r2", "r3"], 5000), group("b", ["r1", "r2"], 700)];
    expect(mergeGroups(groups, 1200).map((g) => g.modules)).toEqual([["a"], ["b"]]);
  });

  it("keeps apart groups no route loads together", () => {
    const groups = [group("a", ["r1", "r2"], 10), group("b", ["r3", "r4"], 10)];
    expect(mergeGroups(groups, 1200)).toHaveLength(2); // no route would load one file fewer
  });
});

describe("browserChunks", () => {
  // root → chrome (shell); two routes share a card; one route alone uses its form; react is the framework
  const modules: Record<string, { code: string; importedIds: string[]; dynamicImporters?: string[] }> = {
    "/p/app/root.tsx": {
      code: "root",
      importedIds: ["/p/app/components/chrome.tsx", "/p/node_modules/react/index.js"],
    },
    "/p/app/components/chrome.tsx": { code: "chrome", importedIds: [] },
    "/p/node_modules/react/index.js": { code: "react", importedIds: [] },
    "/p/app/routes/_default.a.tsx": { code: "a", importedIds: ["/p/app/components/card.tsx"] },
    "/p/app/routes/_default.b.tsx": {
      code: "b",
      importedIds: ["/p/app/components/card.tsx", "/p/app/components/form.tsx", "/p/app/components/dialog.tsx"],
    },
    "/p/app/components/card.tsx": { code: "card".repeat(100), importedIds: [] },
    "/p/app/components/form.tsx": { code: "form", importedIds: [] },
    "/p/app/components/dialog.tsx": {
      code: "dialog",
      importedIds: [],
      dynamicImporters: ["/p/app/routes/_default.a.tsx"],
    },
  };
  const graph: ModuleGraph = {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id) => {
      const m = modules[id];
      if (!m) return null;
      const importers = Object.keys(modules).filter((other) => modules[other].importedIds.includes(id));
      return { code: m.code, importedIds: m.importedIds, importers, dynamicImporters: m.dynamicImporters ?? [] };
    },
  };
  const chunkOf = browserChunks();

  it("puts the framework and what the root and layouts import in one file", () => {
    expect(chunkOf("/p/node_modules/react/index.js", graph)).toBe("framework");
    expect(chunkOf("/p/app/components/chrome.tsx", graph)).toBe("framework");
    expect(chunkOf("/p/app/root.tsx", graph)).toBeUndefined(); // an entry keeps its own file
  });

  it("names a file for code several routes share, and leaves one route's own code and loaded-on-demand code to Rollup", () => {
    expect(chunkOf("/p/app/components/card.tsx", graph)).toBe("card");
    expect(chunkOf("/p/app/components/form.tsx", graph)).toBeUndefined();
    expect(chunkOf("/p/app/components/dialog.tsx", graph)).toBeUndefined();
  });
});
