import { redirect } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect, type PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { mayOpen } from "~/chrome.server";
import { optionLabels } from "~/domain/basket-lines";
import { TOAST_ERROR, TOAST_WISH_LIST_ADDED, TOAST_WISH_LIST_REMOVED } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import { pricesHidden } from "~/domain/prices";
import { cardImage, productLink } from "~/domain/product-card";
import { upstreamId } from "~/domain/upstream-id";
import { logFailure, UpstreamError } from "~/upstream/errors.server";
import { listItems } from "~/upstream/items.server";
import { addToWishList, removeFromWishList } from "~/upstream/wish-list.server";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";

// /wish-list (issue 17 item 5, decision 114): the page of the wish list's products, with a quick add to the basket
// (a post to /basket, as the catalogue's quick add) and remove; its action adds and removes (SPEC §7, §8 toasts).

const WishItemSchema = z.object({
  internalId: upstreamId,
  displayName: z.string().nullish(),
  slug: z.string().nullish(),
  price: z.number().nullish(),
  image: z.string().nullish(),
});

/** The session's wish list products (GET /api/session `wishList.items`, as the product page reads `productIds`). */
function wishListItems(user: PortalUser) {
  const raw = (user.session.wishList as { items?: unknown } | null)?.items;
  const parsed = z.array(z.unknown()).safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.flatMap((entry) => {
    const item = WishItemSchema.safeParse(entry);
    return item.success ? [item.data] : [];
  });
}

/** A variant the quick add offers: its id and its options in words ('Size: M, Colour: Yellow'). */
export type VariantChoice = { value: string; label: string };

export interface WishListRow {
  productId: string;
  name: string;
  link: string | null;
  image: string;
  price: string | null;
  /** The sizes / colours to choose from for the quick add; empty: the product itself goes in. */
  variants: VariantChoice[];
}

/**
 * The page: the wish list's products, in the order they were added, each with its variants (one GET /api/item with
 * internalId[$in] and includeChildren, only when the list is not empty) and whether the user may fill a basket.
 */
export async function wishListPageData(user: PortalUser) {
  const items = wishListItems(user);
  const hidden = pricesHidden(user.session.account, { inPunchout: user.inPunchout });
  const canAdd = mayOpen(user, "/basket");
  const variantsOf = new Map<string, VariantChoice[]>();
  if (items.length > 0 && canAdd) {
    const answer = await listItems(user.upstream, {
      "internalId[$in]": items.map((i) => i.internalId).join(","),
      includeChildren: true,
      includePricing: true,
      $limit: items.length,
    });
    for (const product of answer.data) {
      variantsOf.set(
        product.internalId,
        product.simples.map((s) => ({
          value: s.internalId,
          label: optionLabels(s.options).join(", ") || s.displayName,
        })),
      );
    }
  }
  const rows: WishListRow[] = items.map((item) => ({
    productId: item.internalId,
    name: item.displayName || `Product ${item.internalId}`,
    link: item.slug ? productLink(item.slug) : null,
    image: cardImage({ defaultImage: item.image ?? undefined }),
    price: hidden || item.price == null ? null : formatMoney(item.price),
    variants: variantsOf.get(item.internalId) ?? [],
  }));
  return { rows, canAdd };
}

const wishListSchema = () =>
  z.object({
    intent: z.enum(["add", "remove"], { message: "Choose add or remove" }),
    productId: idField("Choose a product"),
    redirectTo: z.string().optional(),
  });

/** SPEC §7 POST /api/wish-list and DELETE /api/wish-list/{id}, answered with SPEC §8's toasts, back where it came from. */
export async function submitWishList(user: PortalUser, request: Request) {
  const form = await parseForm(request, wishListSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const { intent, productId, redirectTo } = form.data;
  let message = intent === "add" ? TOAST_WISH_LIST_ADDED : TOAST_WISH_LIST_REMOVED;
  let kind: "success" | "error" = "success";
  try {
    if (intent === "add") await addToWishList(user.upstream, productId);
    else await removeFromWishList(user.upstream, productId);
  } catch (error) {
    // any refusal or failure of the ordering service is SPEC §8's error toast; a redirect or a bug is thrown on
    if (!(error instanceof UpstreamError)) throw error;
    logFailure(request, `wish list ${intent} ${productId} failed`, error);
    message = TOAST_ERROR;
    kind = "error";
  }
  throw redirect(safeRedirect(redirectTo, `/product/${productId}`), {
    headers: await flashToast(request, { kind, message }),
  });
}
