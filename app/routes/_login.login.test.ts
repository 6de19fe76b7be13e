import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { get, locationOf, post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { action, loader } from "./_login.login";

const t = useRouteTest();

function logIn(form: Record<string, string>, clientIp = "10.0.0.1", path = "/login") {
  return settle(() => action({ request: post(path, form), params: {}, context: testLoadContext({ clientIp }) }));
}

/** The demo buyer logging in with the right password, asking to go to `redirect`. */
function logInAsBuyer(redirect?: string) {
  return logIn({
    email: "buyer@demo.test",
    password: "workwear-demo",
    ...(redirect === undefined ? {} : { redirect }),
  });
}

/** The provider refusing every log-in (401), noting the given header of each request it was sent. */
function refuseLogInNoting(header: string): Array<string | null> {
  const seen: Array<string | null> = [];
  t.server.use(
    http.post(`${UPSTREAM}/api/authentication`, ({ request }) => {
      seen.push(request.headers.get(header));
      return HttpResponse.json(
        { name: "NotAuthenticated", message: "Invalid email or password", code: 401 },
        { status: 401 },
      );
    }),
    ...authHandlers(),
  );
  return seen;
}

type FormAnswer = {
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

describe("/login", () => {
  it("shows the form to a visitor", async () => {
    t.signIn();
    await expect(loader({ request: get("/login"), params: {}, context: testLoadContext() })).resolves.toBeNull();
  });

  it("logs in, stores only the token and business unit in the cookie, and goes to the redirect target", async () => {
    t.signIn();
    const result = (await logInAsBuyer("/order-history?page=2")) as Response;
    expect(result.status).toBe(302);
    expect(locationOf(result)).toBe("/order-history?page=2");
    const cookie = result.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__portal_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example/steal"])(
    "ignores the open-redirect attempt %s",
    async (target) => {
      t.signIn();
      const result = await logInAsBuyer(target);
      expect(locationOf(result)).toBe("/");
    },
  );

  it("sends a user with several business units to choose one first", async () => {
    t.signIn({ customers: 2, selected: false });
    const result = await logInAsBuyer("/order-history");
    expect(locationOf(result)).toBe(`/select-your-customer?redirect=${encodeURIComponent("/order-history")}`);
  });

  it("answers a wrong password with 401 and a message, setting no cookie", async () => {
    t.signIn();
    const result = (await logIn({ email: "buyer@demo.test", password: "nope" })) as FormAnswer;
    expect(result.init.status).toBe(401);
    expect(result.data.formError).toBe("The email or password is not right. Please check them and try again.");
  });

  it("answers missing or malformed fields with 400 and a message per field", async () => {
    t.signIn();
    const result = (await logIn({ email: "not-an-email", password: "" })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.email).toBe("Enter an email address like name@company.co.uk");
    expect(result.data.fieldErrors.password).toBe("Enter your password");
  });

  it("names the browser's address to the provider, which keeps the limits (decision 027)", async () => {
    const seen = refuseLogInNoting("x-forwarded-for");
    await logIn({ email: "limited@demo.test", password: "wrong" }, "203.0.113.9");
    expect(seen).toEqual(["203.0.113.9"]);
  });

  it("passes the browser's User-Agent on, for the provider's log-in history", async () => {
    const seen = refuseLogInNoting("user-agent");
    const request = post("/login", { email: "agent@demo.test", password: "wrong" });
    request.headers.set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chromium/130");
    await settle(() => action({ request, params: {}, context: testLoadContext({ clientIp: "10.0.0.1" }) }));
    expect(seen).toEqual(["Mozilla/5.0 (X11; Linux x86_64) Chromium/130"]);
  });

  it("shows the provider's 429 and how long to wait, with no limit of the portal's own", async () => {
    let calls = 0;
    t.server.use(
      http.post(`${UPSTREAM}/api/authentication`, () => {
        calls += 1;
        if (calls <= 12)
          return HttpResponse.json(
            { name: "NotAuthenticated", message: "Invalid email or password", code: 401 },
            { status: 401 },
          );
        return HttpResponse.json(
          {
            name: "TooManyRequests",
            message: "Too many failed log-in attempts. Please try again in 2 minutes.",
            code: 429,
            data: { retryAfterSeconds: 120 },
          },
          { status: 429, headers: { "Retry-After": "120" } },
        );
      }),
      ...authHandlers(),
    );
    const attempt = () => logIn({ email: "limited@demo.test", password: "wrong" }, "10.9.9.9");
    // the portal counts nothing itself: every attempt reaches the provider
    for (let i = 0; i < 12; i++) expect(((await attempt()) as FormAnswer).init.status).toBe(401);
    const blocked = (await attempt()) as FormAnswer;
    expect(blocked.init.status).toBe(429);
    // the browser is told when to try again, as the provider told the portal
    expect(new Headers(blocked.init.headers).get("Retry-After")).toBe("120");
    expect(blocked.data.formError).toBe("Too many failed log-in attempts. Please try again in 2 minutes.");
    expect(calls).toBe(13);
  });

  it("shows the maintenance page instead of logging in while maintenance is on", async () => {
    t.server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "k" } }));
    const result = await logInAsBuyer();
    expect(locationOf(result)).toBe("/maintenance");
  });
});

describe("/login's way back above U+00FF (issue 11 item 1)", () => {
  it("a logged-in GET /login?redirect=%2F%E3%80%82x goes to the percent-encoded path, not a 500", async () => {
    t.signIn();
    const request = get("/login?redirect=%2F%E3%80%82x", await sessionCookie());
    const result = (await t.run(loader, request)) as Response;
    expect(result.status).toBe(302);
    expect(locationOf(result)).toBe("/%E3%80%82x");
  });

  it("a posted redirect holding U+3002 logs in and goes to the percent-encoded path", async () => {
    t.signIn();
    const result = (await logInAsBuyer("/\u3002x")) as Response;
    expect(result.status).toBe(302);
    expect(locationOf(result)).toBe("/%E3%80%82x");
  });
});
