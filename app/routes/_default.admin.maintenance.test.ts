import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAINTENANCE_MESSAGE } from "~/domain/maintenance";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminMaintenanceHandlers } from "../../tests/mocks/upstream/admin-maintenance";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_default.admin.maintenance";

// /admin/maintenance (issue 32 item 7, decision 151): the switch and the message (GET /api/admin/maintenance), the
// bypass link; on / save / off post POST /api/admin/maintenance {enabled, message} and come back with a toast.
const t = useRouteTest();

function setUp(options: { evolve?: boolean; enabled?: boolean; message?: string } = {}) {
  const mock = adminMaintenanceHandlers(options);
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/maintenance", { loader, action });
const load = () => route.load();
const post = (fields: Record<string, string>) => route.send(fields);
type Data = Awaited<ReturnType<typeof loader>>;
type Refused = {
  init: ResponseInit;
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null; message: string };
};

describe("/admin/maintenance", () => {
  it("shows the switch, the message users see and the bypass link on this portal's address", async () => {
    setUp();
    expect((await load()) as Data).toEqual({
      enabled: false,
      message: DEFAULT_MAINTENANCE_MESSAGE,
      bypassLink: "http://portal.test/?bypass=Byp4ss-T0ken_x",
      maxMessage: 500,
    });
  });

  it("Switch maintenance on: POST {enabled: true, message} (trimmed), back through the bypass key with a toast", async () => {
    const mock = setUp();
    const result = await post({ intent: "on", message: "  Back at noon.  " });
    expect(mock.writes).toEqual([{ enabled: true, message: "Back at noon." }]);
    // the admin who switched it on is let through (the guard remembers the key), not sent to /maintenance
    expect(locationOf(result)).toBe("/admin/maintenance?bypass=Byp4ss-T0ken_x");
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "Maintenance is on: everyone else now sees the maintenance page",
    });
    expect(((await load()) as Data).enabled).toBe(true);
  });

  it("Switch maintenance off: POST {enabled: false, message}, back with a toast", async () => {
    const mock = setUp({ enabled: true, message: "Back at noon." });
    const result = await post({ intent: "off", message: "Back at noon." });
    expect(mock.writes).toEqual([{ enabled: false, message: "Back at noon." }]);
    expect(locationOf(result)).toBe("/admin/maintenance");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Maintenance is off: the portal is open again" });
    expect(mock.state.isMaintenanceEnabled).toBe(false);
  });

  it("Save the message while on: it stays on with the new message", async () => {
    const mock = setUp({ enabled: true });
    const result = await post({ intent: "save", message: "Back at two." });
    expect(mock.writes).toEqual([{ enabled: true, message: "Back at two." }]);
    expect(await toastOf(result)).toEqual({ kind: "success", message: "The maintenance message is saved" });
    expect(mock.state).toMatchObject({ isMaintenanceEnabled: true, message: "Back at two." });
  });

  it.each([
    ["an empty message", { intent: "on", message: "   " }, { message: "Write the message users see" }, null],
    ["a message too long", { intent: "on", message: "x".repeat(501) }, { message: "Use at most 500 characters" }, null],
    ["no message", { intent: "off" } as Record<string, string>, { message: "Write the message users see" }, null],
    [
      "an unknown intent",
      { intent: "maybe", message: "x" },
      { intent: "Choose to switch maintenance on or off" },
      null,
    ],
  ])("%s: 400 with the message, nothing sent", async (_what, fields, fieldErrors, formError) => {
    const mock = setUp();
    const result = (await post(fields)) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, fieldErrors, formError, message: fields.message ?? "" });
    expect(mock.writes).toEqual([]);
  });

  it("the provider's 400 about the message: under the field, what was typed kept", async () => {
    setUp();
    t.server.use(
      http.post(`${UPSTREAM}/api/admin/maintenance`, () =>
        HttpResponse.json(
          {
            name: "BadRequest",
            message: 'Invalid value at field "message": at most 500 characters',
            code: 400,
            errors: { message: "at most 500 characters" },
          },
          { status: 400 },
        ),
      ),
    );
    const result = (await post({ intent: "on", message: "Long" })) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({ fieldErrors: { message: "at most 500 characters" }, message: "Long" });
  });

  it("a non-evolve user is refused: page and post, nothing asked of the provider", async () => {
    const mock = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    expect(locationOf(await post({ intent: "on", message: "x" }))).toBe("/");
    expect(mock.writes).toEqual([]);
  });
});
