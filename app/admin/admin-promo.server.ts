import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast, type Toast } from "~/session/session.server";
import { formatDate, isReversedDayRange, parseDayInput } from "~/domain/dates";
import { checkPromoImage, promoImagePath } from "~/domain/promo-image";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { isUpstreamIdValue, upstreamId as id } from "~/domain/upstream-id";
import { idField, plainMessages, type FieldErrors } from "~/utils/forms.server";
import { idParam } from "~/utils/params.server";
import { searchCustomers } from "~/upstream/admin-customers.server";
import type { UpstreamClient } from "~/upstream/client.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { ListSchema } from "~/upstream/schemas";

// The admin area's promotions (issue 21 item 3, decision 134): C21 §3's `api/admin/promotion`, `api/admin/sector` and
// `api/admin/product` for /admin/promo, and the customer-facing `api/promotion` the dashboard reads. The provider
// refuses every admin call (403) to a caller who is not an evolve user.

// ---------------------------------------------------------------- the provider's answers

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
const Ref = z.object({ id, name: z.string() });
export const PROMO_KINDS = ["banner", "featured"] as const;
export const PROMO_STATUSES = ["live", "scheduled", "ended"] as const;
export const PROMO_AUDIENCES = ["all", "sector", "customer"] as const;

const PromotionSchema = z.object({
  id,
  kind: z.enum(PROMO_KINDS),
  title: z.string(),
  text,
  image: z.string().nullable().default(null),
  link: z.string().nullable().default(null),
  item: z.object({ id, itemCode: z.string(), displayName: text }).nullable().default(null),
  startsOn: z.string(),
  endsOn: z.string(),
  status: z.enum(PROMO_STATUSES),
  audience: z.enum(PROMO_AUDIENCES),
  sector: Ref.nullable().default(null),
  customer: Ref.nullable().default(null),
  position: z.number(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

const SectorSchema = z.object({ id, name: z.string(), customerCount: z.number().default(0) });
const ProductSchema = z.object({ id, itemCode: z.string(), displayName: text, isInactive: z.boolean().default(false) });

const LivePromotionSchema = z.object({
  id,
  kind: z.enum(PROMO_KINDS),
  title: z.string(),
  text,
  image: z.string().nullable().default(null),
  link: z.string().nullable().default(null),
  itemId: id.nullable().default(null),
});
export type LivePromotion = z.infer<typeof LivePromotionSchema>;

export type PromotionFilter = { status?: (typeof PROMO_STATUSES)[number]; kind?: (typeof PROMO_KINDS)[number] };

/** GET /api/admin/promotion?status=&kind=&$limit=&$skip= — by the admin's order (position). */
export function listPromotions(client: UpstreamClient, filter: PromotionFilter, limit: number, skip: number) {
  return client.get("/api/admin/promotion", ListSchema(PromotionSchema), {
    query: { ...filter, $limit: limit, $skip: skip },
  });
}

/** GET /api/admin/promotion/:id; unknown → 404. */
export function getPromotion(client: UpstreamClient, promotionId: string) {
  return client.get(`/api/admin/promotion/${encodeURIComponent(promotionId)}`, PromotionSchema);
}

export type PromotionBody = {
  kind?: (typeof PROMO_KINDS)[number];
  title: string;
  text: string;
  image: string | null;
  link: string | null;
  itemId: string | null;
  startsOn: string;
  endsOn: string;
  audience: (typeof PROMO_AUDIENCES)[number];
  sectorId?: string;
  customerId?: string;
};

/** POST /api/admin/promotion → 201 the promotion; 400 with `errors`; an unknown product, sector or customer → 404. */
export function createPromotion(client: UpstreamClient, body: PromotionBody) {
  return client.post("/api/admin/promotion", PromotionSchema, { body: { ...body } });
}

/** PATCH /api/admin/promotion/:id with any subset, or {move: up | down}. */
export function patchPromotion(
  client: UpstreamClient,
  promotionId: string,
  body: Partial<PromotionBody> | { move: "up" | "down" },
) {
  return client.patch(`/api/admin/promotion/${encodeURIComponent(promotionId)}`, PromotionSchema, {
    body: { ...body },
  });
}

/** DELETE /api/admin/promotion/:id → 200 the deleted one. */
export function deletePromotion(client: UpstreamClient, promotionId: string) {
  return client.delete(`/api/admin/promotion/${encodeURIComponent(promotionId)}`, PromotionSchema);
}

/** POST /api/admin/promotion-image with the picture's bytes → 201 {id, contentType, size}; refused bytes → 400 `image`. */
export function uploadPromotionImage(client: UpstreamClient, bytes: ArrayBuffer) {
  return client.post(
    "/api/admin/promotion-image",
    z.object({ id: z.number(), contentType: z.string(), size: z.number() }),
    { bytes },
  );
}

/** GET /api/admin/sector?$limit=100 — by name. */
export function listSectors(client: UpstreamClient) {
  return client.get("/api/admin/sector", ListSchema(SectorSchema), { query: { $limit: 100, $skip: 0 } });
}

/** GET /api/admin/product?q=&$limit=16 — products (not variants) whose name or code contains q. */
export function searchProducts(client: UpstreamClient, q: string, limit = 16) {
  return client.get("/api/admin/product", ListSchema(ProductSchema), { query: { q, $limit: limit, $skip: 0 } });
}

/** GET /api/promotion — the caller's live promotions in the admin's order (the dashboard's banners). */
export async function livePromotions(client: UpstreamClient): Promise<LivePromotion[]> {
  return (await client.get("/api/promotion", z.object({ total: z.number(), data: z.array(LivePromotionSchema) }))).data;
}

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

async function toastTo(request: Request, to: string, toast: Toast) {
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

// ---------------------------------------------------------------- /admin/promo/new and /admin/promo/{id}: the form

export type PromoValues = {
  kind: string;
  title: string;
  text: string;
  image: string;
  link: string;
  itemId: string;
  startsOn: string;
  endsOn: string;
  audience: string;
  sectorId: string;
  customerId: string;
};
export const PROMO_FIELDS = [
  "kind",
  "title",
  "text",
  "image",
  "link",
  "itemId",
  "startsOn",
  "endsOn",
  "audience",
  "sectorId",
  "customerId",
] as const;

const PICKER_Q_MAX = 100;

function promoValues(p: Promotion): PromoValues {
  return {
    kind: p.kind,
    title: p.title,
    text: p.text,
    image: p.image ?? "",
    link: p.link ?? "",
    itemId: p.item?.id ?? "",
    // <input type="date"> takes and sends YYYY-MM-DD (decision 165); lists and the dashboard show dd.mm.yy
    startsOn: p.startsOn,
    endsOn: p.endsOn,
    audience: p.audience,
    sectorId: p.sector?.id ?? "",
    customerId: p.customer?.id ?? "",
  };
}

const EMPTY_VALUES: PromoValues = {
  kind: "banner",
  title: "",
  text: "",
  image: "",
  link: "",
  itemId: "",
  startsOn: "",
  endsOn: "",
  audience: "all",
  sectorId: "",
  customerId: "",
};

/** The promotion of the address: "new" (the /admin/promo/new module) → null; not an id → 404 before any call. */
function promoIdOf(param: string | undefined): string | null {
  if (param === "new") return null;
  return idParam(param, "Promotion not found");
}

/**
 * /admin/promo/new and /admin/promo/{id}: the promotion's values as the form shows them (dates YYYY-MM-DD for the
 * date inputs), the sectors, the customers (?customerQ= narrows them, 100 by name) and the products found by ?productQ=
 * (16), with the promotion's own product and customer always offered. The form's own Find buttons post the same
 * queries (submitPromoForm), so what was typed stays.
 */
export async function promoFormPageData(user: PortalUser, param: string | undefined, url: URL) {
  const promoId = promoIdOf(param);
  const productQ = (url.searchParams.get("productQ") ?? "").trim().slice(0, PICKER_Q_MAX);
  const customerQ = (url.searchParams.get("customerQ") ?? "").trim().slice(0, PICKER_Q_MAX);
  const [promotion, sectors, customers, products] = await Promise.all([
    promoId
      ? getPromotion(user.upstream, promoId).catch((error) => {
          refusal(error, 404);
          throw new Response("Promotion not found", { status: 404 });
        })
      : Promise.resolve(null),
    listSectors(user.upstream),
    searchCustomers(user.upstream, customerQ, 100),
    productQ ? searchProducts(user.upstream, productQ) : Promise.resolve(null),
  ]);
  const productOptions = (products?.data ?? [])
    .filter((p) => !p.isInactive)
    .map((p) => ({ value: p.id, label: `${p.displayName} (${p.itemCode})` }));
  if (promotion?.item && !productOptions.some((o) => o.value === promotion.item!.id)) {
    productOptions.unshift({
      value: promotion.item.id,
      label: `${promotion.item.displayName} (${promotion.item.itemCode})`,
    });
  }
  const customerOptions = customers.data.map((c) => ({ value: c.id, label: c.name }));
  if (promotion?.customer && !customerOptions.some((o) => o.value === promotion.customer!.id)) {
    customerOptions.unshift({ value: promotion.customer.id, label: promotion.customer.name });
  }
  return {
    promoId,
    title: promotion ? promotion.title : null,
    status: promotion ? STATUS_WORDS[promotion.status] : null,
    values: promotion ? promoValues(promotion) : EMPTY_VALUES,
    productQ,
    customerQ,
    productsFound: products ? products.total : null,
    products: productOptions,
    customers: customerOptions,
    customersTotal: customers.total,
    sectors: sectors.data.map((s) => ({ value: s.id, label: s.name })),
  };
}

const optionalPath = z
  .string()
  .trim()
  .max(500, "Use at most 500 characters")
  .transform((v) => (v === "" ? null : v))
  .refine(
    (v) => v === null || /^\/(?![/\\])\S*$/.test(v),
    "Enter a path on this site, starting with / (for example /categories/hi-vis)",
  );

const dayField = (label: string) =>
  z
    .string({ required_error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .transform((v, ctx) => {
      const iso = parseDayInput(v);
      if (iso === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Enter the ${label} as a date, for example 30.11.26` });
        return z.NEVER;
      }
      return iso;
    });

const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || isUpstreamIdValue(v), message)
    .transform((v) => (v === "" ? null : v));

export const END_BEFORE_START = "The end date must be on or after the start date";

/** The form's rules, checked before anything is sent (the provider checks them all again). */
export const promoFormSchema = (creating: boolean) =>
  z
    .object({
      kind: creating
        ? z.enum(PROMO_KINDS, { errorMap: () => ({ message: "Choose a banner or a featured product" }) })
        : z.unknown().transform(() => undefined),
      title: z
        .string({ required_error: "Enter a title" })
        .trim()
        .min(1, "Enter a title")
        .max(120, "Use at most 120 characters"),
      text: z.string().trim().max(500, "Use at most 500 characters").default(""),
      image: optionalPath.default(""),
      link: optionalPath.default(""),
      itemId: optionalId("Choose a product from the list"),
      startsOn: dayField("start date"),
      endsOn: dayField("end date"),
      audience: z.enum(PROMO_AUDIENCES, { errorMap: () => ({ message: "Choose who sees it" }) }).default("all"),
      sectorId: optionalId("Choose a sector from the list"),
      customerId: optionalId("Choose a customer from the list"),
    })
    .superRefine((v, ctx) => {
      // inclusive days, the end on or after the start: the rule the provider checks too (app/domain/dates.ts)
      if (isReversedDayRange(v.startsOn, v.endsOn))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endsOn"], message: END_BEFORE_START });
      if (v.audience === "sector" && !v.sectorId)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["sectorId"], message: "Choose the sector" });
      if (v.audience === "customer" && !v.customerId)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["customerId"], message: "Choose the customer" });
    });

export const PROMO_CREATED = (title: string) => `Promotion '${title}' created`;
export const PROMO_SAVED = (title: string) => `Promotion '${title}' saved`;
export const FEATURED_NEEDS_PRODUCT = "Choose the product to feature";

const promoRefused = (fieldErrors: FieldErrors, formError: string | null, values: PromoValues | null, status = 400) =>
  data({ ok: false as const, fieldErrors, formError, values }, { status });

/** Where a provider 404 about the body belongs: the field naming the product, sector or customer. */
const NOT_FOUND_FIELDS: Array<[RegExp, keyof PromoValues, string]> = [
  [/^Product /, "itemId", "That product could not be found"],
  [/^Sector /, "sectorId", "That sector could not be found"],
  [/^Customer /, "customerId", "That customer could not be found"],
];

/** The file chosen in the form's file input, if any (an input left empty posts an empty file without a name). */
function imageFileOf(formData: FormData): File | null {
  const file = formData.get("imageFile");
  return file instanceof File && (file.size > 0 || file.name !== "") ? file : null;
}

/** The form's two Find boxes, as typed. */
const queriesOf = (formData: FormData) => {
  const q = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim().slice(0, PICKER_Q_MAX) : "";
  };
  return { productQ: q("productQ"), customerQ: q("customerQ") };
};

/**
 * POST /admin/promo/new or /admin/promo/{id}, a multipart form: `save` (checked here, the image by its bytes and size
 * too, nothing sent on a refusal; then the new image kept by the provider, then POST or PATCH with every field, the
 * audience's sector or customer only with that audience), `search-products` / `search-customers` (the form again with
 * every value as typed and the products or customers found: nothing saved) or `delete`; 303 to the list with a toast.
 * The provider's 400 under its fields, its 404 about the product / sector / customer under that field, an unknown
 * promotion → the 404 page, a 409 → an error toast.
 */
export async function submitPromoForm(user: PortalUser, request: Request, param: string | undefined) {
  const promoId = promoIdOf(param);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return promoRefused({}, "The form could not be read.", null);
  }
  const textOf = (field: string) => {
    const value = formData.get(field);
    return typeof value === "string" ? value : "";
  };
  const intent = textOf("intent") || "save";
  const here = promoId ? `/admin/promo/${promoId}` : "/admin/promo/new";
  try {
    if (intent === "delete") {
      if (!promoId) return promoRefused({}, "There is nothing to delete yet.", null);
      const deleted = await deletePromotion(user.upstream, promoId);
      return toastTo(request, "/admin/promo", { kind: "success", message: PROMO_DELETED(deleted.title) });
    }
    if (intent !== "save" && intent !== "search-products" && intent !== "search-customers")
      return promoRefused({}, "Choose what to do.", null);
  } catch (error) {
    const refused = refusal(error, 404, 409);
    if (refused.status === 404) throw new Response("Promotion not found", { status: 404 });
    return toastTo(request, here, { kind: "error", message: refused.message });
  }
  const values = Object.fromEntries(PROMO_FIELDS.map((f) => [f, textOf(f)])) as PromoValues;
  if (intent !== "save") {
    // the pickers found afresh, every other value as typed (JavaScript or not): nothing is saved
    const queries = queriesOf(formData);
    const url = new URL(request.url);
    url.search = new URLSearchParams(queries).toString();
    const found = await promoFormPageData(user, param, url);
    return data({ ok: false as const, fieldErrors: {}, formError: null, values, found });
  }
  const parsed = promoFormSchema(promoId === null).safeParse(Object.fromEntries(formData), { errorMap: plainMessages });
  const fieldErrors: FieldErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  if (parsed.success && parsed.data.kind === "featured" && !parsed.data.itemId)
    fieldErrors.itemId = FEATURED_NEEDS_PRODUCT;
  // the image by the rule the provider applies too (app/domain/promo-image.ts): its bytes, not its name or type
  const file = imageFileOf(formData);
  const bytes = file ? await file.arrayBuffer() : null;
  if (bytes) {
    const checked = checkPromoImage(new Uint8Array(bytes));
    if (!checked.ok) fieldErrors.imageFile = checked.message;
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0)
    return promoRefused(fieldErrors, fieldErrors.form ?? null, values);
  const v = parsed.data;
  let image = textOf("removeImage") === "on" ? null : v.image;
  if (bytes) {
    try {
      image = promoImagePath((await uploadPromotionImage(user.upstream, bytes)).id);
    } catch (error) {
      const answer = refusalForm(refusal(error, 400, 413), { fields: ["image"] });
      const { image: imageError, ...others } = answer.data.fieldErrors;
      return promoRefused(
        { ...others, ...(imageError ? { imageFile: imageError } : {}) },
        answer.data.formError,
        values,
        answer.init?.status ?? 400,
      );
    }
  }
  const body: PromotionBody = {
    ...(promoId === null && v.kind ? { kind: v.kind } : {}),
    title: v.title,
    text: v.text,
    image,
    link: v.link,
    itemId: v.itemId,
    startsOn: v.startsOn,
    endsOn: v.endsOn,
    audience: v.audience,
    ...(v.audience === "sector" && v.sectorId ? { sectorId: v.sectorId } : {}),
    ...(v.audience === "customer" && v.customerId ? { customerId: v.customerId } : {}),
  };
  // an image just kept is the form's image from now on, should the save be refused
  const kept = { ...values, image: image ?? "" };
  let saved: Promotion;
  try {
    saved =
      promoId === null
        ? await createPromotion(user.upstream, body)
        : await patchPromotion(user.upstream, promoId, body);
  } catch (error) {
    const refused = refusal(error, 400, 404, 409);
    if (refused.status === 409) return toastTo(request, here, { kind: "error", message: refused.message });
    if (refused.status === 404) {
      const named = NOT_FOUND_FIELDS.find(([pattern]) => pattern.test(refused.message));
      if (!named) throw new Response("Promotion not found", { status: 404 });
      return promoRefused({ [named[1]]: named[2] }, null, kept, 404);
    }
    const answer = refusalForm(refused, { fields: PROMO_FIELDS });
    return promoRefused(answer.data.fieldErrors, answer.data.formError, kept, refused.status);
  }
  return toastTo(request, "/admin/promo", {
    kind: "success",
    message: (promoId === null ? PROMO_CREATED : PROMO_SAVED)(saved.title),
  });
}
