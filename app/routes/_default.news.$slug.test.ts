import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { cmsHandlers } from "../../tests/mocks/upstream/cms";
import { contentHandlers, POST_12_SHOWN, type ContentOptions } from "../../tests/mocks/upstream/content";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { loader as layout } from "./_default";
import { loader } from "./_default.news.$slug";

const t = useRouteTest();

type Data = Awaited<ReturnType<typeof loader>>;

function setUp(options: ContentOptions & { totalReadNews?: number } = {}) {
  const session = sessionAnswer();
  session.account.totalReadNews = options.totalReadNews ?? 0;
  t.signIn(session, ...contentHandlers(options), ...cmsHandlers());
}
async function load(slug: string, cookie?: string) {
  const c = cookie ?? (await sessionCookie());
  return t.run(loader, get(`/news/${slug}`, c), { slug });
}

describe("/news/{slug} (issue 18 item 2)", () => {
  it("asks for the post by slug with _embed: title, author, date, image, categories as text; content sanitised", async () => {
    const postQueries: URLSearchParams[] = [];
    setUp({ postQueries });
    const post = (await load("post-12")) as Data;
    expect(postQueries.some((q) => q.get("slug") === "post-12" && q.has("_embed"))).toBe(true);
    expect(post).toMatchObject({
      id: 12,
      ...POST_12_SHOWN,
      author: "Evolve & Co",
    });
    expect(post.contentHtml).toContain("<h2>Heading 12</h2>");
    expect(post.contentHtml).toContain("<p>Body of post 12.</p>");
    expect(post.contentHtml).not.toMatch(/script|onerror|javascript:|<h1/i);
  });

  it("opening it marks it read (POST /api/news-read {postId}); the unread count it hands the header is after the read", async () => {
    const marked: unknown[] = [];
    const reads = new Set([5, 7]);
    setUp({ marked, reads, totalReadNews: 2 });
    const post = (await load("post-9")) as Data;
    expect(marked).toEqual([{ postId: 9 }]);
    expect(post.unreadNews).toBe(12 - 3);
    // opening it again marks it again (idempotent upstream): the count stays
    expect(((await load("post-9")) as Data).unreadNews).toBe(9);
  });

  it("after the read the header's count is right at once: the session's cached answer is forgotten (decision 044)", async () => {
    const { setUpstreamCachingForTests } = await import("~/upstream/cache.server");
    setUpstreamCachingForTests(true);
    try {
      const reads = new Set<number>();
      const session = sessionAnswer();
      t.server.use(
        // msw tries the handlers of one use() in order: the session answering the reads so far first
        http.get(`${UPSTREAM}/api/session`, () =>
          HttpResponse.json({ ...session, account: { ...session.account, totalReadNews: reads.size } }),
        ),
        ...authHandlers(),
        ...contentHandlers({ reads }),
        ...cmsHandlers(),
      );
      const cookie = await sessionCookie();
      const chrome = async () =>
        (await layout({ request: get("/dashboard", cookie), params: {}, context: testLoadContext() })) as {
          unreadNews: number | null;
        };
      expect((await chrome()).unreadNews).toBe(12);
      await load("post-3", cookie);
      expect((await chrome()).unreadNews).toBe(11);
    } finally {
      setUpstreamCachingForTests(false);
    }
  });

  it("an unknown slug is a 404, nothing marked", async () => {
    const marked: unknown[] = [];
    setUp({ marked });
    const result = await load("no-such-post");
    expect(result instanceof Response && result.status).toBe(404);
    expect(marked).toEqual([]);
  });

  it("without a session → log in, nothing marked", async () => {
    const marked: unknown[] = [];
    setUp({ marked });
    expect(locationOf(await load("post-3", ""))).toBe(`/login?redirect=${encodeURIComponent("/news/post-3")}`);
    expect(marked).toEqual([]);
  });
});
