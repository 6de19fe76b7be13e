import { captureLogs } from "~/http/log.server";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { locationOf, post, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./logout";

const t = useRouteTest({ token: "token-1", customerId: "1001", contactId: "5001" });
afterEach(() => vi.restoreAllMocks());

function logOut(withCookie = t.cookie()) {
  return t.run(action, post("/logout", {}, withCookie));
}

/** The provider's DELETE /api/authentication, answering `status`; records the bearer token of each call. */
function revoke(status: number) {
  const tokens: Array<string | null> = [];
  t.server.use(
    http.delete(`${UPSTREAM}/api/authentication`, ({ request }) => {
      tokens.push(request.headers.get("authorization"));
      return status < 400
        ? HttpResponse.json({ revoked: true })
        : HttpResponse.json({ name: "Error", message: "Could not revoke", code: status }, { status });
    }),
  );
  return tokens;
}

function expectCookieCleared(result: unknown) {
  const setCookie = (result as Response).headers.get("Set-Cookie") ?? "";
  expect(setCookie).toMatch(/^__portal_session=;/);
  expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);
}

describe("/logout", () => {
  it("a typed-in GET goes home: logging out is a POST only", async () => {
    expect(locationOf(await settle(() => loader()))).toBe("/");
  });

  it("revokes the provider session with the user's token, clears the cookie and goes to log in", async () => {
    t.signIn();
    const tokens = revoke(200);
    const result = (await logOut()) as Response;
    expect(tokens).toEqual(["Bearer token-1"]);
    expect(result.status).toBe(302);
    expect(locationOf(result)).toBe("/login");
    expectCookieCleared(result);
  });

  it("logs out a user who has not chosen a business unit yet", async () => {
    t.signIn({ customers: 2, selected: false });
    const tokens = revoke(200);
    const result = await logOut();
    expect(tokens).toEqual(["Bearer token-1"]);
    expect(locationOf(result)).toBe("/login");
    expectCookieCleared(result);
  });

  it.each([403, 404])(
    "clears the cookie all the same when the provider refuses the revoke with %i, logging nothing",
    async (status) => {
      const log = captureLogs();
      t.signIn();
      const tokens = revoke(status);
      const result = await logOut().finally(log.stop);
      expect(tokens).toHaveLength(1);
      expect(locationOf(result)).toBe("/login");
      expectCookieCleared(result);
      expect(log.lines().filter((l) => l.msg === "revoking the upstream session failed")).toEqual([]);
    },
  );

  it("clears the cookie all the same when the provider fails (500), and logs the failure", async () => {
    const log = captureLogs();
    t.signIn();
    revoke(500);
    const result = await logOut().finally(log.stop);
    expect(locationOf(result)).toBe("/login");
    expectCookieCleared(result);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ level: "error", msg: "revoking the upstream session failed" }),
    );
  });

  it("sends a visitor without a session to log in, revoking nothing", async () => {
    t.signIn();
    const tokens = revoke(200);
    const result = await logOut("");
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/logout")}`);
    expect(tokens).toEqual([]);
  });

  it("a provider session that has already ended is cleared and sent to log in, revoking nothing", async () => {
    t.server.use(...authHandlers({ session: "unauthorized" }));
    const tokens = revoke(200);
    const result = (await logOut()) as Response;
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/logout")}`);
    expectCookieCleared(result);
    expect(tokens).toEqual([]);
  });
});
