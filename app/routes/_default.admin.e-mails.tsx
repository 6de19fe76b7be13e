import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { IntentButton } from "~/components/intent-button";
import { PageErrorBoundary } from "~/components/page-error";
import { StatusFilter } from "~/components/status-filter";
import { Pagination } from "~/components/pagination";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { emailsPageData, submitEmails } from "~/admin/admin-emails.server";
import { adminScreen } from "~/auth/route-access";

// issue 32 (decision 147): the e-mails the provider sends, every customer's addresses among them
export const access = adminScreen({ to: "/admin/e-mails", label: "E-mails", group: "System" });

// /admin/e-mails (issue 32 item 1, decision 147): the e-mails the provider sends — to whom, what, whether sent, how
// many tries and the mail server's last answer — newest first, 16 a page, by status; "Send again" on a failed one.
// Every customer's addresses: evolve users only (this route's access entry, and the provider's 403 to anyone else).
export const meta: MetaFunction = () => [{ title: "E-mails · Admin · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return emailsPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitEmails(await requireUser(request), request);
}

const STATUS_LINKS = [
  ["", "All"],
  ["pending", "Waiting"],
  ["running", "Sending"],
  ["sent", "Sent"],
  ["failed", "Failed"],
] as const;

export default function Emails() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="stack orders">
      <h1>E-mails</h1>
      <p className="muted">
        Password resets, invitations and approval e-mails, newest first. One that the mail server keeps refusing is
        tried 8 times over about two hours, then shown as failed with the server&apos;s answer.
      </p>
      <StatusFilter label="Filter e-mails" path="/admin/e-mails" links={STATUS_LINKS} current={data.status} />
      {data.rows.length === 0 ? (
        <p>No e-mail matches.</p>
      ) : (
        <ScrollingTable label="E-mails">
          <thead>
            <tr>
              <th scope="col">To</th>
              <th scope="col">E-mail</th>
              <th scope="col">Written</th>
              <th scope="col">Status</th>
              <th scope="col">Tries</th>
              <th scope="col">Last error</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.to}</th>
                <td>
                  {r.kind}
                  <div className="muted">{r.subject}</div>
                </td>
                <td>{r.createdAt}</td>
                <td>
                  {r.statusWords}
                  {r.outcomeAt ? <div className="muted">{r.outcomeAt}</div> : null}
                </td>
                <td>{r.tries}</td>
                <td>{r.lastError ?? "—"}</td>
                <td>
                  {r.status === "failed" ? (
                    <IntentButton
                      intent="send-again"
                      fields={{ emailId: r.id }}
                      label={`Send again the e-mail to ${r.to} (${r.kind}, ${r.createdAt})`}
                      disabled={busy}
                    >
                      Send again
                    </IntentButton>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      <Pagination page={data.page} pages={data.pages} total={data.total} counted="e-mail" />
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such page."
    failed="The e-mails could not be loaded. Please try again."
    links={[{ to: "/admin/e-mails", label: "E-mails" }]}
  />
);
