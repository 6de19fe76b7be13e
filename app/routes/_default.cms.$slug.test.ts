import { describe, expect, it } from "vitest";
import { get, locationOf, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { cmsHandlers, cmsPage } from "../../tests/mocks/upstream/cms";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { loader } from "./_default.cms.$slug";

const t = useRouteTest();

async function load(
  slug: string,
  options: {
    pageQueries?: URLSearchParams[];
    pages?: unknown[];
    pagesFail?: boolean;
    session?: ReturnType<typeof sessionAnswer>;
    cookie?: string;
  } = {},
) {
  t.signIn(options.session, ...cmsHandlers(options));
  const cookie = options.cookie ?? (await sessionCookie());
  return t.run(loader, get(`/cms/${slug}`, cookie), { slug });
}

const statusOf = (result: unknown) => (result instanceof Response ? result.status : null);

describe("/cms/{slug}", () => {
  it("asks the provider for the page by slug and answers its title as text and its content sanitised", async () => {
    const pageQueries: URLSearchParams[] = [];
    const page = (await load("size-guide", { pageQueries })) as { title: string; html: string };
    expect(pageQueries.map((q) => q.toString())).toEqual(["slug=size-guide"]);
    expect(page.title).toBe("Size & fit guide");
    expect(page.html).toContain("<h2>Chest sizes</h2>");
    expect(page.html).toContain("<table>");
    expect(page.html).toContain("<td>39–41</td>");
    expect(page.html).not.toMatch(/script|onclick|javascript:/i);
  });

  it("an unknown slug is a 404", async () => {
    expect(statusOf(await load("no-such-page"))).toBe(404);
  });

  it.each([
    ...["banner-block", "site-banner"].map((slug) => [`the settings page ${slug} is not a content page`, slug]),
    ...["Size-Guide", "a%2Fb", "-x", "x".repeat(101), "size_guide"].map((slug) => [
      `a slug the CMS cannot have (${slug}) is a 404`,
      slug,
    ]),
  ])("%s: 404 without asking the provider", async (_case, slug) => {
    const pageQueries: URLSearchParams[] = [];
    expect(statusOf(await load(slug, { pageQueries }))).toBe(404);
    expect(pageQueries).toEqual([]);
  });

  it("a page the CMS marks a training guide is a 404", async () => {
    expect(statusOf(await load("guide-placing-a-stock-order"))).toBe(404);
  });

  it("a page whose slug differs from the one asked for (a provider ignoring the filter) is a 404", async () => {
    expect(statusOf(await load("returns-policy", { pages: [cmsPage("about-us", "About us", "<p>x</p>")] }))).toBe(404);
  });

  it("the provider failing is an error page (502), not a 404", async () => {
    expect(statusOf(await load("returns-policy", { pagesFail: true }))).toBe(502);
  });

  it("without a session: sent to log in, the provider not asked", async () => {
    const pageQueries: URLSearchParams[] = [];
    expect(locationOf(await load("returns-policy", { pageQueries, cookie: "" }))).toBe(
      `/login?redirect=${encodeURIComponent("/cms/returns-policy")}`,
    );
    expect(pageQueries).toEqual([]);
  });

  it("a punchout-only user outside punchout is sent to the punchout-only page", async () => {
    const session = sessionAnswer({ permissions: ["canViewFullCatalogue", "punchoutOnly"] });
    expect(locationOf(await load("returns-policy", { session }))).toBe("/punchout-only");
  });

  it("open within a punchout session", async () => {
    const session = sessionAnswer({ permissions: ["canViewFullCatalogue", "punchoutOnly"], punchoutSession: "ps-1" });
    expect(((await load("returns-policy", { session })) as { title: string }).title).toBe("Returns policy");
  });
});
