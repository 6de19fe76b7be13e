import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/page-error";
import cmsStyles from "~/styles/cms.css?url";
import { requireUser } from "~/auth/require-user.server";
import { loadCmsPage } from "~/cms/content.server";
import { page } from "~/auth/route-access";

// CMS content (issue 18 items 3 and 4, decision 119): every logged-in user, open in punchout
export const access = page("user");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cmsStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Page not found"} · Workwear ordering portal` },
];

// /cms/{slug} (issue 18 item 3, decision 119): a CMS content page; unknown, a settings page or a guide → 404
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const page = await loadCmsPage(request, params.slug ?? "");
  if (!page) throw new Response("Not found", { status: 404 });
  return page;
}

export default function CmsPageRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="cms-page">
      <h1>{page.title}</h1>
      {/* sanitised on the server by sanitiseCmsHtml (decision 116) */}
      <div className="cms-content" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="We could not find that page. It may have moved, or the link may be out of date."
    failed="Sorry, this page could not be shown. Please try again in a moment."
    links={[{ to: "/", label: "Go to the dashboard" }]}
  />
);
