import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

type Node = {
  internalId: string;
  name: string;
  slug: string;
  fullSlug: string;
  type: string;
  displayOrder: number;
  image: null;
  parentId: string | null;
  children: Node[];
};

const node = (
  internalId: string,
  name: string,
  slug: string,
  fullSlug: string,
  parentId: string | null,
  children: Node[] = [],
): Node => ({
  internalId,
  name,
  slug,
  fullSlug,
  type: "full",
  displayOrder: 0,
  image: null,
  parentId,
  children,
});

/** A small tree in the provider's shape; workwear is sent first to show the fixed display order wins. */
export function categoryTreeAnswer() {
  return [
    node("14", "Workwear", "workwear", "workwear", null, [
      node("15", "Work Trousers", "work-trousers", "workwear/work-trousers", "14"),
    ]),
    node("10", "Hi-Vis Clothing", "hi-vis", "hi-vis", null, [
      node("12", "Hi-Vis Jackets", "hi-vis-jackets", "hi-vis/hi-vis-jackets", "10"),
      node("11", "Hi-Vis Vests", "hi-vis-vests", "hi-vis/hi-vis-vests", "10"),
    ]),
  ];
}

/** GET /api/userCategory (records the type asked for) and GET /api/workwear-categories/:id. */
export function categoryHandlers(options: { types?: string[] } = {}) {
  const tree = categoryTreeAnswer();
  return [
    http.get(`${UPSTREAM}/api/userCategory`, ({ request }) => {
      options.types?.push(new URL(request.url).searchParams.get("type") ?? "");
      return HttpResponse.json({ total: tree.length, limit: tree.length, skip: 0, data: tree });
    }),
    http.get(`${UPSTREAM}/api/workwear-categories/:id`, ({ params }) => {
      const all = tree.flatMap((t) => [t, ...t.children]);
      const found = all.find((c) => c.internalId === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: "Category not found" }, { status: 404 });
    }),
  ];
}
