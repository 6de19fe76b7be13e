import { Link } from "@remix-run/react";
import { ScrollingTable } from "./scrolling-table";

export type LoginAttemptRow = {
  id: string;
  when: string;
  outcome: string;
  reason: string;
  address: string;
  userAgent: string;
  /** on the log-in history: what was typed, and whose account it names (null: no such user) */
  email?: string;
  user?: { id: string; name: string } | null;
};

/**
 * Log-in attempts, newest first (issue 20 item 2): on /admin/login-history with the e-mail tried and its user, on a
 * user's admin page without them. Labelled by `label` or by the heading `labelledBy` names.
 */
export function LoginAttemptsTable({
  rows,
  withUser,
  label,
  labelledBy,
}: {
  rows: LoginAttemptRow[];
  withUser: boolean;
  label?: string;
  labelledBy?: string;
}) {
  return (
    <ScrollingTable label={label} labelledBy={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Time</th>
          {withUser ? (
            <>
              <th scope="col">E-mail tried</th>
              <th scope="col">User</th>
            </>
          ) : null}
          <th scope="col">Outcome</th>
          <th scope="col">Reason</th>
          <th scope="col">Address</th>
          <th scope="col">User agent</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.when}</th>
            {withUser ? (
              <>
                <td>{row.email}</td>
                <td>{row.user ? <Link to={`/admin/user/${row.user.id}`}>{row.user.name}</Link> : "No such user"}</td>
              </>
            ) : null}
            <td>{row.outcome}</td>
            <td>{row.reason}</td>
            <td>{row.address}</td>
            <td>{row.userAgent}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
