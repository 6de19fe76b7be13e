import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/** /api/saved-basket over an in-memory list; every PATCH body is recorded. */
export function savedBasketHandlers(baskets: Array<Record<string, unknown>>) {
  const patches: unknown[] = [];
  const posts: unknown[] = [];
  const handlers = [
    http.get(`${UPSTREAM}/api/saved-basket`, () =>
      HttpResponse.json({ total: baskets.length, limit: 100, skip: 0, data: baskets }),
    ),
    http.get(`${UPSTREAM}/api/saved-basket/:id`, ({ params }) => {
      const found = baskets.find((b) => String(b.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: "Not found" }, { status: 404 });
    }),
    http.post(`${UPSTREAM}/api/saved-basket`, async ({ request }) => {
      const body = (await request.json()) as { newBasketName: string };
      posts.push(body);
      return HttpResponse.json(
        { id: 700, basket_name: body.newBasketName, checked_out: 0, itemsArray: [] },
        { status: 201 },
      );
    }),
    http.patch(`${UPSTREAM}/api/saved-basket`, async ({ request }) => {
      const body = await request.json();
      patches.push(body);
      return HttpResponse.json({ ...baskets[0], deleted: true });
    }),
  ];
  return { handlers, patches, posts };
}
