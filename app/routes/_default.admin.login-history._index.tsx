import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { DayField, FilterForm, SelectField } from "~/components/form-fields";
import { LoginAttemptsTable } from "~/components/login-attempts";
import { Pagination } from "~/components/pagination";
import { TextField } from "~/components/text-field";
import { fieldProps } from "~/components/field-props";
import { AdminScreen, adminPage } from "~/components/admin-page";
import { data } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { loginHistoryPageData } from "~/admin/admin-login-history.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/login-history", label: "Log-in history", group: "People" });

export const { meta, links, headers } = adminPage("Log-in history · Admin");

export async function loader({ request }: LoaderFunctionArgs) {
  const history = await loginHistoryPageData(await requireUser(request), new URL(request.url));
  // a filter the form could not have sent: its message under its field, an empty list, answered 400
  return Object.keys(history.errors).length > 0 ? data(history, { status: 400 }) : history;
}

const OUTCOMES = [
  { value: "success", label: "Succeeded" },
  { value: "failure", label: "Failed" },
];
const PER_PAGE = [{ value: "50", label: "50" }];

/** /admin/login-history (issue 20 item 2): every log-in attempt, filtered by a GET form, 16 or 50 a page, and its CSV. */
export default function LoginHistory() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const errors: Partial<Record<string, string>> = data.errors;
  const field = fieldProps(data.form, errors, "filter-");
  const exportParams = new URLSearchParams(location.search);
  exportParams.delete("page");
  exportParams.delete("per");
  const exportQuery = exportParams.toString();
  return (
    <AdminScreen title="Log-in history">
      <FilterForm
        label="Filter log-in attempts"
        submit="Filter"
        clearTo="/admin/login-history"
        refused={Object.keys(errors).length > 0}
      >
        <TextField {...field("email")} label="E-mail contains" type="search" maxLength={320} />
        <SelectField {...field("outcome")} label="Outcome" blank="All" options={OUTCOMES} />
        <DayField {...field("from")} label="From" />
        <DayField {...field("to")} label="To" />
        <SelectField
          name="per"
          id="filter-per"
          label="Attempts a page"
          blank="16"
          options={PER_PAGE}
          defaultValue={data.form.per === "50" ? "50" : ""}
          error={errors.per}
        />
      </FilterForm>
      <p>
        <a
          className="button button--small"
          href={`/admin/login-history/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
          download
        >
          Download CSV
        </a>
      </p>
      {data.rows.length === 0 ? (
        <p className="notice">No log-in attempts found.</p>
      ) : (
        <LoginAttemptsTable rows={data.rows} withUser label="Log-in attempts" />
      )}
      <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="attempt" />
    </AdminScreen>
  );
}
