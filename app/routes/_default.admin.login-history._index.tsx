import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { Pagination } from "~/components/pagination";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css";

export const meta: MetaFunction = () => [{ title: "Log-in history · Admin · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { data } = await import("@remix-run/node");
  const { requireUser } = await import("~/auth/require-user.server");
  const { loginHistoryPageData } = await import("~/upstream/admin-users.server");
  const history = await loginHistoryPageData(await requireUser(request), new URL(request.url));
  // a filter the form could not have sent: its message under its field, an empty list, answered 400
  return Object.keys(history.errors).length > 0 ? data(history, { status: 400 }) : history;
}

const DAY_HINT = "dd.mm.yy, for example 31.03.26";

/** /admin/login-history (issue 20 item 2): every log-in attempt, filtered by a GET form, 16 or 50 a page, and its CSV. */
export default function LoginHistory() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const errors: Partial<Record<string, string>> = data.errors;
  const exportParams = new URLSearchParams(location.search);
  exportParams.delete("page");
  exportParams.delete("per");
  const exportQuery = exportParams.toString();
  const describe = (field: string, hint?: string) => [hint, errors[field] ? `filter-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <section className="stack orders">
      <h1>Log-in history</h1>
      <Form method="get" className="order-filters" key={location.search} aria-label="Filter log-in attempts" noValidate>
        <div className="field">
          <label htmlFor="filter-email">E-mail contains</label>
          <input id="filter-email" name="email" type="search" maxLength={320} defaultValue={data.form.email} aria-invalid={errors.email ? true : undefined} aria-describedby={describe("email")} />
          <FieldError id="filter-email-error" message={errors.email} />
        </div>
        <div className="field">
          <label htmlFor="filter-outcome">Outcome</label>
          <select id="filter-outcome" name="outcome" defaultValue={data.form.outcome} aria-invalid={errors.outcome ? true : undefined} aria-describedby={describe("outcome")}>
            <option value="">All</option>
            <option value="success">Succeeded</option>
            <option value="failure">Failed</option>
          </select>
          <FieldError id="filter-outcome-error" message={errors.outcome} />
        </div>
        {(["from", "to"] as const).map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`filter-${name}`}>{name === "from" ? "From" : "To"}</label>
            <input
              id={`filter-${name}`}
              name={name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              size={10}
              maxLength={10}
              defaultValue={data.form[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={describe(name, `filter-${name}-hint`)}
            />
            <p className="muted field__hint" id={`filter-${name}-hint`}>
              {DAY_HINT}
            </p>
            <FieldError id={`filter-${name}-error`} message={errors[name]} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="filter-per">Attempts a page</label>
          <select id="filter-per" name="per" defaultValue={data.form.per === "50" ? "50" : ""} aria-describedby={describe("per")}>
            <option value="">16</option>
            <option value="50">50</option>
          </select>
          <FieldError id="filter-per-error" message={errors.per} />
        </div>
        <div className="order-filters__actions">
          <button type="submit" className="button button--primary">
            Filter
          </button>
          <Link to="/admin/login-history">Clear filters</Link>
        </div>
      </Form>
      <p>
        <a className="button button--small" href={`/admin/login-history/export.csv${exportQuery ? `?${exportQuery}` : ""}`} download>
          Download CSV
        </a>
      </p>
      {data.rows.length === 0 ? (
        <p className="notice">No log-in attempts found.</p>
      ) : (
        <ScrollingTable label="Log-in attempts">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">E-mail tried</th>
              <th scope="col">User</th>
              <th scope="col">Outcome</th>
              <th scope="col">Reason</th>
              <th scope="col">Address</th>
              <th scope="col">User agent</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.when}</th>
                <td>{row.email}</td>
                <td>{row.user ? <Link to={`/admin/user/${row.user.id}`}>{row.user.name}</Link> : "No such user"}</td>
                <td>{row.outcome}</td>
                <td>{row.reason}</td>
                <td>{row.address}</td>
                <td>{row.userAgent}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      <Pagination page={data.page} pages={data.pageCount} total={data.total} noun={data.total === 1 ? "attempt" : "attempts"} />
    </section>
  );
}
