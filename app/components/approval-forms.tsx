import { Form, useNavigation } from "@remix-run/react";
import { Field } from "./text-field";

export type ApprovalActionData =
  { ok: false; fieldErrors: Record<string, string>; formError: string | null } | undefined;

/**
 * 'Approve' and 'Reject' as two plain forms: they work without JavaScript. An approval may carry a note for the
 * warehouse (the order's picking note); a rejection needs one for the requester. Both are e-mailed to the requester.
 */
export function ApprovalForms({ actionData }: { actionData: ApprovalActionData }) {
  const busy = useNavigation().state === "submitting";
  const pickingError = actionData?.fieldErrors.pickingNote;
  const rejectionError = actionData?.fieldErrors.note;
  return (
    <section className="order-panel stack" aria-labelledby="decision-heading">
      <h2 id="decision-heading">Your decision</h2>
      {actionData?.formError ? (
        <p className="notice notice--error" role="alert">
          {actionData.formError}
        </p>
      ) : null}
      <div className="approval-forms">
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="approve" />
          <Field
            id="picking-note"
            label="Picking note (optional)"
            hint="Sent to the warehouse with the order."
            error={pickingError}
            control={(aria) => <textarea name="pickingNote" maxLength={2000} {...aria} />}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            Approve
          </button>
        </Form>
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="reject" />
          <Field
            id="rejection-note"
            label="Rejection note"
            error={rejectionError}
            control={(aria) => <textarea name="note" maxLength={2000} {...aria} />}
          />
          <button type="submit" className="button" disabled={busy}>
            Reject
          </button>
        </Form>
      </div>
    </section>
  );
}
