import { describe, expect, it } from "vitest";
import { parseEnv, parseTrustedProxies } from "./env.server";

describe("PORTAL_TRUSTED_PROXIES", () => {
  it("defaults to loopback: the bundled set-up, where nothing stands in front of the portal but the machine itself", () => {
    expect(parseEnv({}).trustedProxies).toEqual(["loopback"]);
  });

  it("takes addresses, CIDR ranges and Express's keywords, comma-separated", () => {
    expect(parseTrustedProxies("10.0.0.0/8, 192.168.1.7,uniquelocal, ::1")).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "uniquelocal",
      "::1",
    ]);
  });

  it("'none' trusts no proxy: the socket's address is the browser's", () => {
    expect(parseTrustedProxies("none")).toEqual([]);
  });

  it.each(["10.0.0.0/33", "example.com", "10.0.0.1/8/1", "*", "10.0.0"])(
    "refuses '%s' at start-up with a message naming the setting",
    (bad) => {
      expect(() => parseEnv({ PORTAL_TRUSTED_PROXIES: bad })).toThrow(/PORTAL_TRUSTED_PROXIES: '.*' is not an address/);
    },
  );
});

describe("SESSION_SECRETS (decision 105)", () => {
  const long = "a".repeat(32);
  it("is required in production, and every secret there is at least 32 characters", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow("SESSION_SECRETS is required in production");
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRETS: "lh-secret" })).toThrow(
      "SESSION_SECRETS: secret 1 is shorter than 32 characters",
    );
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRETS: `${long}, short` })).toThrow(
      "secret 2 is shorter than 32 characters",
    );
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRETS: `${long},${"b".repeat(64)}` }).SESSION_SECRETS).toEqual([
      long,
      "b".repeat(64),
    ]);
  });
  it("may be short or absent outside production (a laptop, the unit tests)", () => {
    expect(parseEnv({ NODE_ENV: "development", SESSION_SECRETS: "dev" }).SESSION_SECRETS).toEqual(["dev"]);
    expect(parseEnv({ NODE_ENV: "test" }).SESSION_SECRETS).toHaveLength(1);
  });
});
