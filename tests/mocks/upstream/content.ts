import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/** GET /api/wp/v2/posts (news teaser) and GET /api/contact (records its query). */
export function contentHandlers(options: { contactQueries?: URLSearchParams[]; newsFails?: boolean } = {}) {
  return [
    http.get(`${UPSTREAM}/api/wp/v2/posts`, () => {
      if (options.newsFails) return HttpResponse.json({ message: "down" }, { status: 503 });
      return HttpResponse.json([{ id: 1, slug: "winter-hi-vis", date: "2026-11-17T18:00:00.000Z", title: { rendered: "Winter hi-vis" } }], {
        headers: { "x-wp-total": "1" },
      });
    }),
    http.get(`${UPSTREAM}/api/contact`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      options.contactQueries?.push(q);
      const all = [
        { internalId: "5001", firstName: "Bea", lastName: "Buyer", grade: "Manager", isInactive: false, manpackUser: true },
        { internalId: "5002", firstName: "Rory", lastName: "Requester", grade: null, isInactive: false, manpackUser: true },
      ];
      const data = q.get("currentContactOnly") === "true" ? all.slice(0, 1) : all;
      return HttpResponse.json({ total: data.length, limit: 10000, skip: 0, data });
    }),
  ];
}
