import { Form } from "@remix-run/react";

/**
 * On every page while an admin views the portal as a customer's user (issue 20 item 6, decision 129): "Viewing as
 * {name} of {customer} — Stop". Stop is a plain form post, so it works without JavaScript.
 */
export function ViewAsBanner({ name, customer }: { name: string; customer: string }) {
  return (
    <section className="view-as-banner notice notice--info" aria-label="Viewing as another user">
      <Form method="post" action="/stop-view-as" reloadDocument>
        <p>
          Viewing as {name} of {customer} —{" "}
          <button type="submit" className="button button--small">
            Stop
          </button>
        </p>
      </Form>
    </section>
  );
}
