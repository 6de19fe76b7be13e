import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast, type Toast } from "~/session/session.server";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { idField, plainMessages } from "~/utils/forms.server";
import { refusal } from "~/upstream/errors.server";
import {
  deletePromotion,
  listPromotions,
  patchPromotion,
  PROMO_KINDS,
  PROMO_STATUSES,
  type Promotion,
  type PromotionFilter,
} from "~/upstream/admin-promotions.server";

// The admin area's promotions list (issue 21 item 3, decision 134); the form is admin-promo-form.server.ts and the
// calls are app/upstream/admin-promotions.server.ts. The provider refuses every admin call (403) to a caller who is
// not an evolve user.

// ---------------------------------------------------------------- words

export const KIND_WORDS: Record<Promotion["kind"], string> = { banner: "Banner", featured: "Featured product" };
export const STATUS_WORDS: Record<Promotion["status"], string> = {
  live: "Live",
  scheduled: "Scheduled",
  ended: "Ended",
};

export function audienceWords(p: Pick<Promotion, "audience" | "sector" | "customer">): string {
  if (p.audience === "sector") return `Sector: ${p.sector?.name ?? "?"}`;
  if (p.audience === "customer") return `Customer: ${p.customer?.name ?? "?"}`;
  return "All customers";
}

const day = (iso: string) => formatDate(`${iso}T00:00:00`);

// ---------------------------------------------------------------- /admin/promo: the list

export const PROMO_PAGE_SIZE = 50;

/** /admin/promo?status=&kind=&page=: the promotions in the admin's order; an unknown filter value shows them all. */
export async function promoListPageData(user: PortalUser, url: URL) {
  const params = url.searchParams;
  const status = (PROMO_STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as PromotionFilter["status"])
    : undefined;
  const kind = (PROMO_KINDS as readonly string[]).includes(params.get("kind") ?? "")
    ? (params.get("kind") as PromotionFilter["kind"])
    : undefined;
  const page = parsePage(params.get("page"));
  const answer = await listPromotions(
    user.upstream,
    { ...(status ? { status } : {}), ...(kind ? { kind } : {}) },
    PROMO_PAGE_SIZE,
    (page - 1) * PROMO_PAGE_SIZE,
  );
  return {
    status: status ?? "",
    kind: kind ?? "",
    rows: answer.data.map((p) => ({
      id: p.id,
      title: p.title,
      kind: KIND_WORDS[p.kind],
      product: p.item ? `${p.item.displayName} (${p.item.itemCode})` : null,
      dates: `${day(p.startsOn)} – ${day(p.endsOn)}`,
      status: p.status,
      statusWords: STATUS_WORDS[p.status],
      audience: audienceWords(p),
      position: p.position,
    })),
    total: answer.total,
    page,
    pages: pageCount(answer.total, PROMO_PAGE_SIZE),
  };
}

const ListIntent = z.object({
  intent: z.enum(["delete", "up", "down"], { errorMap: () => ({ message: "Choose what to do" }) }),
  promoId: idField("Choose a promotion", "Choose a promotion from the list"),
});

export const PROMO_DELETED = (title: string) => `Promotion '${title}' deleted`;
export const PROMO_MOVED = (title: string) => `Promotion '${title}' moved`;
export const PROMO_GONE = "That promotion could not be found: it may have been deleted meanwhile";

export async function toastTo(request: Request, to: string, toast: Toast) {
  return redirect(to, { status: 303, headers: await flashToast(request, toast) });
}

/** The list's address to come back to: its filters and page as they were. */
function listBack(request: Request): string {
  const from = new URL(request.url).searchParams;
  const keep = new URLSearchParams();
  for (const key of ["status", "kind", "page"]) {
    const value = from.get(key);
    if (value && /^[a-z0-9]{1,12}$/.test(value)) keep.set(key, value);
  }
  const query = keep.toString();
  return query ? `/admin/promo?${query}` : "/admin/promo";
}

/** POST /admin/promo {intent: delete | up | down, promoId}: DELETE or PATCH {move}; back to the list with a toast. */
export async function submitPromoList(user: PortalUser, request: Request) {
  const back = listBack(request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return toastTo(request, back, { kind: "error", message: "The form could not be read." });
  }
  const parsed = ListIntent.safeParse(Object.fromEntries(formData), { errorMap: plainMessages });
  if (!parsed.success)
    return data({ ok: false as const, fieldErrors: {}, formError: parsed.error.issues[0].message }, { status: 400 });
  const { intent, promoId } = parsed.data;
  try {
    if (intent === "delete")
      return toastTo(request, back, {
        kind: "success",
        message: PROMO_DELETED((await deletePromotion(user.upstream, promoId)).title),
      });
    const moved = await patchPromotion(user.upstream, promoId, { move: intent });
    return toastTo(request, back, { kind: "success", message: PROMO_MOVED(moved.title) });
  } catch (error) {
    const refused = refusal(error, 404, 409);
    // a promotion deleted in another tab meanwhile is said in a toast, as decision 129's ended sessions
    return toastTo(request, back, { kind: "error", message: refused.status === 404 ? PROMO_GONE : refused.message });
  }
}
