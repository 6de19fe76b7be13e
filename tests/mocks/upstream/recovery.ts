import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

const unknownLink = () =>
  HttpResponse.json({ name: "NotFound", message: "This link is not valid.", code: 404 }, { status: 404 });
const usedLink = () =>
  HttpResponse.json({ name: "Gone", message: "This link has already been used", code: 410 }, { status: 410 });

/**
 * POST /api/password-reset (request a link, or reset with a token) and POST /api/accept-invitation as
 * docs/upstream-api.md describes them: `tok-valid` is a live link, `tok-used` a used one, anything else unknown.
 * The password rule (10–200 characters) is the provider's own.
 */
export function recoveryHandlers() {
  const answer = (token: unknown, password: unknown, ok: Record<string, unknown>) => {
    if (token === "tok-used") return usedLink();
    if (token !== "tok-valid") return unknownLink();
    if (typeof password !== "string" || password.length < 10 || password.length > 200) {
      return HttpResponse.json(
        { name: "BadRequest", message: 'Invalid value at field "password"', code: 400 },
        { status: 400 },
      );
    }
    return HttpResponse.json(ok, { status: 201 });
  };
  return [
    http.post(`${UPSTREAM}/api/password-reset`, async ({ request }) => {
      const body = (await request.json()) as { email?: unknown; token?: unknown; password?: unknown };
      if (body.token === undefined) return HttpResponse.json({ sent: true }, { status: 201 });
      return answer(body.token, body.password, { reset: true });
    }),
    http.post(`${UPSTREAM}/api/accept-invitation`, async ({ request }) => {
      const body = (await request.json()) as { token?: unknown; password?: unknown };
      return answer(body.token, body.password, { accepted: true, email: "new@demo.test" });
    }),
  ];
}
