import { describe, expect, it } from "vitest";
import { bannerDismissedCookie } from "~/session/session.server";
import { testLoadContext } from "~/http/context";
import { locationOf, post, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { cmsHandlers, defaultPages, SITE_BANNER_MESSAGE } from "../../tests/mocks/upstream/cms";
import { bannerId } from "~/cms/content.server";
import { get } from "../../tests/mocks/requests";
import { loader as layout } from "./_default";
import { action, loader } from "./dismiss-banner";

const t = useRouteTest();

function dismiss(form: Record<string, string>, withCookie = t.cookie()) {
  return t.run(action, post("/dismiss-banner", form, withCookie));
}

describe("/dismiss-banner", () => {
  it("a typed-in GET goes home", async () => {
    expect(locationOf(await settle(() => loader()))).toBe("/");
  });

  it("remembers the dismissed banner for a year in a plain cookie and goes back to the page", async () => {
    t.signIn();
    const result = (await dismiss({ bannerId: "news-42", redirect: "/order-history?page=2" })) as Response;
    expect(result.status).toBe(302);
    expect(locationOf(result)).toBe("/order-history?page=2");
    const setCookie = result.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__portal_banner=/);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    expect(await bannerDismissedCookie().parse(setCookie.split(";")[0])).toBe("news-42");
  });

  it.each(["//evil.example", "https://evil.example/steal", undefined])("goes home instead of to %j", async (target) => {
    t.signIn();
    const form: Record<string, string> = { bannerId: "news-42" };
    if (target !== undefined) form.redirect = target;
    expect(locationOf(await dismiss(form))).toBe("/");
  });

  it.each([
    ["no banner id", {}],
    ["a blank banner id", { bannerId: "   " }],
    ["a banner id of 101 characters", { bannerId: "x".repeat(101) }],
    ["a banner id that is no hash", { bannerId: "a b;c" }],
  ])("refuses %s with 400 and a message, setting no cookie", async (_, form) => {
    t.signIn();
    const result = (await dismiss(form)) as Response;
    expect(result.status).toBe(400);
    expect(await result.text()).toBe("Which notice should be dismissed?");
    expect(result.headers.get("Set-Cookie")).toBeNull();
  });

  it("sends a visitor without a session to log in and sets no cookie", async () => {
    t.signIn();
    const result = (await dismiss({ bannerId: "news-42" }, "")) as Response;
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/dismiss-banner")}`);
    expect(result.headers.get("Set-Cookie")).toBeNull();
  });

  it("sends a user whose provider session has ended to log in", async () => {
    t.server.use(...authHandlers({ session: "unauthorized" }));
    const result = await dismiss({ bannerId: "news-42" });
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/dismiss-banner")}`);
  });
});

describe("the site banner from the CMS, dismissed per text (issue 18 item 5, decision 119)", () => {
  type Chrome = { banner: { id: string; message: string; link: { href: string; text: string } | null } | null };
  const chrome = async (cookieHeader: string) =>
    (await layout({
      request: get("/dashboard", cookieHeader),
      params: {},
      context: testLoadContext(),
    })) as unknown as Chrome;
  const withBanner = (message: string) =>
    defaultPages().map((p) =>
      p.slug === "site-banner"
        ? { ...p, acf: { message, link: { href: "/news/christmas-delivery-dates-2026", text: "Delivery dates" } } }
        : p,
    );

  it("shows the site-banner page's message and link, its id a short hash of the text", async () => {
    t.signIn({}, ...cmsHandlers());
    expect((await chrome(t.cookie())).banner).toEqual({
      id: bannerId(SITE_BANNER_MESSAGE),
      message: SITE_BANNER_MESSAGE,
      link: { href: "/news/christmas-delivery-dates-2026", text: "Delivery dates" },
    });
    expect(bannerId(SITE_BANNER_MESSAGE)).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it("dismissed: gone while the text is the same; a new message shows again", async () => {
    t.signIn({}, ...cmsHandlers());
    const dismissed = (await dismiss({ bannerId: bannerId(SITE_BANNER_MESSAGE), redirect: "/dashboard" })) as Response;
    const bannerCookie = (dismissed.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect((await chrome(`${t.cookie()}; ${bannerCookie}`)).banner).toBeNull();
    t.server.use(...cmsHandlers({ pages: withBanner("Closed on Boxing Day.") }));
    expect((await chrome(`${t.cookie()}; ${bannerCookie}`)).banner?.message).toBe("Closed on Boxing Day.");
  });

  it("an empty message, no site-banner page or the CMS failing: no banner, the page still shows", async () => {
    for (const options of [
      { pages: withBanner("  ") },
      { pages: defaultPages().filter((p) => p.slug !== "site-banner") },
      { pagesFail: true },
    ]) {
      t.signIn({}, ...cmsHandlers(options));
      expect((await chrome(t.cookie())).banner).toBeNull();
    }
  });

  it("the banner's text is drawn as text and a link off the site is left out", async () => {
    const pages = defaultPages().map((p) =>
      p.slug === "site-banner"
        ? {
            ...p,
            acf: {
              message: "<b>Closed</b> &amp; <script>x()</script>open",
              link: { href: "https://evil.example/", text: "Go" },
            },
          }
        : p,
    );
    t.signIn({}, ...cmsHandlers({ pages }));
    const { banner } = await chrome(t.cookie());
    expect(banner?.message).toBe("Closed & open");
    expect(banner?.link).toBeNull();
  });
});
