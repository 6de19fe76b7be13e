import { describe, expect, it } from "vitest";
import { maintenanceDecision } from "./maintenance";

const on = { isMaintenanceEnabled: true, bypassToken: "letmein" };
const off = { isMaintenanceEnabled: false, bypassToken: "letmein" };
const decide = (status: typeof on | null, pathname: string, query = "", bypassRemembered = false) =>
  maintenanceDecision({ status, pathname, searchParams: new URLSearchParams(query), bypassRemembered });

describe("maintenanceDecision (SPEC §4, §8)", () => {
  it("enabled: users go to the maintenance page", () => {
    expect(decide(on, "/order-history")).toEqual({ redirectTo: "/maintenance", rememberBypass: false });
  });

  it("enabled: the maintenance page itself stays", () => {
    expect(decide(on, "/maintenance")).toEqual({ redirectTo: null, rememberBypass: false });
  });

  it("enabled: the bypass query key lets the user in and is remembered", () => {
    expect(decide(on, "/", "letmein")).toEqual({ redirectTo: null, rememberBypass: true });
  });

  it("enabled: a remembered bypass lets the user in", () => {
    expect(decide(on, "/basket", "", true)).toEqual({ redirectTo: null, rememberBypass: false });
  });

  it("enabled: a wrong key or a value instead of a key does not bypass", () => {
    expect(decide(on, "/", "nope").redirectTo).toBe("/maintenance");
    expect(decide(on, "/", "bypass=letmein").redirectTo).toBe("/maintenance");
  });

  it("an empty bypass token never matches", () => {
    expect(decide({ isMaintenanceEnabled: true, bypassToken: "" }, "/", "=x").redirectTo).toBe("/maintenance");
  });

  it("disabled: the maintenance page redirects to /", () => {
    expect(decide(off, "/maintenance")).toEqual({ redirectTo: "/", rememberBypass: false });
    expect(decide(off, "/maintenance/")).toEqual({ redirectTo: "/", rememberBypass: false });
  });

  it("disabled: other pages carry on", () => {
    expect(decide(off, "/")).toEqual({ redirectTo: null, rememberBypass: false });
  });

  it("a failed check lets navigation continue", () => {
    expect(decide(null, "/maintenance")).toEqual({ redirectTo: null, rememberBypass: false });
  });
});
