import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/** POST /api/wish-list and DELETE /api/wish-list/:id; `fail` answers 400 as the provider does for an unknown product. */
export function wishListHandlers(options: { calls?: string[]; fail?: boolean } = {}) {
  const refuse = () =>
    HttpResponse.json({ name: "BadRequest", message: "product does not exist", code: 400 }, { status: 400 });
  return [
    http.post(`${UPSTREAM}/api/wish-list`, async ({ request }) => {
      const body = (await request.json()) as { product_id: string };
      options.calls?.push(`POST ${body.product_id}`);
      if (options.fail) return refuse();
      return HttpResponse.json({ id: 1, product_id: body.product_id }, { status: 201 });
    }),
    http.delete(`${UPSTREAM}/api/wish-list/:id`, ({ params }) => {
      options.calls?.push(`DELETE ${params.id}`);
      if (options.fail) return refuse();
      return HttpResponse.json({ id: 1, product_id: params.id });
    }),
  ];
}
