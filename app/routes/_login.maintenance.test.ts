import { describe, expect, it } from "vitest";
import { DEFAULT_MAINTENANCE_MESSAGE } from "~/domain/maintenance";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { get, locationOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader } from "./_login.maintenance";

const t = useRouteTest();
const run = (path: string, cookie?: string) => t.run(loader, get(path, cookie));

describe("/maintenance (public)", () => {
  it("shows the notice to anyone while maintenance is on", async () => {
    t.server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "key" } }));
    expect(await run("/maintenance")).toEqual({ message: DEFAULT_MAINTENANCE_MESSAGE });
  });

  it("shows the message an admin wrote (issue 32 item 7)", async () => {
    t.server.use(
      ...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "key", message: "Back at noon." } }),
    );
    expect(await run("/maintenance")).toEqual({ message: "Back at noon." });
  });

  it("sends visitors home when maintenance is off", async () => {
    t.signIn();
    expect(locationOf(await run("/maintenance"))).toBe("/");
  });

  it("takes the bypass key here too and sends the visitor home with it remembered", async () => {
    t.server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "key" } }));
    const result = (await run("/maintenance?key")) as Response;
    expect(locationOf(result)).toBe("/");
    expect(result.headers.get("Set-Cookie")).toContain("__portal_bypass=");
  });

  it("sends a visitor who already bypassed home", async () => {
    t.server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "key" } }));
    const first = (await run("/maintenance?key")) as Response;
    const bypass = (first.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(locationOf(await run("/maintenance", bypass))).toBe("/");
  });

  it("sends visitors home when the maintenance check fails (navigation continues)", async () => {
    t.server.use(...authHandlers({ maintenance: "error" }));
    expect(locationOf(await run("/maintenance"))).toBe("/");
  });
});
