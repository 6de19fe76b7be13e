import type { LoaderFunctionArgs } from "@remix-run/node";

// /cms/download/{id} (issue 18 item 4, decision 119): a resource route streaming the provider's file with its type,
// download name and length, and nosniff; an unknown or another customer's guide → 404
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { trainingGuideFile } = await import("~/upstream/cms.server");
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
