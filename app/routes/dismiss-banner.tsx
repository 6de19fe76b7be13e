import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { requireUser, safeRedirect } from "~/auth/require-user.server";
import { bannerDismissedCookie } from "~/session/session.server";
import { parseForm } from "~/utils/forms.server";
import { page } from "~/auth/route-access";

export const access = page("user");

export async function loader() {
  return redirect("/");
}

// a function, so that zod is built on the server only and stays out of the browser bundle (decision 002)
// the banner's id is a short hash of its text (decision 119): a new message has a new id and shows again
const dismissSchema = () =>
  z.object({
    bannerId: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/),
    redirect: z.string().optional(),
  });

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await parseForm(request, dismissSchema());
  if (!form.ok) return new Response("Which notice should be dismissed?", { status: 400 });
  return redirect(safeRedirect(form.data.redirect), {
    headers: { "Set-Cookie": await bannerDismissedCookie().serialize(form.data.bannerId) },
  });
}
