import { useLoaderData, useNavigation } from "@remix-run/react";
import { StatusFilter } from "~/components/status-filter";
import { Pagination } from "~/components/pagination";
import { DataTable, WithNote } from "~/components/data-table";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { emailsPageData, submitEmails } from "~/admin/admin-emails.server";
import { adminLoader, adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

// issue 32 (decision 147): the e-mails the provider sends, every customer's addresses among them
export const access = adminScreen({ to: "/admin/e-mails", label: "E-mails", group: "System" });

// /admin/e-mails (issue 32 item 1, decision 147): the e-mails the provider sends — to whom, what, whether sent, how
// many tries and the mail server's last answer — newest first, 16 a page, by status; "Send again" on a failed one.
// Every customer's addresses: evolve users only (this route's access entry, and the provider's 403 to anyone else).
export const { meta, links, headers } = adminPage("E-mails · Admin");

export const loader = adminLoader(emailsPageData);

export const action = adminAction(submitEmails);

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
    <AdminScreen
      title="E-mails"
      intro={
        <>
          Password resets, invitations and approval e-mails, newest first. One that the mail server keeps refusing is
          tried 8 times over about two hours, then shown as failed with the server&apos;s answer.
        </>
      }
    >
      <StatusFilter label="Filter e-mails" path="/admin/e-mails" links={STATUS_LINKS} current={data.status} />
      <DataTable
        rows={data.rows}
        columns={[
          { header: "To", cell: (r) => r.to },
          {
            header: "E-mail",
            cell: (r) => <WithNote note={r.subject}>{r.kind}</WithNote>,
          },
          { header: "Written", cell: (r) => r.createdAt },
          {
            header: "Status",
            cell: (r) => <WithNote note={r.outcomeAt}>{r.statusWords}</WithNote>,
          },
          { header: "Tries", cell: (r) => r.tries },
          { header: "Last error", cell: (r) => r.lastError ?? "—" },
        ]}
        rowButton={(r) =>
          r.status === "failed"
            ? {
                intent: "send-again",
                fields: { emailId: r.id },
                label: `Send again the e-mail to ${r.to} (${r.kind}, ${r.createdAt})`,
                text: "Send again",
              }
            : null
        }
        busy={busy}
        label="E-mails"
        empty={<p>No e-mail matches.</p>}
      />
      <Pagination page={data.page} pages={data.pages} total={data.total} counted="e-mail" />
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary("The e-mails", [{ to: "/admin/e-mails", label: "E-mails" }]);
