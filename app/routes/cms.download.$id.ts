import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { trainingGuideFile } from "~/upstream/cms.server";
import { page } from "~/auth/route-access";

export const access = page("user");

// /cms/download/{id} (issue 18 item 4, decision 119): a resource route streaming the provider's file with its type,
// download name and length, and nosniff; an unknown or another customer's guide → 404
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = /^[1-9][0-9]{0,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const file = id !== null && user.upstream.token ? await trainingGuideFile(request, user.upstream.token, id) : null;
  if (!file)
    throw new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  return file;
}
