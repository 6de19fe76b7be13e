import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { LineReport } from "~/basket/quick-order.server";
import { FieldError } from "~/components/field-error";
import { LineTable } from "~/components/line-table";
import { QUICK_ORDER_MAX_LINES } from "~/domain/quick-order-lines";
import basketStyles from "~/styles/basket.css";

export const meta: MetaFunction = () => [{ title: "Quick order · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { submitQuickOrder } = await import("~/basket/quick-order.server");
  return submitQuickOrder(await requireUser(request), request);
}

export default function QuickOrderPage() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = answer && !answer.ok ? answer.fieldErrors : {};
  const report = answer && answer.ok ? answer : null;
  const form = useRef<HTMLFormElement>(null);
  // with JavaScript the page stays put: once lines went in, clear the form so a second click cannot add them again
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
          <label htmlFor="quick-order-lines">Product codes and quantities</label>
          <textarea
            id="quick-order-lines"
            name="lines"
            rows={8}
            spellCheck={false}
            aria-describedby={errors.lines ? "quick-order-lines-error" : undefined}
          />
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
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
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
        {added} {added === 1 ? "line" : "lines"} added to your basket
        {refused ? `, ${refused} not added` : ""}.
      </p>
      <LineTable className="report-table" columns={["Line", "Code", "Quantity", "Product", "Result"]}>
        {report.map((line) => (
          <tr key={line.row}>
            <td>{line.row}</td>
            <td>{line.code}</td>
            <td>{line.qty}</td>
            <td>{line.name ?? ""}</td>
            <td>{line.added ? "Added" : `Not added: ${line.reason}`}</td>
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
