import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { post, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { action } from "./_login.customer.forgot";

const server = useUpstreamMock();

describe("/customer/forgot", () => {
  it("names the browser's address to the provider, which limits the e-mails (decision 027); the answer is the same", async () => {
    const seen: Array<{ address: string | null; body: unknown }> = [];
    server.use(
      http.post(`${UPSTREAM}/api/password-reset`, async ({ request }) => {
        seen.push({ address: request.headers.get("x-forwarded-for"), body: await request.json() });
        return HttpResponse.json({ sent: true }, { status: 201 });
      }),
      ...authHandlers(),
    );
    const ask = (clientIp: string) =>
      settle(() => action({ request: post("/customer/forgot", { email: "buyer@demo.test" }), params: {}, context: testLoadContext({ clientIp }) }));
    expect(await ask("203.0.113.9")).toEqual({ ok: true, email: "buyer@demo.test" });
    expect(await ask("unknown")).toEqual({ ok: true, email: "buyer@demo.test" });
    expect(seen).toEqual([
      { address: "203.0.113.9", body: { email: "buyer@demo.test" } },
      // no address known: none is claimed, and the provider counts the portal's own
      { address: null, body: { email: "buyer@demo.test" } },
    ]);
  });
});
