import { http, HttpResponse } from "msw";
import { sessionAnswer, UPSTREAM } from "./fixtures";

type Counter = { session: number };

/** Handlers for the provider's authentication, session and maintenance calls. */
export function authHandlers(
  options: {
    session?: ReturnType<typeof sessionAnswer> | "unauthorized";
    maintenance?: { isMaintenanceEnabled: boolean; bypassToken: string; message?: string } | "error";
    password?: string;
    counter?: Counter;
  } = {},
) {
  const session = options.session ?? sessionAnswer();
  return [
    http.get(`${UPSTREAM}/api/maintenance-status`, () => {
      if (options.maintenance === "error") return HttpResponse.json({ message: "down" }, { status: 503 });
      return HttpResponse.json(options.maintenance ?? { isMaintenanceEnabled: false, bypassToken: "bypass-123" });
    }),
    http.get(`${UPSTREAM}/api/session`, ({ request }) => {
      if (options.counter) options.counter.session += 1;
      if (session === "unauthorized" || request.headers.get("authorization") !== "Bearer token-1") {
        return HttpResponse.json(
          { name: "NotAuthenticated", message: "Not authenticated", code: 401 },
          { status: 401 },
        );
      }
      return HttpResponse.json(session);
    }),
    http.post(`${UPSTREAM}/api/authentication`, async ({ request }) => {
      const body = (await request.json()) as { strategy?: string; email?: string; password?: string };
      if (body.strategy !== "local" || body.password !== (options.password ?? "workwear-demo")) {
        return HttpResponse.json(
          { name: "NotAuthenticated", message: "Invalid email or password", code: 401 },
          { status: 401 },
        );
      }
      return HttpResponse.json({ accessToken: "token-1", user: { id: 1, email: body.email } }, { status: 201 });
    }),
    http.delete(`${UPSTREAM}/api/authentication`, () => HttpResponse.json({ revoked: true })),
    http.post(`${UPSTREAM}/api/select-customer`, async ({ request }) => {
      const { contactId } = (await request.json()) as { contactId: string };
      const base = sessionAnswer({ customers: 2 });
      const chosen = base.customers.find((c) => c.contactId === contactId);
      if (!chosen) return HttpResponse.json({ message: "Not found" }, { status: 404 });
      return HttpResponse.json({ ...base, selectedCustomer: chosen }, { status: 201 });
    }),
  ];
}
