import { redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  describeFailure,
  isRedirect,
  isRefusal,
  refusal,
  refusalForm,
  retryAfterSeconds,
  UpstreamError,
} from "./errors.server";

describe("UpstreamError", () => {
  it("is a Response with the status and a JSON body, so an uncaught one renders the error page as before", async () => {
    const error = new UpstreamError(404, "That order could not be found.");
    expect(error).toBeInstanceOf(Response);
    expect(error.status).toBe(404);
    expect(await error.json()).toEqual({ message: "That order could not be found." });
    expect(error.message).toBe("That order could not be found.");
    expect(error.field).toBeNull();
  });

  it("tells a refusal (4xx) from a failure (5xx)", () => {
    expect(new UpstreamError(409, "x").isRefusal).toBe(true);
    expect(new UpstreamError(502, "x").isRefusal).toBe(false);
  });
});

describe("refusal", () => {
  it("returns a refusal with a listed status, or any 4xx when none is listed", () => {
    const error = new UpstreamError(409, "Already ordered");
    expect(refusal(error, 404, 409)).toBe(error);
    expect(refusal(error)).toBe(error);
    expect(isRefusal(error, 409)).toBe(true);
    expect(isRefusal(error, 404)).toBe(false);
  });

  it("throws on everything else: another status, a failure, a redirect, a plain error", () => {
    const thrownBy = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return "nothing thrown";
    };
    const conflict = new UpstreamError(409, "x");
    expect(thrownBy(() => refusal(conflict, 404))).toBe(conflict);
    const failure = new UpstreamError(502, "down");
    expect(thrownBy(() => refusal(failure))).toBe(failure);
    const loginRedirect = redirect("/login?redirect=%2Fbasket");
    expect(thrownBy(() => refusal(loginRedirect))).toBe(loginRedirect);
    const bug = new TypeError("bug");
    expect(thrownBy(() => refusal(bug))).toBe(bug);
  });
});

describe("refusalForm", () => {
  it("puts the message under the field the provider named when the form has that field", async () => {
    const answer = refusalForm(new UpstreamError(400, "Choose a delivery address", "addressId"), {
      fields: ["addressId"],
    });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      fieldErrors: { addressId: "Choose a delivery address" },
      formError: null,
    });
  });

  it("puts each of several fields' messages under its field, and the ones the form lacks above it", () => {
    const errors = { from: "Enter a date as YYYY-MM-DD", employees: "Unknown employee: 9" };
    const both = refusalForm(new UpstreamError(400, 'Invalid value at field "from"', null, null, errors), {
      fields: ["from", "employees"],
    });
    expect(both.data).toEqual({ ok: false, fieldErrors: errors, formError: null });
    const one = refusalForm(new UpstreamError(400, 'Invalid value at field "from"', null, null, errors), {
      fields: ["from"],
    });
    expect(one.data).toEqual({ ok: false, fieldErrors: { from: errors.from }, formError: "Unknown employee: 9" });
    expect(new UpstreamError(400, "x", null, null, errors).field).toBe("from");
  });

  it("puts it above the form otherwise, with the status of the refusal, and may replace the message", () => {
    const answer = refusalForm(new UpstreamError(409, "Ordered already", "basketId"), { fields: ["addressId"] });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({ ok: false, fieldErrors: {}, formError: "Ordered already" });
    expect(
      refusalForm(new UpstreamError(404, "gone"), { message: "That order could not be found." }).data.formError,
    ).toBe("That order could not be found.");
  });
});

describe("Retry-After", () => {
  it("passes the provider's wait on with a 429 refusal, and sends none otherwise", () => {
    const limited = new UpstreamError(
      429,
      "Too many failed log-in attempts. Please try again in 2 minutes.",
      null,
      120,
    );
    expect(limited.headers.get("Retry-After")).toBe("120");
    expect(new Headers(refusalForm(limited).init?.headers).get("Retry-After")).toBe("120");
    expect(new Headers(refusalForm(new UpstreamError(400, "no")).init?.headers).has("Retry-After")).toBe(false);
  });

  it("reads seconds or an HTTP date, and nothing else", () => {
    const now = Date.parse("2026-11-23T07:00:00Z");
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds(" 0 ", now)).toBe(0);
    expect(retryAfterSeconds("Mon, 23 Nov 2026 07:01:30 GMT", now)).toBe(90);
    expect(retryAfterSeconds("Mon, 23 Nov 2026 06:59:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds("soon", now)).toBeNull();
    expect(retryAfterSeconds("-5", now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});

describe("describeFailure and isRedirect", () => {
  it("says what failed in a log line", () => {
    expect(describeFailure(new UpstreamError(503, "down"))).toBe("503 down");
    expect(describeFailure(redirect("/login"))).toBe("302 /login");
    const bug = new Error("bug");
    expect(describeFailure(bug)).toBe(bug);
  });

  it("knows a redirect from an upstream error", () => {
    expect(isRedirect(redirect("/login"))).toBe(true);
    expect(isRedirect(new UpstreamError(404, "x"))).toBe(false);
    expect(isRedirect(new Error("x"))).toBe(false);
  });
});
