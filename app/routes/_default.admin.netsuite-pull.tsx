import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FieldError, FormError } from "~/components/field-error";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { requireUser } from "~/auth/require-user.server";
import { netsuitePullPageData, submitNetsuitePull } from "~/admin/admin-erp.server";
import { adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/netsuite-pull", label: "ERP pull", group: "Product data" });

// /admin/netsuite-pull (issue 21 item 4, decision 134): what the ERP pull imports and from where; "Pull now" queues
// an import job (POST /api/admin/erp-import) and goes on to /admin/sync-status; "Upload feed" keeps a feed file in the
// provider's database for whichever machine runs the pull (issue 33 item 4, decision 156). Evolve users only.
export const { meta, links, headers } = adminPage("ERP pull · Admin");

export async function loader({ request }: LoaderFunctionArgs) {
  return netsuitePullPageData(await requireUser(request));
}

export const action = adminAction(submitNetsuitePull);

export default function NetsuitePull() {
  const { source, runs, uploadLimit } = useLoaderData<typeof loader>();
  const { errors, formError, busy } = useFormAnswer<typeof action>();
  return (
    <AdminScreen title="ERP pull">
      <p>
        The pull reads the ERP&apos;s feed and brings the catalogue in step with it: products and their variants (codes,
        names, sizes, colours), prices and stock. A product not yet in the catalogue is added; a bad row is skipped and
        listed with its reason, and nothing of its product is written. The same feed twice changes nothing the second
        time. One pull runs at a time; a pull asked for while one waits is that one.
      </p>
      <h2>Where from</h2>
      <p>
        <strong>{source.line}</strong>
      </p>
      <dl className="order-summary">
        <dt>File</dt>
        <dd>
          {source.file} ({source.format})
        </dd>
        {source.kind === "directory" ? (
          <>
            <dt>Found</dt>
            <dd>{source.exists ? "Yes" : "No: the pull would fail"}</dd>
          </>
        ) : null}
        {source.exists ? (
          <>
            <dt>{source.kind === "upload" ? "Uploaded" : "Last changed"}</dt>
            <dd>{source.changedAt ?? "—"}</dd>
            <dt>Size</dt>
            <dd>{source.size ?? "—"}</dd>
            <dt>Products in the feed</dt>
            <dd>{source.products ?? "—"}</dd>
          </>
        ) : null}
        {source.rowProblems !== null ? (
          <>
            <dt>Rows that cannot be read</dt>
            <dd>{source.rowProblems}</dd>
          </>
        ) : null}
      </dl>
      <Form method="post">
        <input type="hidden" name="intent" value="pull" />
        <button type="submit" className="button button--primary" disabled={busy}>
          Pull now
        </button>
      </Form>
      <h2>Upload a feed</h2>
      <p>
        An uploaded feed is kept by the provider, so whichever machine runs the pull reads it; it is the feed from then
        on, in place of the directory. The file is checked as it is uploaded.
      </p>
      <Form method="post" encType="multipart/form-data" className="stack" noValidate>
        <input type="hidden" name="intent" value="upload" />
        <div className="field">
          <label htmlFor="erp-feed-file">Feed file (JSON, at most {uploadLimit})</label>
          <input
            id="erp-feed-file"
            name="feed"
            type="file"
            accept=".json,application/json"
            aria-describedby={errors.feed ? "erp-feed-file-error" : undefined}
          />
          <FieldError id="erp-feed-file-error" message={errors.feed} />
        </div>
        <FormError id="erp-feed-form-error" message={formError} />
        <button type="submit" className="button" disabled={busy}>
          Upload feed
        </button>
      </Form>
      <h2>Latest runs</h2>
      {runs.length === 0 ? (
        <p>No pull has run yet.</p>
      ) : (
        <ul>
          {runs.map((r) => (
            <li key={r.id}>
              <Link to={`/admin/sync-status/${r.id}`}>Run {r.id}</Link>: {r.statusWords}, queued {r.queuedAt}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/admin/sync-status">All runs (sync status)</Link>
      </p>
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary("The ERP pull", [{ to: "/admin/sync-status", label: "Sync status" }]);
