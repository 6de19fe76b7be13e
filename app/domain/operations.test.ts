import pino from "pino";
import { describe, expect, it } from "vitest";
import {
  LogSink,
  loggerOptions,
  metricsAccess,
  parseLogLevel,
  redactUrl,
  statusClass,
  wellFormedRequestId,
} from "./operations";

describe("wellFormedRequestId (decision 144)", () => {
  it.each(["portal-req-42", "0f8fad5b-d9cb-469f-a165-70867728950e", "lb:1.2_3", "a".repeat(64)])("keeps %s", (id) => {
    expect(wellFormedRequestId(id)).toBe(id);
  });
  it.each(["", "two words", "a".repeat(65), "-leading", "x\ny", "<script>", undefined, 42])("refuses %j", (id) => {
    expect(wellFormedRequestId(id)).toBeNull();
  });
});

describe("redactUrl: what a log line may show of a path (decision 144)", () => {
  it.each([
    ["/customer/reset-password/AbC-123_xyz", "/customer/reset-password/***"],
    ["/api/password-reset/tok3n?x=1", "/api/password-reset/***?x=1"],
    ["/api/accept-invitation/tok3n", "/api/accept-invitation/***"],
    ["/punchout/start/S7aRt-tOkEn", "/punchout/start/***"],
    ["/customer/invitation?token=s3cret", "/customer/invitation?token=***"],
    ["/?bypass=Bypass-Token", "/?bypass=***"],
    ["/dashboard?BypassTokenAsKey", "/dashboard?***"],
    ["/dashboard?abc123DEF456=", "/dashboard?***"],
    [
      "/punchout/oci?USERNAME=apex&PASSWORD=pw&HOOK_URL=https%3A%2F%2Fp.example",
      "/punchout/oci?USERNAME=apex&PASSWORD=***&HOOK_URL=https%3A%2F%2Fp.example",
    ],
    [
      "/api/order?$limit=10&$sort[createdDate]=-1&tranId[$in][]=SO1",
      "/api/order?$limit=10&$sort[createdDate]=-1&tranId[$in][]=SO1",
    ],
    ["/search?q=boots&page=2", "/search?q=boots&page=2"],
    ["/login?index", "/login?index"],
    ["/dashboard.data?_routes=routes%2F_default", "/dashboard.data?_routes=routes%2F_default"],
    ["/x?%E0%A4%A=1", "/x?***"],
  ])("%s → %s", (input, shown) => {
    expect(redactUrl(input)).toBe(shown);
  });
});

describe("redactUrl for the provider's Feathers keys", () => {
  it("shows every key, and hides the values of secret-looking ones", () => {
    expect(redactUrl("/api/item?class.internalId=7&details.custrecord4.value[$ne]=true&token=t0k", "all")).toBe(
      "/api/item?class.internalId=7&details.custrecord4.value[$ne]=true&token=***",
    );
    expect(redactUrl("/api/password-reset/t0ken", "all")).toBe("/api/password-reset/***");
  });
});

describe("statusClass", () => {
  it.each([
    [200, "2xx"],
    [304, "3xx"],
    [404, "4xx"],
    [503, "5xx"],
    [0, "other"],
  ])("%i → %s", (status, label) => {
    expect(statusClass(status)).toBe(label);
  });
});

describe("parseLogLevel", () => {
  it("defaults to info and takes pino's levels in any case", () => {
    expect(parseLogLevel(undefined)).toBe("info");
    expect(parseLogLevel("")).toBe("info");
    expect(parseLogLevel("DEBUG")).toBe("debug");
    expect(parseLogLevel("silent")).toBe("silent");
  });
  it("stops start-up naming LOG_LEVEL for anything else", () => {
    expect(() => parseLogLevel("verbose")).toThrow(/LOG_LEVEL must be one of .*got 'verbose'/);
  });
});

describe("metricsAccess (decision 145)", () => {
  const ask = (over: Partial<Parameters<typeof metricsAccess>[0]>) =>
    metricsAccess({
      token: undefined,
      authorization: undefined,
      clientAddress: "127.0.0.1",
      socketAddress: "127.0.0.1",
      ...over,
    });

  it("without METRICS_TOKEN: loopback only, judged by the client behind trusted proxies and the socket", () => {
    expect(ask({})).toBe("allowed");
    expect(ask({ clientAddress: "::1", socketAddress: "::ffff:127.0.0.1" })).toBe("allowed");
    expect(ask({ clientAddress: "203.0.113.9" })).toBe("not loopback");
    expect(ask({ socketAddress: "10.0.0.4" })).toBe("not loopback");
    expect(ask({ clientAddress: undefined })).toBe("not loopback");
  });
  it("with METRICS_TOKEN: its bearer only, loopback or not", () => {
    const token = "metrics-token-0123456789";
    expect(ask({ token })).toBe("no token");
    expect(ask({ token, authorization: `Bearer ${token}x` })).toBe("no token");
    expect(ask({ token, authorization: `Basic ${token}` })).toBe("no token");
    expect(ask({ token, authorization: `bearer ${token}`, clientAddress: "203.0.113.9" })).toBe("allowed");
  });
});

describe("the loggers' redaction", () => {
  it("replaces credentials wherever an object logged whole carries them", () => {
    const sink = new LogSink({ write: () => undefined });
    const logger = pino(loggerOptions("test", "info"), sink);
    const captured = sink.capture(logger);
    logger.info(
      {
        password: "pw-1",
        body: { password: "pw-2", token: "tok-3", sharedSecret: "sec-4" },
        headers: { authorization: "Bearer tok-5", cookie: "__session=tok-6", "set-cookie": "a=tok-7" },
        card: { number: "4242424242424242" },
        email: "kept@demo.test",
      },
      "a careless line",
    );
    captured.stop();
    const text = captured.text();
    for (const secret of ["pw-1", "pw-2", "tok-3", "sec-4", "tok-5", "tok-6", "tok-7", "4242"])
      expect(text).not.toContain(secret);
    expect(captured.lines()[0]).toMatchObject({ name: "test", level: "info", email: "kept@demo.test" });
  });
});
