import { describe, expect, it } from "vitest";
import {
  appTarget,
  describeCycles,
  folderCycles,
  folderEdges,
  folderOf,
  serverFolderOf,
  specifiers,
} from "./folder-cycles";

describe("folderOf", () => {
  it("is the first folder under app/, or the file directly in app/ without its extension", () => {
    expect(folderOf("admin/admin-users.server.ts")).toBe("admin");
    expect(folderOf("upstream/client.server.ts")).toBe("upstream");
    expect(folderOf("routes/_basket.basket.tsx")).toBe("routes");
    expect(folderOf("chrome.server.ts")).toBe("chrome");
    expect(folderOf("root.tsx")).toBe("root");
    expect(folderOf("chrome.server")).toBe("chrome");
  });
});

describe("appTarget", () => {
  it("reads the ~/ alias and relative paths, and leaves packages and paths outside app/ out", () => {
    expect(appTarget("admin/a.server.ts", "~/upstream/client.server")).toBe("upstream/client.server");
    expect(appTarget("admin/a.server.ts", "./b.server")).toBe("admin/b.server");
    expect(appTarget("admin/a.server.ts", "../auth/require-user.server")).toBe("auth/require-user.server");
    expect(appTarget("admin/a.server.ts", "zod")).toBeNull();
    expect(appTarget("admin/a.server.ts", "../../tests/mocks/x")).toBeNull();
  });
});

describe("specifiers", () => {
  it("finds imports, type imports, export-from and dynamic imports", () => {
    const text = [
      'import { a } from "~/one/a";',
      'import type { B } from "~/two/b";',
      'export { c } from "./c";',
      'const d = await import("~/four/d");',
      "// import { e } from '~/five/e' is a comment",
    ].join("\n");
    expect(specifiers(text)).toEqual(["~/one/a", "~/two/b", "./c", "~/four/d"]);
  });
});

const file = (path: string, ...imports: string[]) => ({
  path,
  text: imports.map((i, n) => `import { x${n} } from "${i}";`).join("\n"),
});

describe("folderCycles", () => {
  it("passes layers that import downwards only", () => {
    const files = [
      file("routes/a.tsx", "~/admin/a.server", "~/upstream/b.server"),
      file("admin/a.server.ts", "~/upstream/b.server", "./c.server"),
      file("admin/c.server.ts", "~/domain/d"),
      file("upstream/b.server.ts", "~/domain/d"),
      file("domain/d.ts"),
    ];
    expect(folderCycles(folderEdges(files))).toEqual([]);
    expect(describeCycles(files)).toEqual([]);
  });

  it("finds two folders that import each other through different files", () => {
    const files = [
      file("basket/a.server.ts", "~/checkout/money.server"),
      file("checkout/place.server.ts", "~/basket/approval.server"),
      file("basket/approval.server.ts"),
      file("checkout/money.server.ts"),
    ];
    expect(folderCycles(folderEdges(files))).toEqual([["basket", "checkout"]]);
    expect(describeCycles(files)).toEqual([
      "basket ↔ checkout:\n" +
        "    basket → checkout: app/basket/a.server.ts imports ~/checkout/money.server\n" +
        "    checkout → basket: app/checkout/place.server.ts imports ~/basket/approval.server\n",
    ]);
  });

  it("finds a cycle through three folders and a file directly in app/", () => {
    const files = [
      file("upstream/client.server.ts", "../auth/guard.server"),
      file("auth/guard.server.ts", "~/chrome.server"),
      file("chrome.server.ts", "~/upstream/client.server"),
      file("domain/d.ts"),
    ];
    expect(folderCycles(folderEdges(files))).toEqual([["auth", "chrome", "upstream"]]);
  });
});

describe("server/'s folders", () => {
  it("are its directories and its files, with the seed data a folder of its own", () => {
    expect(serverFolderOf("services/orders/placement.ts")).toBe("services");
    expect(serverFolderOf("db/knex.ts")).toBe("db");
    expect(serverFolderOf("db/seed/index.ts")).toBe("db/seed");
    expect(serverFolderOf("metrics.ts")).toBe("metrics");
  });

  it("the seed may build on the services; the database layer may not reach back into the seed", () => {
    const files = [
      file("db/seed/index.ts", "../knex", "../../services/item-search"),
      file("services/item-search.ts", "../db/knex"),
      file("db/knex.ts"),
    ];
    expect(describeCycles(files, "server")).toEqual([]);
    const startingInDb = [...files, file("db/startup.ts", "./seed/index")];
    expect(describeCycles(startingInDb, "server")).toEqual([
      "db ↔ db/seed ↔ services:\n" +
        "    db/seed → db: server/db/seed/index.ts imports ../knex\n" +
        "    db/seed → services: server/db/seed/index.ts imports ../../services/item-search\n" +
        "    db → db/seed: server/db/startup.ts imports ./seed/index\n" +
        "    services → db: server/services/item-search.ts imports ../db/knex\n",
    ]);
  });
});
