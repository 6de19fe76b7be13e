import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseProviderConfig, parseRole } from "../config";
import { NO_MAIL } from "../services/mail-config";

/** Issue 32 item 5 (decision 152): one schema for every provider variable; a bad value stops start-up naming it. */
describe("the provider's configuration", () => {
  it("has a default for everything the local demo needs", () => {
    expect(parseProviderConfig({})).toEqual({
      role: "all",
      port: 3030,
      host: "127.0.0.1",
      databaseUrl: undefined,
      sqliteFile: "data/provider.sqlite",
      sessionIdleMinutes: 60,
      sessionMaxHours: 12,
      portalUrl: "http://localhost:3000",
      trustedProxies: "loopback",
      reportTimeoutMs: 60_000,
      erpFeedDir: path.resolve("data/erp-feed"),
      shutdownTimeoutMs: 25_000,
      logLevel: "info",
      metricsToken: undefined,
      mail: NO_MAIL,
    });
  });

  it("reads every variable", () => {
    const config = parseProviderConfig({
      PROVIDER_ROLE: "worker",
      PROVIDER_PORT: "4030",
      PROVIDER_HOST: "0.0.0.0",
      PROVIDER_TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.7",
      DATABASE_URL: "postgres://portal:portal@db.internal:5432/portal",
      PROVIDER_DB_FILE: "/var/lib/p.sqlite",
      PROVIDER_SESSION_IDLE_MINUTES: "30",
      PROVIDER_SESSION_MAX_HOURS: "8",
      PORTAL_URL: "https://portal.example.com/",
      PROVIDER_REPORT_TIMEOUT_SECONDS: "5",
      ERP_FEED_DIR: "/srv/feed",
      SHUTDOWN_TIMEOUT: "40",
      LOG_LEVEL: "debug",
      METRICS_TOKEN: "0123456789abcdef",
      SMTP_URL: "smtp://user:pass@mail.example.com:587",
      MAIL_FROM: "Workwear <orders@example.com>",
    });
    expect(config).toEqual({
      role: "worker",
      port: 4030,
      host: "0.0.0.0",
      databaseUrl: "postgres://portal:portal@db.internal:5432/portal",
      sqliteFile: "/var/lib/p.sqlite",
      sessionIdleMinutes: 30,
      sessionMaxHours: 8,
      portalUrl: "https://portal.example.com",
      trustedProxies: "10.0.0.0/8, 192.168.1.7",
      reportTimeoutMs: 5000,
      erpFeedDir: "/srv/feed",
      shutdownTimeoutMs: 40_000,
      logLevel: "debug",
      metricsToken: "0123456789abcdef",
      mail: { smtpUrl: "smtp://user:pass@mail.example.com:587", from: "Workwear <orders@example.com>" },
    });
    expect(
      parseProviderConfig({ MAIL_FROM: "orders@example.com", SMTP_URL: "smtps://mail.example.com" }),
    ).toMatchObject({ mail: { from: "orders@example.com", smtpUrl: "smtps://mail.example.com" } });
    // an empty variable is an unset one, as a shell's `VAR=` means
    expect(parseProviderConfig({ PROVIDER_PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3030,
      databaseUrl: undefined,
    });
  });

  it.each([
    ["PROVIDER_ROLE", "both", "must be api, worker or all"],
    ["PROVIDER_PORT", "70000", "must be a whole number from 0 to 65535"],
    ["PROVIDER_PORT", "30x", "must be a whole number from 0 to 65535"],
    ["PROVIDER_HOST", "not a host!", "must be an IP address or a host name"],
    ["PROVIDER_TRUSTED_PROXIES", "10.0.0.0/99", "'10.0.0.0/99' is not an address"],
    ["DATABASE_URL", "mysql://db/portal", "must be a postgres:// URL"],
    ["DATABASE_URL", "portal", "must be a postgres:// URL"],
    ["PROVIDER_SESSION_IDLE_MINUTES", "0", "must be a whole number from 1"],
    ["PROVIDER_SESSION_MAX_HOURS", "1.5", "must be a whole number from 1"],
    ["PORTAL_URL", "portal.example.com", "must be an http:// or https:// URL"],
    ["PORTAL_URL", "ftp://portal.example.com", "must be an http:// or https:// URL"],
    ["PROVIDER_REPORT_TIMEOUT_SECONDS", "x", "must be a whole number from 1 to 3600"],
    ["SHUTDOWN_TIMEOUT", "0", "must be a whole number from 1 to 600"],
    ["LOG_LEVEL", "verbose", "must be one of fatal, error, warn, info, debug, trace, silent"],
    ["METRICS_TOKEN", "short", "must be at least 16 characters"],
    ["SMTP_URL", "http://mail.example.com", "must be smtp://[user:password@]host[:port] or smtps://…"],
    ["MAIL_FROM", "Workwear <not an address>", 'must be an e-mail address or "Name <address>"'],
    ["MAIL_FROM", "nobody", 'must be an e-mail address or "Name <address>"'],
    ["PROVIDER_REPORT_WORKER", "off", "is no longer read; run the process with --role api"],
    ["PROVIDER_ERP_WORKER", "off", "is no longer read; run the process with --role api"],
  ])("%s=%s stops start-up naming it", (name, value, message) => {
    expect(() => parseProviderConfig({ [name]: value })).toThrow(`Invalid configuration: ${name}: ${message}`);
  });

  it("names every bad variable at once", () => {
    expect(() => parseProviderConfig({ PROVIDER_PORT: "x", LOG_LEVEL: "loud" })).toThrow(
      /^Invalid configuration: PROVIDER_PORT: .*; LOG_LEVEL: /,
    );
  });

  it("--role is checked as PROVIDER_ROLE is", () => {
    expect(parseRole("api")).toBe("api");
    expect(() => parseRole("web")).toThrow("Invalid configuration: --role: must be api, worker or all (got 'web')");
  });
});
