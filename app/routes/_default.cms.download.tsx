import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import cmsStyles from "~/styles/cms.css?url";
import { requireUser } from "~/auth/require-user.server";
import { loadTrainingGuides } from "~/cms/content.server";
import { page } from "~/auth/route-access";

export const access = page("user");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cmsStyles }];
export const meta: MetaFunction = () => [{ title: "Training guides · Workwear ordering portal" }];

// /cms/download (issue 18 item 4, decision 119): the training guides by category, each a download
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { groups: await loadTrainingGuides(user) };
}

export default function TrainingGuides() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Training guides</h1>
      {groups.length === 0 ? <p>There are no training guides just now.</p> : null}
      {groups.map((group, i) => (
        <section key={group.category} className="guide-group" aria-labelledby={`guide-group-${i}`}>
          <h2 id={`guide-group-${i}`}>{group.category}</h2>
          <ul className="guide-list">
            {group.guides.map((guide) => (
              <li key={guide.id} className="guide">
                <h3 className="guide__title">{guide.title}</h3>
                {guide.description ? <p>{guide.description}</p> : null}
                <p>
                  {/* a plain link: the browser downloads the file the resource route streams */}
                  <a href={guide.to} download>
                    Download<span className="visually-hidden"> {guide.title}</span>
                  </a>{" "}
                  <span className="muted">({guide.file})</span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
