import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { PortalUser } from "./client.server";
import { loadChrome } from "~/chrome.server";
import { useUpstreamMock } from "../../tests/mocks/server";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { createUpstreamClient } from "./client.server";
import type { UpstreamSession } from "./schemas";

// The sidebar's user catalogues (issue 17 item 6, decision 114) and the header's wish list link (item 5).
const server = useUpstreamMock();

function catalogues(options: { fail?: boolean } = {}) {
  const asked: string[] = [];
  server.use(
    http.get(`${UPSTREAM}/api/customCatalogue`, ({ request }) => {
      asked.push(`custom ${new URL(request.url).search}`);
      if (options.fail) return HttpResponse.json({ name: "GeneralError", message: "down", code: 500 }, { status: 500 });
      return HttpResponse.json({
        total: 1,
        limit: 10000,
        skip: 0,
        data: [{ internalId: "31", name: "Harbour porters", type: "custom", contactId: null }],
      });
    }),
    http.get(`${UPSTREAM}/api/smiCustomCatalogue`, ({ request }) => {
      asked.push(`smi ${new URL(request.url).search}`);
      return HttpResponse.json({
        total: 1,
        limit: 10000,
        skip: 0,
        data: [{ internalId: "32", name: "Theatre staff", type: "smi", contactId: null }],
      });
    }),
  );
  return asked;
}

const user = (permissions: string[], wishList: string[] = []) => {
  const session = sessionAnswer({ permissions }) as unknown as UpstreamSession;
  (session as { wishList: unknown }).wishList = { productIds: wishList, items: [] };
  return {
    session,
    inPunchout: false,
    punchout: null,
    upstream: createUpstreamClient(new Request("http://portal.test/"), "token-1"),
  } as unknown as PortalUser;
};
const chromeOf = (u: PortalUser) => loadChrome(new Request("http://portal.test/"), u);

describe("user catalogues in the sidebar (issue 17 item 6)", () => {
  it("canViewUserCatalogue: one link per custom and SMI catalogue, after the other catalogue links", async () => {
    const asked = catalogues();
    const chrome = await chromeOf(user(["canViewFullCatalogue", "canViewUserCatalogue"]));
    const links = chrome.navigation.map((n) => `${n.to} ${n.label}`);
    const full = links.indexOf("/categories/full Full catalogue");
    expect(links.slice(full, full + 3)).toEqual([
      "/categories/full Full catalogue",
      "/categories/user/31 Harbour porters",
      "/categories/user/32 Theatre staff",
    ]);
    expect(asked.sort()).toEqual(["custom ?%24limit=10000", "smi ?%24limit=10000"]);
  });

  it("without canViewUserCatalogue the provider is not asked and no link is shown", async () => {
    const asked = catalogues();
    const chrome = await chromeOf(user(["canViewFullCatalogue"]));
    expect(chrome.navigation.some((n) => n.to.startsWith("/categories/user"))).toBe(false);
    expect(asked).toEqual([]);
  });

  it("the provider failing leaves the catalogues out, not the page", async () => {
    catalogues({ fail: true });
    const chrome = await chromeOf(user(["canViewUserCatalogue"]));
    expect(chrome.navigation.some((n) => n.to.startsWith("/categories/user"))).toBe(false);
  });
});

describe("the header's wish list link (issue 17 item 5)", () => {
  it("counts the products on the wish list", async () => {
    expect((await chromeOf(user(["canViewFullCatalogue"], ["20001", "20040"]))).wishListCount).toBe(2);
    expect((await chromeOf(user(["canViewFullCatalogue"]))).wishListCount).toBe(0);
  });
});
