import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/**
 * Issue 18's CMS calls as the provider answers them (decision 119): GET /api/wp/v2/pages (`slug`, `per_page`; public),
 * GET /api/training-guides (token; sorted by category then guide) and GET /api/training-guides/:id/file (the bytes
 * with Content-Type, Content-Disposition and Content-Length; an id not in the list → 404, no token → 401). Every
 * pages query and file request is recorded.
 */
export const SITE_BANNER_MESSAGE =
  "Order by 3pm for next-day delivery on in-stock items. Christmas cut-off: Friday 18 December.";

export function cmsPage(slug: string, title: string, content: string, acf: unknown = {}, id = 100) {
  return {
    id,
    slug,
    status: "publish",
    type: "page",
    modified: "2026-11-20T10:00:00.000Z",
    title: { rendered: title },
    content: { rendered: content },
    acf,
  };
}

export function defaultPages() {
  return [
    cmsPage(
      "returns-policy",
      "Returns policy",
      "<p>Return unworn items within <strong>30 days</strong>.</p>",
      { footer: true, footerOrder: 2 },
      101,
    ),
    cmsPage(
      "delivery-information",
      "Delivery information",
      "<p>Next-day delivery on in-stock items.</p><ul><li>Order by 3pm</li></ul>",
      { footer: true, footerOrder: 1 },
      102,
    ),
    cmsPage(
      "size-guide",
      "Size &amp; fit guide",
      '<h1>Chest sizes</h1><table><tr><th>Size</th><th>Chest (in)</th></tr><tr><td>M</td><td>39–41</td></tr></table><script>alert(1)</script><p onclick="steal()">Measure <a href="javascript:alert(1)">here</a></p>',
      { footer: true, footerOrder: 3 },
      103,
    ),
    cmsPage("about-us", "About us", "<p>Workwear since 1990.</p>", [], 104),
    cmsPage(
      "banner-block",
      "Banner block",
      "",
      {
        flexible_content: [
          {
            acf_fc_layout: "hero",
            heading: "Winter hi-vis in stock",
            text: "Class 3 jackets on next-day delivery.",
            link: "/categories/full/hi-vis",
            image: "/images/products/hv200-yellow.svg",
          },
          { acf_fc_layout: "product_banner", heading: "Recommended for your sector", source: "sector", count: 4 },
          {
            acf_fc_layout: "hero",
            heading: "Gloves &amp; hands",
            text: "<b>Cut</b> levels A to F.",
            link: "https://evil.example/",
            image: "javascript:alert(1)",
          },
          {
            acf_fc_layout: "hero",
            heading: "Christmas delivery",
            text: "Last orders 17 December.",
            link: "/news/christmas-delivery-dates-2026",
            image: "/images/news/christmas.svg",
          },
        ],
      },
      105,
    ),
    cmsPage(
      "site-banner",
      "Site banner",
      "",
      { message: SITE_BANNER_MESSAGE, link: { href: "/news/christmas-delivery-dates-2026", text: "Delivery dates" } },
      106,
    ),
    cmsPage(
      "guide-placing-a-stock-order",
      "Placing a stock order",
      "<p>Guide</p>",
      { guide: true, category: "Ordering" },
      107,
    ),
  ];
}

export function trainingGuide(id: number, title: string, category: string, more: Record<string, unknown> = {}) {
  const fileName = `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.pdf`;
  return {
    id,
    title,
    description: `About ${title}.`,
    category,
    displayOrder: id,
    fileUrl: `/api/training-guides/${id}/file`,
    fileName,
    fileSize: 2150,
    contentType: "application/pdf",
    ...more,
  };
}

export const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");

export function cmsHandlers(
  options: {
    pages?: unknown[];
    pagesFail?: boolean;
    guides?: Array<ReturnType<typeof trainingGuide>>;
    guidesFail?: number;
    pageQueries?: URLSearchParams[];
    fileRequests?: Array<{ id: string; authorization: string | null }>;
  } = {},
) {
  const pages = options.pages ?? defaultPages();
  const guides = options.guides ?? [
    trainingGuide(1, "Garment care", "Garment care"),
    trainingGuide(2, "Hi-vis classes explained", "Safety standards", { fileSize: 1_572_864 }),
    trainingGuide(3, "PPE sizing", "Safety standards", { fileSize: 900 }),
    trainingGuide(4, "Placing a stock order", "Ordering"),
  ];
  const unauthorised = () =>
    HttpResponse.json({ name: "NotAuthenticated", message: "Not authenticated", code: 401 }, { status: 401 });
  return [
    http.get(`${UPSTREAM}/api/wp/v2/pages`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      options.pageQueries?.push(q);
      if (options.pagesFail) return HttpResponse.json({ message: "down" }, { status: 503 });
      const slug = q.get("slug");
      const perPage = Number(q.get("per_page") ?? 10);
      const found = (slug ? pages.filter((p) => (p as { slug: string }).slug === slug) : pages).slice(0, perPage);
      return HttpResponse.json(found, { headers: { "x-wp-total": String(found.length), "x-wp-totalpages": "1" } });
    }),
    http.get(`${UPSTREAM}/api/training-guides`, ({ request }) => {
      if (!request.headers.get("authorization")) return unauthorised();
      if (options.guidesFail) return HttpResponse.json({ message: "down" }, { status: options.guidesFail });
      return HttpResponse.json({ total: guides.length, limit: 100, skip: 0, data: guides });
    }),
    http.get(`${UPSTREAM}/api/training-guides/:id/file`, ({ request, params }) => {
      options.fileRequests?.push({ id: String(params.id), authorization: request.headers.get("authorization") });
      if (!request.headers.get("authorization")) return unauthorised();
      const guide = guides.find((g) => String(g.id) === params.id);
      if (!guide)
        return HttpResponse.json({ name: "NotFound", message: "No record found", code: 404 }, { status: 404 });
      return new HttpResponse(PDF_BYTES, {
        headers: {
          "Content-Type": guide.contentType,
          "Content-Disposition": `attachment; filename="${guide.fileName}"`,
          "Content-Length": String(PDF_BYTES.byteLength),
        },
      });
    }),
  ];
}
