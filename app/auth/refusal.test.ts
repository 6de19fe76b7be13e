import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { PATH_PERMISSIONS } from "~/domain/path-permissions";
import { testLoadContext } from "~/http/context";
import { rootData } from "~/root.server";
import { loader as basketLoader } from "~/routes/_basket.basket";
import { loader as checkoutLoader } from "~/routes/_basket.checkout";
import { loader as orderHistoryLoader } from "~/routes/_default.order-history._index";
import { loader as approvalsLoader } from "~/routes/_default.order-to-approve._index";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { get, locationOf, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { declaredRoutes } from "./access-guard.server";
import { refusalMessage, SCREEN_NAMES, screenName } from "./refusal";

const server = useUpstreamMock();

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** Opens `path` with the route's loader as a user with these permissions; the redirect and the page it lands on. */
async function refused(loader: Loader, path: string, permissions: string[], headers: Record<string, string> = {}) {
  server.use(...authHandlers({ session: sessionAnswer({ permissions }) }));
  const request = get(path, await sessionCookie());
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  const result = (await settle(() => loader({ request, params: {}, context: testLoadContext() }))) as Response;
  const setCookie = result.headers.get("Set-Cookie");
  const landing = await rootData(get(locationOf(result) ?? "/", setCookie ? setCookie.split(";")[0] : undefined));
  return { status: result.status, location: locationOf(result), toast: landing.data.toast };
}

describe("a user the guard sends away is told why (issue 14 item 7)", () => {
  it("a user without order approval, at /order-to-approve", async () => {
    const answer = await refused(approvalsLoader, "/order-to-approve", ["canViewFullCatalogue"]);
    expect(answer).toEqual({
      status: 302,
      location: "/",
      toast: { kind: "error", message: "Your account cannot open order approval." },
    });
  });

  it("a user without order history, at the history's second page", async () => {
    const answer = await refused(orderHistoryLoader, "/order-history?page=2", ["canViewFullCatalogue"]);
    expect(answer.toast?.message).toBe("Your account cannot open order history.");
  });

  it("a browse-only user, at the basket and the checkout", async () => {
    const basket = await refused(basketLoader, "/basket", ["canViewFullCatalogue", "browseOnly"]);
    expect(basket.location).toBe("/");
    expect(basket.toast?.message).toBe("Your account cannot open the basket.");
    const checkout = await refused(checkoutLoader, "/checkout", ["canViewFullCatalogue", "browseOnly"]);
    expect(checkout.toast?.message).toBe("Your account cannot open the checkout.");
  });

  it("a prefetch (a hovered link) is redirected without a toast", async () => {
    const answer = await refused(approvalsLoader, "/order-to-approve", ["canViewFullCatalogue"], {
      "Sec-Purpose": "prefetch",
    });
    expect(answer.location).toBe("/");
    expect(answer.toast).toBeNull();
  });

  it("a punchout-only user goes to /punchout-only, which says why itself", async () => {
    const answer = await refused(approvalsLoader, "/order-to-approve", ["canViewFullCatalogue", "punchoutOnly"]);
    expect(answer.location).toBe("/punchout-only");
    expect(answer.toast).toBeNull();
  });
});

describe("one wording per screen", () => {
  it.each([
    ["/order-to-approve/123", "order approval"],
    ["/ORDER-HISTORY/9", "order history"],
    ["/categories/full/hi-vis", "the full catalogue"],
    ["/categories/my", "My catalogue"],
    ["/admin/orders", "the admin area"],
    ["/saved-punchout-baskets/4", "punchout basket approval"],
    ["/quick-order", "quick order"],
    ["/no-such-page", "that page"],
  ])("%s is %j", (path, name) => {
    expect(screenName(path)).toBe(name);
  });

  it("every path of SPEC §5's table has a name of its own", () => {
    for (const [path] of PATH_PERMISSIONS) expect(screenName(path), path).not.toBe("that page");
  });

  it("every route a logged-in user can be refused has a name", () => {
    const guarded = declaredRoutes().filter((r) => r.path !== null && r.access.needs !== "anyone");
    for (const { id, path } of guarded)
      expect(SCREEN_NAMES[id.replace(/^routes\//, "")] !== undefined || screenName(path!) !== "that page", id).toBe(
        true,
      );
    expect(refusalMessage("/basket")).toBe("Your account cannot open the basket.");
  });

  it("every named screen is a route's (what the route-id type checked when the table was one object)", () => {
    const ids = declaredRoutes().map((r) => r.id.replace(/^routes\//, ""));
    for (const id of Object.keys(SCREEN_NAMES)) expect(ids, id).toContain(id);
  });
});
