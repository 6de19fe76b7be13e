import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { locationOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { action, loader } from "./_login.customer.reset-password.$slug";

const t = useRouteTest();
const params = { slug: "tok-1" };
// a public page: called without the session cookie
const route = t.route("/customer/reset-password/:slug", { loader, action });
const open = () => route.load({ params, cookie: "" });
const reset = (form: Record<string, string>) => route.send(form, { params, cookie: "" });
type Answer = { data: { fieldErrors: Record<string, string>; formError: string | null }; init: ResponseInit };

describe("/customer/reset-password/{slug} (public)", () => {
  it("shows whose password the link resets", async () => {
    t.signIn(
      {},
      http.get(`${UPSTREAM}/api/password-reset/tok-1`, () =>
        HttpResponse.json({ valid: true, email: "bea@x.example" }),
      ),
    );
    const result = await open();
    expect(result).toEqual({ problem: null, email: "bea@x.example" });
  });

  it("explains a used link instead of failing", async () => {
    t.signIn(
      {},
      http.get(`${UPSTREAM}/api/password-reset/tok-1`, () =>
        HttpResponse.json({ name: "Gone", message: "This link has already been used", code: 410 }, { status: 410 }),
      ),
    );
    const result = await open();
    expect(result).toEqual({ problem: "This link has already been used", email: null });
  });

  it("refuses mismatched passwords with 400 before calling the provider", async () => {
    t.signIn(); // no password-reset handler: a call would fail the test
    const result = (await reset({ password: "long enough one", confirm: "long enough two" })) as Answer;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.confirm).toBe("The two passwords are not the same");
  });

  it("refuses a short password", async () => {
    t.signIn();
    const result = (await reset({ password: "short", confirm: "short" })) as Answer;
    expect(result.data.fieldErrors.password).toBe("Use at least 10 characters");
  });

  it("sets the password and sends the user to log in with a toast", async () => {
    let body: unknown;
    t.signIn(
      {},
      http.post(`${UPSTREAM}/api/password-reset`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ reset: true }, { status: 201 });
      }),
    );
    const result = await reset({ password: "long enough one", confirm: "long enough one" });
    expect(body).toEqual({ token: "tok-1", password: "long enough one" });
    expect(locationOf(result)).toBe("/login");
    expect((result as Response).headers.get("Set-Cookie")).toContain("__portal_session=");
  });
});
