import { describe, expect, it } from "vitest";
import { maintenanceDecision } from "./maintenance";

const on = { isMaintenanceEnabled: true, bypassToken: "letmein" };
const off = { isMaintenanceEnabled: false, bypassToken: "letmein" };
const decide = (status: typeof on | null, pathname: string, query = "", rememberedToken?: string) =>
  maintenanceDecision({ status, pathname, searchParams: new URLSearchParams(query), rememberedToken });

/** The decision that lets the user in past maintenance with the bypass key, to be remembered. */
const bypass = (param: string, toHome: boolean) => ({ action: "bypass", remember: "letmein", param, toHome });

describe("maintenanceDecision (SPEC §4, §8)", () => {
  it("enabled: users go to the maintenance page", () => {
    expect(decide(on, "/order-history")).toEqual({ action: "redirect", to: "/maintenance" });
  });

  it("enabled: the maintenance page itself is served", () => {
    expect(decide(on, "/maintenance")).toEqual({ action: "continue", enabled: true, bypassed: false });
  });

  it("enabled: the bypass query key (SPEC) or bypass=token (the provider's CLI) lets the user in, to be remembered", () => {
    expect(decide(on, "/basket", "letmein")).toEqual(bypass("letmein", false));
    expect(decide(on, "/basket", "bypass=letmein&page=2")).toEqual(bypass("bypass", false));
  });

  it("enabled: the bypass key given on the maintenance page leads home", () => {
    expect(decide(on, "/maintenance", "letmein")).toEqual(bypass("letmein", true));
  });

  it("enabled: a remembered bypass lets the user in only while it is the current token", () => {
    expect(decide(on, "/basket", "", "letmein")).toEqual({ action: "continue", enabled: true, bypassed: true });
    expect(decide(on, "/basket", "", "old-token")).toEqual({ action: "redirect", to: "/maintenance" });
  });

  it("enabled: a wrong key or a wrong value does not bypass", () => {
    expect(decide(on, "/", "nope")).toEqual({ action: "redirect", to: "/maintenance" });
    expect(decide(on, "/", "bypass=nope")).toEqual({ action: "redirect", to: "/maintenance" });
  });

  it("an empty bypass token never matches", () => {
    const blank = { isMaintenanceEnabled: true, bypassToken: "" };
    expect(decide(blank, "/", "=x")).toEqual({ action: "redirect", to: "/maintenance" });
    expect(decide(blank, "/", "bypass=", "")).toEqual({ action: "redirect", to: "/maintenance" });
  });

  it("disabled: every page, the maintenance page too, is served (the maintenance page then sends home)", () => {
    expect(decide(off, "/")).toEqual({ action: "continue", enabled: false, bypassed: false });
    expect(decide(off, "/maintenance")).toEqual({ action: "continue", enabled: false, bypassed: false });
  });

  it("a failed check lets navigation continue", () => {
    expect(decide(null, "/order-history")).toEqual({ action: "continue", enabled: false, bypassed: false });
  });
});
