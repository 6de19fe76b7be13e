import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { locationOf, post, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { action } from "./_login.customer.forgot";

const t = useRouteTest();

describe("/customer/forgot", () => {
  it("names the browser's address to the provider, which limits the e-mails (decision 027); the answer is the same", async () => {
    const seen: Array<{ address: string | null; body: unknown }> = [];
    t.server.use(
      http.post(`${UPSTREAM}/api/password-reset`, async ({ request }) => {
        seen.push({ address: request.headers.get("x-forwarded-for"), body: await request.json() });
        return HttpResponse.json({ sent: true }, { status: 201 });
      }),
      ...authHandlers(),
    );
    const ask = (clientIp: string) =>
      settle(() =>
        action({
          request: post("/customer/forgot", { email: "buyer@demo.test" }),
          params: {},
          context: testLoadContext({ clientIp }),
        }),
      );
    expect(await ask("203.0.113.9")).toEqual({ ok: true, email: "buyer@demo.test" });
    expect(await ask("unknown")).toEqual({ ok: true, email: "buyer@demo.test" });
    expect(seen).toEqual([
      { address: "203.0.113.9", body: { email: "buyer@demo.test" } },
      // no address known: none is claimed, and the provider counts the portal's own
      { address: null, body: { email: "buyer@demo.test" } },
    ]);
  });
});

describe("/customer/forgot refusals", () => {
  type Answer = {
    data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
    init: ResponseInit;
  };
  const ask = (form: Record<string, string>) => t.run(action, post("/customer/forgot", form));

  it.each([
    [{}, "Enter your email address"],
    [{ email: "   " }, "Enter your email address"],
    [{ email: "not-an-email" }, "Enter an email address like name@company.co.uk"],
  ])("refuses %j with 400 and a message on the field, before calling the provider", async (form, message) => {
    t.signIn(); // no password-reset handler: a call would fail the test
    const result = (await ask(form)) as Answer;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ email: message });
  });

  it("passes on the provider's limit (429) with its words, on the form rather than as the error page", async () => {
    t.signIn(
      {},
      http.post(`${UPSTREAM}/api/password-reset`, () =>
        HttpResponse.json(
          { name: "TooManyRequests", message: "Too many requests. Please wait a minute.", code: 429 },
          { status: 429 },
        ),
      ),
    );
    const result = (await ask({ email: "buyer@demo.test" })) as Answer;
    expect(result.init.status).toBe(429);
    expect(result.data).toEqual({ ok: false, fieldErrors: {}, formError: "Too many requests. Please wait a minute." });
  });

  it("puts a refusal that names the email field under that field, with the provider's status", async () => {
    t.signIn(
      {},
      http.post(`${UPSTREAM}/api/password-reset`, () =>
        HttpResponse.json(
          {
            name: "BadRequest",
            message: "That email address cannot receive mail.",
            code: 400,
            data: { field: "email" },
          },
          { status: 400 },
        ),
      ),
    );
    const result = (await ask({ email: "buyer@demo.test" })) as Answer;
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      fieldErrors: { email: "That email address cannot receive mail." },
      formError: null,
    });
  });

  it("still shows the error page when the provider fails (5xx): nothing the visitor can act on", async () => {
    t.signIn(
      {},
      http.post(`${UPSTREAM}/api/password-reset`, () => HttpResponse.json({ message: "down" }, { status: 503 })),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = (await ask({ email: "buyer@demo.test" })) as Response;
    expect(result).toBeInstanceOf(Response);
    expect(result.status).toBe(502);
  });

  it("during maintenance sends the visitor to /maintenance and asks the provider for nothing", async () => {
    t.server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "bypass-123" } }));
    expect(locationOf(await ask({ email: "buyer@demo.test" }))).toBe("/maintenance");
  });
});
