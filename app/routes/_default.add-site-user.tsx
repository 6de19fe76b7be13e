import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { SubmitRow } from "~/components/form-fields";
import { FormError } from "~/components/field-error";
import { IntentButton } from "~/components/intent-button";
import { InvitationFields } from "~/components/invitation-fields";
import { Pagination } from "~/components/pagination";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { siteUsersPageData, submitSiteUsers } from "~/account/site-users.server";
import { page } from "~/auth/route-access";

export const access = page("addSiteUser", {
  punchout: "refused",
  nav: [{ to: "/add-site-user", label: "Site users", group: "Account" }],
});

export const meta: MetaFunction = () => [{ title: "Site users · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return siteUsersPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitSiteUsers(await requireUser(request), request);
}

/** /add-site-user (issue 17 item 2): invite a colleague; the pending invitations (resend, revoke); the site users, 16 a page. */
export default function SiteUsers() {
  const data = useLoaderData<typeof loader>();
  const { refused, errors, formError, busy } = useFormAnswer<typeof action>();
  const typed = refused ? refused.values : null;
  return (
    <section className="stack orders site-users">
      <h1>Site users</h1>
      <h2>Invite a colleague</h2>
      <p className="muted">They get an email with a link to choose a password. The link works for 7 days.</p>
      <FormError id="invite-error" message={formError} />
      <Form method="post" className="stack" noValidate aria-describedby={formError ? "invite-error" : undefined}>
        <input type="hidden" name="intent" value="invite" />
        <InvitationFields
          typed={typed}
          errors={errors}
          permissions={data.permissions}
          chosen={typed?.permissions ?? []}
          permissionsHint="You can give only what you may do yourself."
          approverOffered={data.approverOffered}
        />
        <SubmitRow busy={busy}>Send invitation</SubmitRow>
      </Form>

      <h2 id="invitations-heading">Invitations waiting</h2>
      {data.invitations.length === 0 ? (
        <p>No invitations are waiting to be accepted.</p>
      ) : (
        <ScrollingTable labelledBy="invitations-heading" headings={["Name", "Email", "Sent", "Link", "Actions"]}>
          <tbody>
            {data.invitations.map((i) => (
              <tr key={i.id}>
                <th scope="row">
                  {i.name}
                  {i.invitedBy ? (
                    <>
                      <br />
                      <span className="muted">Invited by {i.invitedBy}</span>
                    </>
                  ) : null}
                </th>
                <td>{i.email}</td>
                <td>{i.sent}</td>
                <td>{i.expired ? `Expired ${i.expires}` : `Works until ${i.expires}`}</td>
                <td>
                  <div>
                    {(["Resend", "Revoke"] as const).map((action) => (
                      <IntentButton
                        key={action}
                        intent={action.toLowerCase()}
                        fields={{ invitationId: i.id }}
                        label={`${action} the invitation to ${i.email}`}
                        disabled={busy}
                      >
                        {action}
                      </IntentButton>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      {data.invitationsTotal > data.invitations.length ? (
        <p className="muted">
          Showing the {data.invitations.length} newest of {data.invitationsTotal} invitations.
        </p>
      ) : null}

      <h2 id="site-users-heading">Users of this business unit</h2>
      {data.users.length === 0 ? (
        <p>This business unit has no site users yet.</p>
      ) : (
        <ScrollingTable labelledBy="site-users-heading" headings={["Name", "Email", "Last log-in", "Active"]}>
          <tbody>
            {data.users.map((u) => (
              <tr key={u.id}>
                <th scope="row">{u.name}</th>
                <td>{u.email}</td>
                <td>{u.lastLogin}</td>
                <td>{u.active ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      {data.total > 0 ? (
        <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="site user" />
      ) : null}
    </section>
  );
}
