import { z } from "zod";
import { TtlCache } from "./cache.server";
import type { UpstreamClient } from "./client.server";

// News (issue 18 items 1 and 2, decision 118): WordPress-shaped posts and categories (SPEC §7 wp/posts), public and
// the same for everyone, so cached once per process for a minute at most; the user's reads (GET/POST /api/news-read)
// are the user's own and never cached.

/** How stale a public news answer may be (issue 18: content may be cached up to 60 s). */
export const NEWS_CACHE_MS = 60_000;

const PostSchema = z.object({
  id: z.number(),
  slug: z.string(),
  date: z.string(),
  title: z.object({ rendered: z.string() }),
});
export type NewsPost = z.infer<typeof PostSchema>;
const PostsSchema = z.array(PostSchema);

const TermSchema = z.object({ id: z.number(), name: z.string(), slug: z.string(), taxonomy: z.string().optional() });
const EmbeddedPostSchema = PostSchema.extend({
  excerpt: z.object({ rendered: z.string() }).catch({ rendered: "" }),
  content: z.object({ rendered: z.string() }).catch({ rendered: "" }),
  categories: z.array(z.number()).catch([]),
  _embedded: z
    .object({
      author: z.array(z.object({ name: z.string().nullish() })).nullish(),
      "wp:featuredmedia": z.array(z.object({ source_url: z.string(), alt_text: z.string().nullish() })).nullish(),
      "wp:term": z.array(z.array(TermSchema)).nullish(),
    })
    .nullish(),
});
export type FullNewsPost = z.infer<typeof EmbeddedPostSchema>;
export type NewsCategory = z.infer<typeof TermSchema>;

// GET wp/posts (per_page) — the dashboard's news teaser
export function latestNews(client: UpstreamClient, count: number): Promise<NewsPost[]> {
  return client.get("/api/wp/v2/posts", PostsSchema, { query: { per_page: count } });
}

export type NewsPage = { posts: FullNewsPost[]; total: number; pages: number };

/** A header's whole number, or null when missing or unreadable. */
function headerCount(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

const pageCache = new TtlCache<NewsPage>({ ttlMs: NEWS_CACHE_MS, max: 200 });

/**
 * GET /api/wp/v2/posts?categories&per_page&page&_embed: one page of posts, newest first, with the total and page
 * count from x-wp-total / x-wp-totalpages (the answer's length when the headers are missing).
 */
export function listNews(
  client: UpstreamClient,
  options: { categoryId: number | null; page: number; perPage: number },
): Promise<NewsPage> {
  const key = `${options.categoryId ?? ""}:${options.page}:${options.perPage}`;
  return pageCache.get(key, async () => {
    let total: number | null = null;
    let pages: number | null = null;
    const query: Record<string, string | number> = { per_page: options.perPage, page: options.page, _embed: "1" };
    if (options.categoryId !== null) query.categories = options.categoryId;
    const posts = await client.get("/api/wp/v2/posts", z.array(EmbeddedPostSchema), {
      query,
      onHeaders: (headers) => {
        total = headerCount(headers, "x-wp-total");
        pages = headerCount(headers, "x-wp-totalpages");
      },
    });
    const count = total ?? (options.page - 1) * options.perPage + posts.length;
    return { posts, total: count, pages: pages ?? Math.max(1, Math.ceil(count / options.perPage)) };
  });
}

const totalCache = new TtlCache<number>({ ttlMs: NEWS_CACHE_MS, max: 1 });

/** How many posts there are (x-wp-total of GET /api/wp/v2/posts?per_page=1), asked once a minute per process: the header's unread count. */
export function newsTotal(client: UpstreamClient): Promise<number> {
  return totalCache.get("all", async () => {
    let total: number | null = null;
    const posts = await client.get("/api/wp/v2/posts", z.array(z.unknown()), {
      query: { per_page: 1 },
      onHeaders: (headers) => {
        total = headerCount(headers, "x-wp-total");
      },
    });
    return total ?? posts.length;
  });
}

const slugCache = new TtlCache<FullNewsPost | null>({ ttlMs: NEWS_CACHE_MS, max: 500 });

/** GET /api/wp/v2/posts?slug=&_embed: the post with this slug, or null when there is none. */
export function newsPostBySlug(client: UpstreamClient, slug: string): Promise<FullNewsPost | null> {
  return slugCache.get(slug, async () => {
    const posts = await client.get("/api/wp/v2/posts", z.array(EmbeddedPostSchema), { query: { slug, _embed: "1" } });
    return posts.find((p) => p.slug === slug) ?? null;
  });
}

const categoryCache = new TtlCache<NewsCategory[]>({ ttlMs: NEWS_CACHE_MS, max: 1 });

/** GET /api/wp/v2/categories?per_page=100: the news categories (the filter's links). */
export function newsCategories(client: UpstreamClient): Promise<NewsCategory[]> {
  return categoryCache.get("all", () =>
    client.get("/api/wp/v2/categories", z.array(TermSchema), { query: { per_page: 100 } }),
  );
}

const ReadsSchema = z.object({ data: z.array(z.object({ postId: z.number() })) });

/** GET /api/news-read?postIds=…: which of these posts the user has read (decision 118). */
export async function readPostIds(client: UpstreamClient, postIds: number[]): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const answer = await client.get("/api/news-read", ReadsSchema, { query: { postIds: postIds.join(",") } });
  return new Set(answer.data.map((r) => r.postId));
}

/** POST /api/news-read {postId}: marks the post read; the user's new totalReadNews. The client forgets the session's cached answer. */
export async function markNewsRead(client: UpstreamClient, postId: number): Promise<number> {
  const answer = await client.post("/api/news-read", z.object({ totalReadNews: z.number() }), { body: { postId } });
  return answer.totalReadNews;
}
