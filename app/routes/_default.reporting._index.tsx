import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { Choice } from "~/components/choice";
import { FieldError, FormError } from "~/components/field-error";
import { CheckboxList, SubmitRow } from "~/components/form-fields";
import { TextField } from "~/components/text-field";
import { IntentButton } from "~/components/intent-button";
import { PendingRefresh, usePolledData } from "~/components/report-polling";
import { ScrollingTable } from "~/components/scrolling-table";
import basketStyles from "~/styles/basket.css?url";
import ordersStyles from "~/styles/orders.css?url";
import reportingStyles from "~/styles/reporting.css?url";
import { requireUser } from "~/auth/require-user.server";
import { reportingPageData, submitReporting } from "~/reports/reporting.server";
import { page } from "~/auth/route-access";

// reporting (issue 19, decision 124): viewReporting, as the /reporting path row; the downloads below the same path
export const access = page("viewReporting", { nav: [{ to: "/reporting", label: "Reporting", group: "Orders" }] });

export const meta: MetaFunction = () => [{ title: "Reporting · Workwear ordering portal" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: basketStyles },
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: reportingStyles },
];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return reportingPageData(user, new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitReporting(await requireUser(request), request);
}

/** /reporting (issue 19 items 1 and 2): ask for a report, then follow its task until it can be read and downloaded. */
export default function Reporting() {
  const loaded = useLoaderData<typeof loader>();
  const data = usePolledData(loaded, (d) => d.pending, true);
  const { refused, busy } = useFormAnswer<typeof action>("submitting");
  const errors: Partial<Record<string, string>> = refused ? refused.fieldErrors : data.errors;
  const values = refused ? refused.values : data.values;
  const describe = (field: string) => (errors[field] ? `${field}-error` : undefined);
  return (
    <section className="stack reporting">
      <h1>Reporting</h1>
      <FormError id="report-form-error" message={refused?.formError} />
      {/* keyed by the values it is drawn with (the address's, or a refusal's), so a pre-filling link, the employee
          search or a refusal redraws the form with them: by the data, not the address, which changes a render before
          the polled data follows it */}
      <Form
        method="post"
        className="stack report-form"
        noValidate
        key={`${JSON.stringify(values)}|${refused ? "refused" : ""}`}
        aria-labelledby="report-form-title"
      >
        <h2 id="report-form-title">Ask for a report</h2>
        <input type="hidden" name="intent" value="create" />
        <fieldset aria-describedby={describe("type")}>
          <legend>Report</legend>
          <FieldError id="type-error" message={errors.type} />
          <div className="choices">
            {data.types.map((t) => (
              <Choice
                key={t.value}
                name="type"
                value={t.value}
                label={t.label}
                detail={t.description}
                defaultChecked={values.type === t.value}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Dates, as day/month/year (by the day each order was placed)</legend>
          <div className="report-form__dates">
            {(["from", "to"] as const).map((name) => (
              <TextField
                key={name}
                name={name}
                id={`report-${name}`}
                label={name === "from" ? "From" : "To"}
                type="date"
                defaultValue={values[name]}
                error={errors[name]}
              />
            ))}
          </div>
          <p className="muted">A report covers at most 24 months.</p>
        </fieldset>
        <CheckboxList
          name="departments"
          legend="Departments"
          hint="None ticked: every department."
          options={data.departments}
          chosen={values.departments}
          error={errors.departments}
        />
        <CheckboxList
          name="employees"
          legend="Employees"
          hint="None ticked: every employee."
          options={data.employees}
          chosen={values.employees}
          error={errors.employees}
          search={
            data.employeeSearch ? <EmployeeSearch {...data.employeeSearch} shown={data.employees.length} /> : null
          }
        />
        <SubmitRow busy={busy}>Run report</SubmitRow>
      </Form>

      <h2 id="report-tasks-title">Your reports</h2>
      {data.pending ? <PendingRefresh text="A report is still running; this list updates when it finishes." /> : null}
      {data.tasks.length === 0 ? (
        <p>You have not asked for any reports yet.</p>
      ) : (
        <ScrollingTable labelledBy="report-tasks-title" headings={["Report", "Filters", "Asked at", "State"]}>
          <tbody>
            {data.tasks.map((task) => (
              <tr key={task.taskId}>
                <th scope="row">
                  {task.state === "success" ? <Link to={`/reporting/${task.taskId}`}>{task.label}</Link> : task.label}
                </th>
                <td>
                  <ul className="report-tasks__filters">
                    {task.filters.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </td>
                <td>{task.askedAt}</td>
                <td>
                  <TaskState task={task} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
    </section>
  );
}

type Task = ReturnType<typeof useLoaderData<typeof loader>>["tasks"][number];

/** A task's state: running, or ready with its result and the two files, or failed with its reason and Run again. */
function TaskState({ task }: { task: Task }) {
  if (task.state === "pending") return <span>Running…</span>;
  if (task.state === "failed") {
    return (
      <div className="report-tasks__actions">
        <span className="report-state--failed">Failed: {task.reason ?? "the report could not be finished"}</span>
        <IntentButton intent="retry" fields={{ taskId: task.taskId }} label={`Run ${task.label} again`}>
          Run again
        </IntentButton>
      </div>
    );
  }
  return (
    <div className="report-tasks__actions">
      <Link to={`/reporting/${task.taskId}`} aria-label={`View ${task.label} (${task.askedAt})`}>
        View
      </Link>
      <a href={`/reporting/${task.taskId}/export.csv`} download aria-label={`Download ${task.label} as CSV`}>
        CSV
      </a>
      <a href={`/reporting/${task.taskId}/export.xlsx`} download aria-label={`Download ${task.label} as Excel`}>
        Excel
      </a>
    </div>
  );
}

/**
 * The employee search of a long list (issue 34 item 7): its button sends the whole form as a GET to this page, so the
 * list comes back narrowed and everything typed or ticked is kept (the loader pre-fills from the address). Being the
 * form's first button, it is also what Enter sends: a report is only ever asked for by its own button.
 */
function EmployeeSearch({ text, total, shown }: { text: string; total: number; shown: number }) {
  return (
    <div className="field report-form__employee-search">
      <label htmlFor="employee-search">Find employees by name or reference</label>
      <div className="report-form__employee-search-row">
        <input id="employee-search" name="employeeSearch" type="search" defaultValue={text} maxLength={100} />
        <button type="submit" className="button" formMethod="get" formAction="/reporting" formNoValidate>
          Find
        </button>
      </div>
      {text ? (
        <p className="muted" role="status">
          {shown} of {total} employees shown for “{text}” (ticked ones stay).
        </p>
      ) : null}
    </div>
  );
}
