import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { loader } from "~/routes/_default.dashboard";
import { get, sessionCookie } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { contentHandlers } from "../../tests/mocks/upstream/content";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { itemHandlers } from "../../tests/mocks/upstream/items";

const server = useUpstreamMock();

async function dashboardFor(permissions: string[]) {
  server.use(...authHandlers({ session: sessionAnswer({ permissions }) }), ...contentHandlers(), ...itemHandlers());
  return loader({ request: get("/dashboard", await sessionCookie()), params: {}, context: testLoadContext() });
}

describe("the dashboard's Wearer packs link (issue 15 item 1)", () => {
  it("is shown to users with canViewManpack and manpackOrders, and to no one else", async () => {
    expect((await dashboardFor(["canViewManpack", "manpackOrders"])).wearerPacks).toBe(true);
    expect((await dashboardFor(["canViewManpack"])).wearerPacks).toBe(false);
    expect((await dashboardFor(["manpackOrders", "canViewFullCatalogue"])).wearerPacks).toBe(false);
  });
});
