import { data } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { isReversedDayRange, parseDayInput } from "~/domain/dates";
import { checkPromoImage, promoImagePath } from "~/domain/promo-image";
import { isUpstreamIdValue } from "~/domain/upstream-id";
import { plainMessages, type FieldErrors } from "~/utils/forms.server";
import { idParam } from "~/utils/params.server";
import { searchCustomers } from "~/upstream/admin-customers.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import {
  createPromotion,
  deletePromotion,
  getPromotion,
  listSectors,
  patchPromotion,
  uploadPromotionImage,
  PROMO_AUDIENCES,
  PROMO_KINDS,
  type Promotion,
  type PromotionBody,
} from "~/upstream/admin-promotions.server";
import { searchProducts } from "~/upstream/admin-products.server";
import { PROMO_DELETED, STATUS_WORDS, toastTo } from "./admin-promo.server";

// The admin promotion form, /admin/promo/new and /admin/promo/{id} (issue 21 item 3, decisions 134 and 165).

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
