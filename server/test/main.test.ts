import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { envOptions, startProvider } from "../main";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-main-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("startProvider", () => {
  it("listens on 127.0.0.1 only unless PROVIDER_HOST says otherwise", async () => {
    const options = envOptions({ PROVIDER_DB_FILE: path.join(dir, "p.sqlite") });
    expect(options.host).toBe("127.0.0.1");
    const started = await startProvider({ ...options, port: 0, seedWhenEmpty: false, log: () => {} });
    try {
      expect(started.address).toBe("127.0.0.1");
      expect(started.url).toBe(`http://127.0.0.1:${started.port}`);
    } finally {
      await started.close();
    }
  });

  it("PROVIDER_HOST picks another interface; a bad value stops start-up with a message naming it", () => {
    expect(envOptions({ PROVIDER_HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(envOptions({ PROVIDER_HOST: "::1" }).host).toBe("::1");
    expect(() => envOptions({ PROVIDER_HOST: "not a host!" })).toThrow(/PROVIDER_HOST/);
  });

  it("PROVIDER_TRUSTED_PROXIES is checked at start-up", () => {
    expect(() => envOptions({ PROVIDER_TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.7" })).not.toThrow();
    expect(() => envOptions({ PROVIDER_TRUSTED_PROXIES: "10.0.0.0/99" })).toThrow(/PROVIDER_TRUSTED_PROXIES/);
  });
});
