import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getSession } from "~/session/session.server";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { spyOnPosts } from "../../tests/mocks/upstream/spy";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { recoveryHandlers } from "../../tests/mocks/upstream/recovery";
import { action, loader } from "./_login.customer.invitation";

const t = useRouteTest();
type Answer = {
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

const password = { password: "a long enough one", confirm: "a long enough one" };

function accept(token: string | null, form: Record<string, string> = password) {
  const path = token === null ? "/customer/invitation" : `/customer/invitation?token=${encodeURIComponent(token)}`;
  return t.run(action, post(path, form));
}

const countAccepts = () => spyOnPosts(t.server, "/api/accept-invitation");

describe("/customer/invitation action (public)", () => {
  it("creates the login with the token and password, then sends the user to log in with a toast", async () => {
    t.signIn({}, ...recoveryHandlers());
    const seen = countAccepts();
    const result = await accept("tok-valid");
    expect(seen).toEqual([{ token: "tok-valid", password: "a long enough one" }]);
    expect((result as Response).status).toBe(302);
    expect(locationOf(result)).toBe("/login");
    const cookie = (result as Response).headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__portal_session=/);
    const session = await getSession(
      new Request("http://portal.test/login", { headers: { Cookie: cookie.split(";")[0] } }),
    );
    expect(session.get("toast")).toEqual({ kind: "success", message: "Your account is ready. Please log in." });
    expect(session.get("token")).toBeUndefined();
  });

  it("refuses mismatched passwords with 400 and a message on the second field, before calling the provider", async () => {
    t.signIn({}, ...recoveryHandlers());
    const seen = countAccepts();
    const result = (await accept("tok-valid", {
      password: "a long enough one",
      confirm: "a long enough two",
    })) as Answer;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ confirm: "The two passwords are not the same" });
    expect(seen).toEqual([]);
  });

  it("refuses a missing or short password with 400 and a message per field, before calling the provider", async () => {
    t.signIn({}, ...recoveryHandlers());
    const seen = countAccepts();
    const missing = (await accept("tok-valid", {})) as Answer;
    expect(missing.init.status).toBe(400);
    expect(missing.data.fieldErrors).toEqual({ password: "Choose a password", confirm: "Type the password again" });
    const short = (await accept("tok-valid", { password: "short", confirm: "short" })) as Answer;
    expect(short.init.status).toBe(400);
    expect(short.data.fieldErrors.password).toBe("Use at least 10 characters");
    expect(seen).toEqual([]);
  });

  it("explains a used invitation with the provider's 410 and its words", async () => {
    t.signIn({}, ...recoveryHandlers());
    const result = (await accept("tok-used")) as Answer;
    expect(result.init.status).toBe(410);
    expect(result.data).toEqual({ ok: false, fieldErrors: {}, formError: "This link has already been used" });
  });

  it.each([
    ["an unknown token", "tok-nope"],
    ["no token at all", null],
  ])("explains %s with 404: the link is not valid", async (_, token) => {
    t.signIn({}, ...recoveryHandlers());
    const result = (await accept(token)) as Answer;
    expect(result.init.status).toBe(404);
    expect(result.data.formError).toBe("This link is not valid.");
  });

  it("passes on a password the provider itself refuses as 400 with its message", async () => {
    t.signIn(
      {},
      http.post(`${UPSTREAM}/api/accept-invitation`, () =>
        HttpResponse.json(
          { name: "BadRequest", message: "That password is too common; choose another.", code: 400 },
          { status: 400 },
        ),
      ),
    );
    const result = (await accept("tok-valid")) as Answer;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe("That password is too common; choose another.");
  });

  it("during maintenance sends the visitor to /maintenance and accepts nothing", async () => {
    t.server.use(
      ...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "bypass-123" } }),
      ...recoveryHandlers(),
    );
    const seen = countAccepts();
    expect(locationOf(await accept("tok-valid"))).toBe("/maintenance");
    expect(seen).toEqual([]);
  });
});

describe("/customer/invitation loader (public)", () => {
  it("shows whom the invitation is for", async () => {
    t.signIn(
      {},
      http.get(`${UPSTREAM}/api/accept-invitation/tok-valid`, () =>
        HttpResponse.json({
          valid: true,
          email: "new@demo.test",
          customer: { name: "Northwind Facilities" },
          firstName: "Nia",
        }),
      ),
    );
    const result = await loader({
      request: get("/customer/invitation?token=tok-valid"),
      params: {},
      context: testLoadContext(),
    });
    expect(result).toEqual({
      problem: null,
      invitation: { email: "new@demo.test", customer: "Northwind Facilities", firstName: "Nia" },
    });
  });

  it("explains a used link, and a missing token, instead of failing", async () => {
    t.signIn(
      {},
      http.get(`${UPSTREAM}/api/accept-invitation/tok-used`, () =>
        HttpResponse.json({ name: "Gone", message: "This link has already been used", code: 410 }, { status: 410 }),
      ),
    );
    const used = await loader({
      request: get("/customer/invitation?token=tok-used"),
      params: {},
      context: testLoadContext(),
    });
    expect(used).toEqual({ problem: "This link has already been used", invitation: null });
    const none = await loader({ request: get("/customer/invitation"), params: {}, context: testLoadContext() });
    expect(none).toEqual({ problem: "This link is not valid.", invitation: null });
  });
});
