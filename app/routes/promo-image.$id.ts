import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { promotionImageFile } from "~/upstream/files.server";
import { page } from "~/auth/route-access";

// a promotion's uploaded image (issue 34 item 4, decision 165): every logged-in user, as the dashboard shows it
export const access = page("user");

// /promo-image/{id} (issue 34 item 4, decision 165): a promotion's uploaded image, passed on from the provider with its
// type and length and nosniff. An image never changes (a new upload is a new id), so the browser keeps it for a year;
// an unknown id → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id !== undefined && /^[1-9][0-9]{0,8}$/.test(params.id) ? params.id : null;
  const image = id !== null && user.upstream.token ? await promotionImageFile(request, user.upstream.token, id) : null;
  if (!image)
    throw new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  return image;
}
