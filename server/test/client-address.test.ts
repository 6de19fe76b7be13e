import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveClientAddress } from "../auth/client-address";

describe("resolveClientAddress (decision 027)", () => {
  const loopback = parseTrustedProxies("loopback");

  it("believes X-Forwarded-For only from a trusted proxy", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.5", loopback)).toBe("203.0.113.5");
    expect(resolveClientAddress("::ffff:127.0.0.1", "203.0.113.5", loopback)).toBe("203.0.113.5");
    expect(resolveClientAddress("::1", "2001:db8::7", loopback)).toBe("2001:db8::7");
    expect(resolveClientAddress("198.51.100.9", "203.0.113.5", loopback)).toBe("198.51.100.9");
    expect(resolveClientAddress("127.0.0.1", "203.0.113.5", parseTrustedProxies("none"))).toBe("127.0.0.1");
  });

  it("takes the first untrusted hop from the right, so a client cannot name itself", () => {
    const proxies = parseTrustedProxies("loopback, 10.0.0.0/8");
    expect(resolveClientAddress("127.0.0.1", "6.6.6.6, 203.0.113.5, 10.1.2.3", proxies)).toBe("203.0.113.5");
    expect(resolveClientAddress("127.0.0.1", ["6.6.6.6", "203.0.113.5"], proxies)).toBe("203.0.113.5");
    expect(resolveClientAddress("127.0.0.1", "not-an-ip, 10.1.2.3", proxies)).toBe("10.1.2.3");
    expect(resolveClientAddress("127.0.0.1", undefined, proxies)).toBe("127.0.0.1");
    expect(resolveClientAddress(undefined, "203.0.113.5", proxies)).toBe("unknown");
  });

  it("refuses a bad PROVIDER_TRUSTED_PROXIES entry", () => {
    for (const bad of ["10.0.0.0/33", "10.0.0.0/8/1", "example.com", "::1/129"])
      expect(() => parseTrustedProxies(bad)).toThrow(/PROVIDER_TRUSTED_PROXIES/);
    expect(parseTrustedProxies("192.168.1.7").check("192.168.1.7")).toBe(true);
  });
});
