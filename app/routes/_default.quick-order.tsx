import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { useEffect, useRef } from "react";
import type { LineReport } from "~/basket/quick-order.server";
import { FieldError } from "~/components/field-error";
import { LineTable } from "~/components/line-table";
import { QUICK_ORDER_MAX_LINES } from "~/domain/quick-order-lines";
import basketStyles from "~/styles/basket.css?url";
import quickOrderStyles from "~/styles/quick-order.css?url";
import { countOf } from "~/domain/plural";
import { requireUser } from "~/auth/require-user.server";
import { submitQuickOrder } from "~/basket/quick-order.server";
import { ordering } from "~/auth/route-access";

export const access = ordering({
  requires: ["stockCatalogue"],
  nav: [{ to: "/quick-order", label: "Quick order", group: "Ordering" }],
});

export const meta: MetaFunction = () => [{ title: "Quick order · Workwear ordering portal" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: basketStyles },
  { rel: "stylesheet", href: quickOrderStyles },
];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return submitQuickOrder(await requireUser(request), request);
}

export default function QuickOrderPage() {
  const { answer, errors, busy } = useFormAnswer<typeof action>("submitting");
  const report = answer && answer.ok ? answer : null;
  const kept = report?.kept ?? [];
  const form = useRef<HTMLFormElement>(null);
  // with JavaScript the page stays put: once lines went in, the box holds only the lines that did not (its new
  // default), so a second click cannot add the others again; the file field is emptied too
  useEffect(() => {
    if (answer && answer.ok && answer.added > 0) form.current?.reset();
  }, [answer]);
  return (
    <div className="stack quick-order">
      <h1>Quick order</h1>
      <p className="muted">
        Add several products at once by product code: one line each, the code then the quantity (for example{" "}
        <code>HV100-YEL-M, 5</code>). Up to {QUICK_ORDER_MAX_LINES} lines.
      </p>

      {report ? <QuickOrderReport report={report.report} added={report.added} /> : null}

      <Form ref={form} method="post" encType="multipart/form-data" className="stack" noValidate>
        <div className="field">
          <label htmlFor="quick-order-lines">
            {kept.length ? "Lines not added: correct them and add again" : "Product codes and quantities"}
          </label>
          <div className={kept.length ? "quick-order__box quick-order__box--kept" : "quick-order__box"}>
            <textarea
              // a new answer gives the box new lines: the ones that did not go in (issue 34 item 5)
              key={kept.map((line) => line.text).join("\n")}
              id="quick-order-lines"
              name="lines"
              rows={Math.min(Math.max(8, kept.length + 1), 20)}
              spellCheck={false}
              defaultValue={kept.map((line) => line.text).join("\n")}
              aria-describedby={
                [kept.length ? "quick-order-reasons" : null, errors.lines ? "quick-order-lines-error" : null]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            />
            {kept.length ? (
              <ol id="quick-order-reasons" className="quick-order__reasons" aria-label="Why each line was not added">
                {kept.map((line, i) => (
                  <li key={`${i}-${line.text}`}>
                    <code>{line.text}</code> <span>{line.reason}</span>
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
          <FieldError id="quick-order-lines-error" message={errors.lines} />
        </div>
        <div className="field">
          <label htmlFor="quick-order-file">Or upload a CSV file (code, qty)</label>
          <input
            id="quick-order-file"
            name="file"
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby={errors.file ? "quick-order-file-error" : undefined}
          />
          <FieldError id="quick-order-file-error" message={errors.file} />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          Add to basket
        </button>
      </Form>
    </div>
  );
}

function QuickOrderReport({ report, added }: { report: LineReport[]; added: number }) {
  const refused = report.length - added;
  return (
    <section aria-labelledby="quick-order-report" className="stack">
      <h2 id="quick-order-report">What was added</h2>
      <p role="status" className={`notice ${added ? "notice--success" : "notice--error"}`}>
        {countOf(added, "line")} added to your basket
        {refused ? `, ${refused} not added` : ""}.
      </p>
      <LineTable
        className="report-table quick-order__report"
        columns={["Line", "Code", "Quantity", "Product", "Result"]}
      >
        {report.map((line) => (
          <tr key={line.row}>
            <td data-label="Line">{line.row}</td>
            <td data-label="Code" className="quick-order__code">
              {line.code}
            </td>
            <td data-label="Quantity">{line.qty}</td>
            <td data-label="Product">{line.name ?? ""}</td>
            <td data-label="Result">{line.added ? "Added" : `Not added: ${line.reason}`}</td>
          </tr>
        ))}
      </LineTable>
      {added ? (
        <p>
          <Link to="/basket">Go to your basket</Link>
        </p>
      ) : null}
    </section>
  );
}
