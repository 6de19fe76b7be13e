import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { Pagination } from "~/components/pagination";
import newsStyles from "~/styles/news.css?url";
import { requireUser } from "~/auth/require-user.server";
import { newsListData } from "~/news/news.server";
import { page } from "~/auth/route-access";

// news (issue 18 items 1 and 2, decision 118): every logged-in user, open in punchout
export const access = page("user", { nav: [{ to: "/news", label: "News", group: "Overview" }] });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.category ? `${data.category.name} · ` : ""}News · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: newsStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return newsListData(user, new URL(request.url));
}

/** /news (issue 18 item 1, decision 118): posts newest first, 10 a page, filtered by category with links; unread ones marked. */
export default function News() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="stack">
      <h1>News{data.category ? `: ${data.category.name}` : ""}</h1>
      {data.categories.length ? (
        <nav className="news-filter" aria-label="News categories">
          <ul>
            <li>
              <Link to="/news" aria-current={data.category ? undefined : "page"}>
                All news
              </Link>
            </li>
            {data.categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/news?category=${encodeURIComponent(c.slug)}`} aria-current={c.current ? "page" : undefined}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {data.posts.length === 0 ? (
        <EmptyState
          steps={
            data.category ? [{ to: "/news", label: "See all the news" }] : [{ to: "/", label: "Back to the dashboard" }]
          }
        >
          {data.category ? `There is no news in ${data.category.name} yet.` : "There is no news yet."}
        </EmptyState>
      ) : (
        <ul className="news-list">
          {data.posts.map((post) => (
            <li key={post.id}>
              <article
                className={post.unread ? "news-card news-card--unread" : "news-card"}
                aria-labelledby={`post-${post.id}`}
              >
                {post.image ? (
                  <img
                    className="news-card__image"
                    src={post.image.src}
                    alt={post.image.alt}
                    width="320"
                    height="240"
                    loading="lazy"
                  />
                ) : (
                  <span />
                )}
                <div>
                  <h2 className="news-card__title" id={`post-${post.id}`}>
                    <Link to={post.to}>{post.title}</Link>
                    {post.unread ? <span className="news-unread">Unread</span> : null}
                  </h2>
                  <p className="news-card__meta">
                    <time dateTime={post.dateTime}>{post.date}</time>
                    {post.categories.length ? ` · ${post.categories.map((c) => c.name).join(", ")}` : ""}
                  </p>
                  {/* sanitised on the server by sanitiseCmsHtml (decision 116) */}
                  <div className="news-card__excerpt" dangerouslySetInnerHTML={{ __html: post.excerptHtml }} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {data.total > 0 ? <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="post" /> : null}
    </section>
  );
}
