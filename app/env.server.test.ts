import { describe, expect, it } from "vitest";
import { parseEnv, parseTrustedProxies } from "./env.server";

describe("PORTAL_TRUSTED_PROXIES", () => {
  it("defaults to loopback: the bundled set-up, where nothing stands in front of the portal but the machine itself", () => {
    expect(parseEnv({}).trustedProxies).toEqual(["loopback"]);
  });

  it("takes addresses, CIDR ranges and Express's keywords, comma-separated", () => {
    expect(parseTrustedProxies("10.0.0.0/8, 192.168.1.7,uniquelocal, ::1")).toEqual(["10.0.0.0/8", "192.168.1.7", "uniquelocal", "::1"]);
  });

  it("'none' trusts no proxy: the socket's address is the browser's", () => {
    expect(parseTrustedProxies("none")).toEqual([]);
  });

  it.each(["10.0.0.0/33", "example.com", "10.0.0.1/8/1", "*", "10.0.0"])("refuses '%s' at start-up with a message naming the setting", (bad) => {
    expect(() => parseEnv({ PORTAL_TRUSTED_PROXIES: bad })).toThrow(/PORTAL_TRUSTED_PROXIES: '.*' is not an address/);
  });
});
