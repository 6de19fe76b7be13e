import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/** The mock CMS's news categories (GET /api/wp/v2/categories). */
export const NEWS_CATEGORIES = [
  { id: 3, name: "News", slug: "news", taxonomy: "category" },
  { id: 4, name: "Safety &amp; standards", slug: "safety-standards", taxonomy: "category" },
  { id: 5, name: "Delivery", slug: "delivery", taxonomy: "category" },
];

/** Twelve posts, newest first: id 12 is the newest; even ids are in Safety & standards (4), the rest in News (3); 12 is also Delivery. */
export function newsPosts() {
  return Array.from({ length: 12 }, (_, i) => {
    const id = 12 - i;
    const categories = id === 12 ? [4, 5] : id % 2 === 0 ? [4] : [3];
    return {
      id,
      slug: id === 1 ? "winter-hi-vis" : `post-${id}`,
      date: `2026-11-${String(id + 5).padStart(2, "0")}T09:00:00.000Z`,
      status: "publish",
      type: "post",
      link: `/news/post-${id}`,
      title: { rendered: id === 12 ? "Christmas delivery &amp; cut-off dates" : `Post ${id}` },
      excerpt: { rendered: `<p onclick="alert(1)">Excerpt ${id}<script>alert(1)</script></p>` },
      content: {
        rendered: `<h1>Heading ${id}</h1><p>Body of post ${id}.</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a>`,
      },
      categories,
      _embedded: {
        author: [{ name: "Evolve &amp; Co" }],
        "wp:featuredmedia":
          id === 11 ? [] : [{ source_url: `/images/news/post-${id}.jpg`, alt_text: `Picture &amp; caption ${id}` }],
        "wp:term": [NEWS_CATEGORIES.filter((c) => categories.includes(c.id))],
      },
    };
  });
}

/** Post 12 as the portal shows it, in the list and on its own page: the title's entity decoded, the SPEC date, its image and categories. */
export const POST_12_SHOWN = {
  title: "Christmas delivery & cut-off dates",
  date: "17.11.26",
  image: { src: "/images/news/post-12.jpg", alt: "Picture & caption 12" },
  categories: [
    { name: "Safety & standards", slug: "safety-standards" },
    { name: "Delivery", slug: "delivery" },
  ],
};

export type ContentOptions = {
  contactQueries?: URLSearchParams[];
  newsFails?: boolean;
  /** GET /api/wp/v2/posts queries seen. */
  postQueries?: URLSearchParams[];
  /** The user's reads (GET /api/news-read); POST /api/news-read adds to it. */
  reads?: Set<number>;
  /** POST /api/news-read bodies seen. */
  marked?: unknown[];
  categoriesFail?: boolean;
  /** Leave out x-wp-total / x-wp-totalpages. */
  noHeaders?: boolean;
};

/**
 * GET /api/wp/v2/posts (WordPress-shaped: categories, per_page, page, slug, _embed; x-wp-total and x-wp-totalpages),
 * GET /api/wp/v2/categories, GET and POST /api/news-read, and GET /api/contact (records its query).
 */
export function contentHandlers(options: ContentOptions = {}) {
  const reads = options.reads ?? new Set<number>();
  return [
    http.get(`${UPSTREAM}/api/wp/v2/posts`, ({ request }) => {
      if (options.newsFails) return HttpResponse.json({ message: "down" }, { status: 503 });
      const q = new URL(request.url).searchParams;
      options.postQueries?.push(q);
      const perPage = Number(q.get("per_page") ?? 10);
      const page = Number(q.get("page") ?? 1);
      let posts = newsPosts();
      const category = q.get("categories");
      if (category) posts = posts.filter((p) => p.categories.includes(Number(category)));
      const slug = q.get("slug");
      if (slug !== null) posts = posts.filter((p) => p.slug === slug);
      const total = posts.length;
      const shown = posts.slice((page - 1) * perPage, page * perPage).map((p) => {
        if (q.has("_embed")) return p;
        const { _embedded, ...rest } = p;
        return rest;
      });
      const headers = options.noHeaders
        ? undefined
        : { "x-wp-total": String(total), "x-wp-totalpages": String(Math.ceil(total / perPage)) };
      return HttpResponse.json(shown, { headers });
    }),
    http.get(`${UPSTREAM}/api/wp/v2/categories`, () => {
      if (options.categoriesFail) return HttpResponse.json({ message: "down" }, { status: 503 });
      return HttpResponse.json(NEWS_CATEGORIES, {
        headers: { "x-wp-total": String(NEWS_CATEGORIES.length), "x-wp-totalpages": "1" },
      });
    }),
    http.get(`${UPSTREAM}/api/news-read`, ({ request }) => {
      const asked = new URL(request.url).searchParams.get("postIds");
      const ids = [...reads]
        .filter((id) => asked === null || asked.split(",").map(Number).includes(id))
        .sort((a, b) => b - a);
      return HttpResponse.json({
        total: ids.length,
        data: ids.map((postId) => ({ postId, readAt: "2026-11-20T09:00:00.000Z" })),
      });
    }),
    http.post(`${UPSTREAM}/api/news-read`, async ({ request }) => {
      const body = (await request.json()) as { postId: number };
      options.marked?.push(body);
      if (!newsPosts().some((p) => p.id === body.postId))
        return HttpResponse.json({ message: "Post not found" }, { status: 404 });
      reads.add(body.postId);
      return HttpResponse.json({ totalReadNews: reads.size }, { status: 201 });
    }),
    http.get(`${UPSTREAM}/api/contact`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      options.contactQueries?.push(q);
      const all = [
        {
          internalId: "5001",
          firstName: "Bea",
          lastName: "Buyer",
          grade: "Manager",
          isInactive: false,
          manpackUser: true,
        },
        {
          internalId: "5002",
          firstName: "Rory",
          lastName: "Requester",
          grade: null,
          isInactive: false,
          manpackUser: true,
        },
      ];
      const data = q.get("currentContactOnly") === "true" ? all.slice(0, 1) : all;
      return HttpResponse.json({ total: data.length, limit: 10000, skip: 0, data });
    }),
  ];
}
