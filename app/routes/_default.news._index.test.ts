import { describe, expect, it } from "vitest";
import { get, locationOf, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { contentHandlers, POST_12_SHOWN, type ContentOptions } from "../../tests/mocks/upstream/content";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { loader } from "./_default.news._index";

const t = useRouteTest();

type Data = Awaited<ReturnType<typeof loader>>;

async function load(
  search = "",
  options: ContentOptions & { totalReadNews?: number; cookie?: string; permissions?: string[] } = {},
) {
  const session = sessionAnswer({ permissions: options.permissions });
  session.account.totalReadNews = options.totalReadNews ?? 0;
  t.signIn(session, ...contentHandlers(options));
  const cookie = options.cookie ?? (await sessionCookie());
  return t.run(loader, get(`/news${search}`, cookie));
}

describe("/news (issue 18 item 1)", () => {
  it("asks for 10 posts of page 1 with _embed, newest first; total and pages from x-wp-total / x-wp-totalpages", async () => {
    const postQueries: URLSearchParams[] = [];
    const data = (await load("", { postQueries })) as Data;
    const listing = postQueries.find((q) => q.has("_embed"))!;
    expect(Object.fromEntries(listing)).toEqual({ per_page: "10", page: "1", _embed: "1" });
    expect(data.posts.map((p) => p.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect([data.total, data.page, data.pageCount]).toEqual([12, 1, 2]);
  });

  it("a post: title and alt as text, the SPEC date, the excerpt sanitised, its categories, a link to /news/{slug}", async () => {
    const [first, second] = ((await load()) as Data).posts;
    expect(first).toMatchObject({
      ...POST_12_SHOWN,
      to: "/news/post-12",
      dateTime: "2026-11-17T09:00:00.000Z",
    });
    expect(first.excerptHtml).toBe("<p>Excerpt 12</p>");
    expect(second.image).toBeNull();
  });

  it("marks unread the posts the user has not read, asking about this page's posts only (decision 118)", async () => {
    const data = (await load("", { reads: new Set([12, 9, 1]) })) as Data;
    expect(data.posts.filter((p) => !p.unread).map((p) => p.id)).toEqual([12, 9]);
    expect(data.posts.filter((p) => p.unread)).toHaveLength(8);
  });

  it("the unread count for the header: posts − totalReadNews, never below 0", async () => {
    expect(((await load("", { totalReadNews: 3 })) as Data).unreadNews).toBe(9);
    expect(((await load("", { totalReadNews: 40 })) as Data).unreadNews).toBe(0);
  });

  it("page 2 asks page=2 and keeps the category; a bad page is page 1; a page past the end is the last", async () => {
    const postQueries: URLSearchParams[] = [];
    const two = (await load("?page=2", { postQueries })) as Data;
    expect(two.posts.map((p) => p.id)).toEqual([2, 1]);
    expect(two.page).toBe(2);
    expect(((await load("?page=abc")) as Data).page).toBe(1);
    const past = (await load("?page=9")) as Data;
    expect([past.page, past.posts.map((p) => p.id)]).toEqual([2, [2, 1]]);
  });

  it("filters by category slug with categories=id; the categories are links, the current one marked", async () => {
    const postQueries: URLSearchParams[] = [];
    const data = (await load("?category=safety-standards", { postQueries })) as Data;
    expect(postQueries.find((q) => q.has("_embed"))!.get("categories")).toBe("4");
    expect(data.posts.map((p) => p.id)).toEqual([12, 10, 8, 6, 4, 2]);
    expect([data.total, data.pageCount]).toEqual([6, 1]);
    expect(data.category).toEqual({ name: "Safety & standards", slug: "safety-standards" });
    expect(data.categories).toEqual([
      { name: "News", slug: "news", current: false },
      { name: "Safety & standards", slug: "safety-standards", current: true },
      { name: "Delivery", slug: "delivery", current: false },
    ]);
  });

  it("an unknown category shows all news, none marked; the categories failing leaves the filter out, not the page", async () => {
    const unknown = (await load("?category=nope")) as Data;
    expect([unknown.category, unknown.total, unknown.categories.some((c) => c.current)]).toEqual([null, 12, false]);
    const failing = (await load("", { categoriesFail: true })) as Data;
    expect([failing.categories, failing.total]).toEqual([[], 12]);
  });

  it("without the paging headers, the total is counted from the answer", async () => {
    const data = (await load("?category=delivery", { noHeaders: true })) as Data;
    expect([data.total, data.pageCount, data.posts.map((p) => p.id)]).toEqual([1, 1, [12]]);
  });

  it("the provider failing is its error page (502)", async () => {
    const result = await load("", { newsFails: true });
    expect(result instanceof Response && result.status).toBe(502);
  });

  it("every logged-in user may read it, whatever their permissions; without a session → log in", async () => {
    expect(((await load("", { permissions: [] })) as Data).total).toBe(12);
    expect(locationOf(await load("?page=2", { cookie: "" }))).toBe(
      `/login?redirect=${encodeURIComponent("/news?page=2")}`,
    );
  });
});
