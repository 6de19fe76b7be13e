import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseProviderConfig } from "../config";
import { startProvider } from "../main";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-main-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("startProvider", () => {
  it("listens on 127.0.0.1 only unless PROVIDER_HOST says otherwise", async () => {
    const config = parseProviderConfig({ PROVIDER_DB_FILE: path.join(dir, "p.sqlite") });
    expect(config.host).toBe("127.0.0.1");
    const started = await startProvider({ ...config, port: 0, seedWhenEmpty: false, log: () => {} });
    try {
      expect(started.address).toBe("127.0.0.1");
      expect(started.url).toBe(`http://127.0.0.1:${started.port}`);
      expect(started.role).toBe("all");
    } finally {
      await started.close();
    }
  });

  it("a worker serves /healthz and nothing else; an api process serves the API", async () => {
    const file = path.join(dir, "roles.sqlite");
    const worker = await startProvider({
      role: "worker",
      sqliteFile: file,
      port: 0,
      seedWhenEmpty: false,
      log: () => {},
    });
    const api = await startProvider({ role: "api", sqliteFile: file, port: 0, seedWhenEmpty: false, log: () => {} });
    try {
      const health = await fetch(`${worker.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      expect((await fetch(`${worker.url}/healthz?x=1`, { method: "HEAD" })).status).toBe(200);
      expect((await fetch(`${worker.url}/healthz`, { method: "POST" })).status).toBe(405);
      for (const other of ["/", "/api/maintenance-status", "/healthz/", "/constructor", "/__proto__"]) {
        const res = await fetch(worker.url + other);
        expect(res.status, other).toBe(404);
        expect(await res.json()).toMatchObject({ code: 404 });
      }
      expect((await fetch(`${api.url}/api/maintenance-status`)).status).toBe(200);
    } finally {
      await Promise.all([worker.close(), api.close()]);
    }
  });
});
