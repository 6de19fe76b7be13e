import { http, HttpResponse } from "msw";
import { DEFAULT_MAINTENANCE_MESSAGE, MAX_MAINTENANCE_MESSAGE } from "~/domain/maintenance";
import { UPSTREAM } from "./fixtures";

/**
 * The provider's GET/POST /api/admin/maintenance (issue 32 item 7), checked as the provider checks it: `enabled` true
 * or false, `message` 1–500 characters once trimmed, nothing else (400 with `errors`). Every POST body is kept.
 */
export function adminMaintenanceHandlers(options: { enabled?: boolean; message?: string } = {}) {
  const state = {
    isMaintenanceEnabled: options.enabled ?? false,
    bypassToken: "Byp4ss-T0ken_x",
    message: options.message ?? DEFAULT_MAINTENANCE_MESSAGE,
  };
  const writes: unknown[] = [];
  const refused = (field: string, message: string) =>
    HttpResponse.json(
      {
        name: "BadRequest",
        message: `Invalid value at field "${field}": ${message}`,
        code: 400,
        errors: { [field]: message },
      },
      { status: 400 },
    );
  const handlers = [
    http.get(`${UPSTREAM}/api/admin/maintenance`, () => HttpResponse.json(state)),
    http.post(`${UPSTREAM}/api/admin/maintenance`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push(body);
      const unknown = Object.keys(body).find((k) => k !== "enabled" && k !== "message");
      if (unknown) return refused(unknown, "Unknown field");
      if (typeof body.enabled !== "boolean") return refused("enabled", "must be true or false");
      const message = typeof body.message === "string" ? body.message.trim() : undefined;
      if (body.message !== undefined && !message) return refused("message", "Write the message users see");
      if (message && message.length > MAX_MAINTENANCE_MESSAGE)
        return refused("message", `at most ${MAX_MAINTENANCE_MESSAGE} characters`);
      Object.assign(state, { isMaintenanceEnabled: body.enabled, ...(message ? { message } : {}) });
      return HttpResponse.json(state, { status: 201 });
    }),
  ];
  return { handlers, state, writes };
}
