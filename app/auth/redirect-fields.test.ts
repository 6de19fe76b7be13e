import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { basketHandlers } from "../../tests/mocks/upstream/basket";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { wishListHandlers } from "../../tests/mocks/upstream/wish-list";
import { locationOf, post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { action as basketAction } from "~/routes/_basket.basket";
import { action as dismissBannerAction } from "~/routes/dismiss-banner";
import { action as loginAction } from "~/routes/_login.login";
import { action as selectCustomerAction } from "~/routes/_login.select-your-customer";
import { action as wishListAction } from "~/routes/wish-list";

// Issue 11 item 1: every action that takes a way back (`redirect` / `redirectTo`) answers a redirect a Location header
// can carry. A character above U+00FF used to reach `redirect()` as it was and fail the response with a 500.
const server = useUpstreamMock();
const context = testLoadContext();

type Case = [name: string, run: (way: string) => Promise<unknown>];

const cases: Case[] = [
  [
    "POST /login (redirect)",
    async (way) => {
      server.use(...authHandlers());
      return loginAction({
        request: post("/login", { email: "buyer@demo.test", password: "workwear-demo", redirect: way }),
        params: {},
        context,
      });
    },
  ],
  [
    "POST /select-your-customer (redirect)",
    async (way) => {
      server.use(...authHandlers({ session: sessionAnswer({ customers: 2, selected: false }) }));
      const contactId = sessionAnswer({ customers: 2 }).customers[1].contactId;
      const request = post("/select-your-customer", { contactId, redirect: way }, await sessionCookie());
      return selectCustomerAction({ request, params: {}, context });
    },
  ],
  [
    "POST /dismiss-banner (redirect)",
    async (way) => {
      server.use(...authHandlers());
      return dismissBannerAction({
        request: post("/dismiss-banner", { bannerId: "b1", redirect: way }, await sessionCookie()),
        params: {},
        context,
      });
    },
  ],
  [
    "POST /wish-list (redirectTo)",
    async (way) => {
      server.use(...authHandlers(), ...wishListHandlers());
      const request = post("/wish-list", { intent: "add", productId: "20001", redirectTo: way }, await sessionCookie());
      return wishListAction({ request, params: {}, context });
    },
  ],
  [
    "POST /basket intent=add (redirectTo)",
    async (way) => {
      server.use(...authHandlers(), ...basketHandlers().handlers);
      const request = post(
        "/basket",
        { intent: "add", productId: "20002", qty: "1", redirectTo: way },
        await sessionCookie(),
      );
      return basketAction({ request, params: {}, context });
    },
  ],
];

describe("a posted way back holding characters above U+00FF", () => {
  it.each(cases)("%s percent-encodes it instead of answering 500", async (_name, run) => {
    const result = (await settle(() => run("/\u3002x?q=\u4e2d"))) as Response;
    expect(result).toBeInstanceOf(Response);
    expect([302, 303]).toContain(result.status);
    expect(locationOf(result)).toBe("/%E3%80%82x?q=%E4%B8%AD");
  });

  it.each(cases)("%s still refuses an off-site way back", async (_name, run) => {
    const result = (await settle(() => run("/.//evil.example"))) as Response;
    expect(locationOf(result)?.startsWith("//")).toBe(false);
  });
});
