import type { PortalUser } from "~/auth/require-user.server";
import { cmsText, sanitiseCmsHtml } from "~/content/sanitise.server";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { logFailure, isRedirect, UpstreamError } from "~/upstream/errors.server";
import {
  listNews,
  markNewsRead,
  newsCategories,
  newsPostBySlug,
  newsTotal,
  readPostIds,
  type FullNewsPost,
  type NewsCategory,
} from "~/upstream/content.server";

// /news and /news/{slug} (issue 18 items 1 and 2, decision 118). Every CMS title, excerpt, content and alt text goes
// through cmsText or sanitiseCmsHtml (decision 116) here, on the server.

/** Posts on a page of /news. */
export const NEWS_PAGE_SIZE = 10;

/** Posts minus the posts read, never below 0 (the header's unread count). */
export function unreadCount(total: number, totalReadNews: number): number {
  return Math.max(0, total - totalReadNews);
}

/**
 * The header's unread count: the post total (asked once a minute per process) minus the session's totalReadNews;
 * null when the provider does not answer, so the header leaves the count out rather than the page.
 */
export async function headerUnreadNews(user: PortalUser): Promise<number | null> {
  try {
    return unreadCount(await newsTotal(user.upstream), user.session.account.totalReadNews);
  } catch (error) {
    // a redirect (the session has ended) goes on; anything else leaves the count out, never the page
    if (isRedirect(error)) throw error;
    logFailure(user.upstream?.request, "the news total for the header failed", error);
    return null;
  }
}

function categoriesOf(post: FullNewsPost) {
  const terms = (post._embedded?.["wp:term"] ?? []).flat().filter((t) => (t.taxonomy ?? "category") === "category");
  return terms.map((t) => ({ name: cmsText(t.name), slug: t.slug }));
}

function summaryOf(post: FullNewsPost) {
  const media = post._embedded?.["wp:featuredmedia"]?.[0];
  return {
    id: post.id,
    slug: post.slug,
    to: `/news/${encodeURIComponent(post.slug)}`,
    title: cmsText(post.title.rendered),
    date: formatDate(post.date),
    dateTime: post.date,
    image: media ? { src: media.source_url, alt: cmsText(media.alt_text ?? "") } : null,
    categories: categoriesOf(post),
  };
}

/** /news: a page of posts (?page), of one category (?category=slug) or all, each marked unread or not. */
export async function newsListData(user: PortalUser, url: URL) {
  const categories = await newsCategories(user.upstream).catch((error: unknown) => {
    if (!(error instanceof UpstreamError)) throw error;
    logFailure(user.upstream?.request, "the news categories failed", error);
    return [] as NewsCategory[];
  });
  const asked = url.searchParams.get("category");
  const category = asked ? (categories.find((c) => c.slug === asked) ?? null) : null;
  const options = {
    categoryId: category?.id ?? null,
    page: parsePage(url.searchParams.get("page")),
    perPage: NEWS_PAGE_SIZE,
  };
  let list = await listNews(user.upstream, options);
  // a page past the end is the last page
  if (list.posts.length === 0 && options.page > list.pages && list.total > 0)
    list = await listNews(user.upstream, { ...options, page: list.pages });
  const page = Math.min(options.page, Math.max(1, list.pages));
  const [read, unreadNews] = await Promise.all([
    readPostIds(
      user.upstream,
      list.posts.map((p) => p.id),
    ),
    headerUnreadNews(user),
  ]);
  return {
    posts: list.posts.map((post) => ({
      ...summaryOf(post),
      excerptHtml: sanitiseCmsHtml(post.excerpt.rendered),
      unread: !read.has(post.id),
    })),
    total: list.total,
    page,
    pageCount: Math.max(1, list.pages),
    categories: categories.map((c) => ({ name: cmsText(c.name), slug: c.slug, current: c.id === category?.id })),
    category: category ? { name: cmsText(category.name), slug: category.slug } : null,
    unreadNews,
  };
}

/**
 * /news/{slug}: the post, marked read on opening (POST /api/news-read, idempotent; decision 118), or null when no
 * post has this slug. `unreadNews` is the count after this read, for the header of this very page.
 */
export async function newsPostData(user: PortalUser, slug: string) {
  const post = await newsPostBySlug(user.upstream, slug);
  if (!post) return null;
  const [totalReadNews, total] = await Promise.all([
    markNewsRead(user.upstream, post.id),
    newsTotal(user.upstream).catch((error: unknown) => {
      if (!(error instanceof UpstreamError)) throw error;
      return null;
    }),
  ]);
  return {
    ...summaryOf(post),
    author: cmsText(post._embedded?.author?.[0]?.name ?? ""),
    contentHtml: sanitiseCmsHtml(post.content.rendered),
    unreadNews: total === null ? null : unreadCount(total, totalReadNews),
  };
}
