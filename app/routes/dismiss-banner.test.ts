import { beforeAll, describe, expect, it } from "vitest";
import { bannerDismissedCookie } from "~/auth/session.server";
import { testLoadContext } from "~/http/context";
import { locationOf, post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { action, loader } from "./dismiss-banner";

const server = useUpstreamMock();
let cookie: string;
beforeAll(async () => {
  cookie = await sessionCookie();
});

function dismiss(form: Record<string, string>, withCookie = cookie) {
  return settle(() => action({ request: post("/dismiss-banner", form, withCookie), params: {}, context: testLoadContext() }));
}

describe("/dismiss-banner", () => {
  it("a typed-in GET goes home", async () => {
    expect(locationOf(await settle(() => loader()))).toBe("/");
  });

  it("remembers the dismissed banner for a year in a plain cookie and goes back to the page", async () => {
    server.use(...authHandlers());
    const result = (await dismiss({ bannerId: "news-42", redirect: "/order-history?page=2" })) as Response;
    expect(result.status).toBe(302);
    expect(locationOf(result)).toBe("/order-history?page=2");
    const setCookie = result.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__portal_banner=/);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    expect(await bannerDismissedCookie().parse(setCookie.split(";")[0])).toBe("news-42");
  });

  it.each(["//evil.example", "https://evil.example/steal", undefined])("goes home instead of to %j", async (target) => {
    server.use(...authHandlers());
    const form: Record<string, string> = { bannerId: "news-42" };
    if (target !== undefined) form.redirect = target;
    expect(locationOf(await dismiss(form))).toBe("/");
  });

  it.each([
    ["no banner id", {}],
    ["a blank banner id", { bannerId: "   " }],
    ["a banner id of 101 characters", { bannerId: "x".repeat(101) }],
  ])("refuses %s with 400 and a message, setting no cookie", async (_, form) => {
    server.use(...authHandlers());
    const result = (await dismiss(form)) as Response;
    expect(result.status).toBe(400);
    expect(await result.text()).toBe("Which notice should be dismissed?");
    expect(result.headers.get("Set-Cookie")).toBeNull();
  });

  it("sends a visitor without a session to log in and sets no cookie", async () => {
    server.use(...authHandlers());
    const result = (await dismiss({ bannerId: "news-42" }, "")) as Response;
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/dismiss-banner")}`);
    expect(result.headers.get("Set-Cookie")).toBeNull();
  });

  it("sends a user whose provider session has ended to log in", async () => {
    server.use(...authHandlers({ session: "unauthorized" }));
    const result = await dismiss({ bannerId: "news-42" });
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/dismiss-banner")}`);
  });
});
