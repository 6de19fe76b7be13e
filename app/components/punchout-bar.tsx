import { Form } from "@remix-run/react";
import type { ChromeData } from "~/chrome.server";

// The header's punchout bar (issue 16 item 3; decision 111). Both forms are plain document posts (reloadDocument): the
// answer is a page of its own whose CSP allows the procurement system's return URL as a form-action, which a page
// rendered in this document (its CSP fixed when it loaded) could not.

/** The form that hands the basket back: "Transfer basket", or for inspect "Return to your procurement system". */
export function TransferBasketForm({ inspect = false, className }: { inspect?: boolean; className?: string }) {
  return (
    <Form method="post" action="/punchout/transfer" reloadDocument className={className}>
      <button type="submit" className="button button--primary button--small">
        {inspect ? "Return to your procurement system" : "Transfer basket"}
      </button>
    </Form>
  );
}

export function PunchoutBar({ punchout }: { punchout: NonNullable<ChromeData["punchout"]> }) {
  const inspect = punchout.operation === "inspect";
  return (
    <section className="punchout-bar notice notice--info" aria-label="Punchout session">
      <p>
        <strong>Punchout session</strong>
        {inspect
          ? " · you are viewing a basket from your procurement system; it cannot be changed here"
          : " · your basket goes back to your procurement system"}
      </p>
      <div className="punchout-bar__actions">
        <TransferBasketForm inspect={inspect} />
        {inspect ? null : (
          <Form method="post" action="/punchout/cancel" reloadDocument>
            <button type="submit" className="button button--small button--ghost">
              Cancel
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
