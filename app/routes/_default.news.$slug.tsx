import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/page-error";
import newsStyles from "~/styles/news.css?url";
import { requireUser } from "~/auth/require-user.server";
import { newsPostData } from "~/news/news.server";
import { page } from "~/auth/route-access";

export const access = page("user");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Page not found"} · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: newsStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

// /news/{slug} (issue 18 item 2, decision 118): opening the post marks it read (an idempotent POST /api/news-read from
// the loader, so it works without JavaScript); an unknown slug → 404
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const post = await newsPostData(user, params.slug ?? "");
  if (!post) throw new Response("Not found", { status: 404 });
  return post;
}

export default function NewsPost() {
  const post = useLoaderData<typeof loader>();
  return (
    <article className="news-post stack">
      <p>
        <Link to="/news">← All news</Link>
      </p>
      <h1>{post.title}</h1>
      <p className="news-post__meta">
        <time dateTime={post.dateTime}>{post.date}</time>
        {post.author ? ` · by ${post.author}` : ""}
      </p>
      {post.image ? (
        <img className="news-post__image" src={post.image.src} alt={post.image.alt} width="800" height="600" />
      ) : null}
      {/* sanitised on the server by sanitiseCmsHtml (decision 116) */}
      <div className="news-post__content" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
      {post.categories.length ? (
        <nav aria-label="Categories of this post">
          <h2 className="visually-hidden">Categories</h2>
          <ul className="news-post__categories">
            {post.categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/news?category=${encodeURIComponent(c.slug)}`}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="We could not find that news post. It may have been taken down, or the link may be out of date."
    failed="Sorry, this post could not be shown. Please try again in a moment."
    links={[
      { to: "/news", label: "All news" },
      { to: "/", label: "Go to the dashboard" },
    ]}
  />
);
