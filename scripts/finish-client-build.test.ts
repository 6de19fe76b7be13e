import { describe, expect, it } from "vitest";
import { planMerge } from "./finish-client-build";

const chunk = (name: string) => `/build/_shared/chunk-${name}.js`;
const route = (id: string, parentId: string | undefined, imports: string[]) => ({
  id,
  parentId,
  module: `/build/${id}.js`,
  imports,
});

// root → _default → (product, category); root → _basket → basket
const manifest = {
  entry: { module: "/build/entry.client.js", imports: [chunk("VENDOR")] },
  routes: {
    root: route("root", undefined, [chunk("VENDOR"), chunk("DOCCTX")]),
    "routes/_default": route("routes/_default", "root", [chunk("VENDOR"), chunk("CHROME"), chunk("DOCCTX")]),
    "routes/_basket": route("routes/_basket", "root", [chunk("VENDOR"), chunk("CHROME")]),
    "routes/product": route("routes/product", "routes/_default", [
      chunk("VENDOR"),
      chunk("CARD"),
      chunk("PURCHASE"),
      chunk("CHROME"),
      chunk("STATEFUL"),
    ]),
    "routes/category": route("routes/category", "routes/_default", [chunk("VENDOR"), chunk("CARD")]),
    "routes/basket": route("routes/basket", "routes/_basket", [chunk("VENDOR"), chunk("LINES")]),
  },
};
const foldable = (url: string) => !url.includes("STATEFUL") && !url.includes("VENDOR");

describe("planMerge (decision 084)", () => {
  const plan = planMerge(manifest, foldable);

  it("folds a chunk shared by sibling pages into each of them", () => {
    expect(plan.get("routes/product")).toEqual([chunk("CARD"), chunk("PURCHASE")]);
    expect(plan.get("routes/category")).toEqual([chunk("CARD")]);
    expect(plan.get("routes/basket")).toEqual([chunk("LINES")]);
  });

  it("never folds a chunk that a route on screen with it loads (parent or child), so a page runs one copy", () => {
    // CHROME is loaded by _default and by product under it: neither takes it in; _basket does (basket doesn't load it)
    expect(plan.get("routes/_default")).toBeUndefined();
    expect(plan.get("routes/product")).not.toContain(chunk("CHROME"));
    expect(plan.get("routes/_basket")).toEqual([chunk("CHROME")]);
    expect(plan.get("root")).toBeUndefined();
  });

  it("never folds the browser entry's chunks, a package's code or a module with state", () => {
    const everything = [...plan.values()].flat();
    expect(everything).not.toContain(chunk("VENDOR"));
    expect(everything).not.toContain(chunk("STATEFUL"));
    expect(everything).not.toContain(chunk("DOCCTX"));
  });
});
