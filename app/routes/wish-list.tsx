import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser, safeRedirect } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import { TOAST_ERROR, TOAST_WISH_LIST_ADDED, TOAST_WISH_LIST_REMOVED } from "~/domain/messages";
import { describeFailure, UpstreamError } from "~/upstream/errors.server";
import { addToWishList, removeFromWishList } from "~/upstream/wish-list.server";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";

// The wish list has no page of its own here: a GET goes back to the dashboard.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect("/");
}

const wishListSchema = () =>
  z.object({
    intent: z.enum(["add", "remove"], { message: "Choose add or remove" }),
    productId: idField("Choose a product"),
    redirectTo: z.string().optional(),
  });

/** SPEC §7 POST /api/wish-list and DELETE /api/wish-list/{id}, answered with SPEC §8's toasts, back where it came from. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
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
    console.error(`wish list ${intent} ${productId} failed`, describeFailure(error));
    message = TOAST_ERROR;
    kind = "error";
  }
  throw redirect(safeRedirect(redirectTo, `/product/${productId}`), {
    headers: await flashToast(request, { kind, message }),
  });
}
