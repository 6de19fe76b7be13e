import { Form, Link } from "@remix-run/react";
import { TextField } from "./text-field";
import { countOf } from "~/domain/plural";

export type PickableCustomer = { id: string; name: string; userCount?: number };

/**
 * Step 1 of an admin screen that works on one customer (/admin/view-as, /admin/my-catalogue): a GET search by name
 * (?q=), then the customers found as links that add ?customerId= (the search kept), the chosen one marked current.
 * Plain links and a GET form, so it works without JavaScript. The list is the first page of the provider's answer
 * (searchCustomers in app/admin/admin-session.server.ts); past it, the line under it says how many are not shown.
 */
export function CustomerPicker({
  q,
  customers,
  total,
  chosenId,
}: {
  q: string;
  customers: PickableCustomer[];
  total: number;
  chosenId: string | undefined;
}) {
  const to = (customerId: string) => `?${new URLSearchParams({ ...(q ? { q } : {}), customerId })}`;
  return (
    <>
      <h2>1. Choose a customer</h2>
      <Form method="get" className="stack" role="search" aria-label="Customers">
        <TextField name="q" label="Customer name contains" type="search" maxLength={100} defaultValue={q} />
        <div>
          <button type="submit" className="button">
            Find customers
          </button>
        </div>
      </Form>
      {customers.length === 0 ? (
        <p>No customer&apos;s name contains “{q}”.</p>
      ) : (
        <ul className="view-as__customers">
          {customers.map((c) => (
            <li key={c.id}>
              <Link to={to(c.id)} aria-current={chosenId === c.id ? "true" : undefined}>
                {c.name}
              </Link>
              {c.userCount === undefined ? null : (
                <>
                  {" "}
                  <span className="muted">({countOf(c.userCount, "user")})</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <MoreThanShown shown={customers.length} total={total} what="customers" />
    </>
  );
}

/** Under a search's first results: how many of how many are shown, when the search found more than fit. */
export function MoreThanShown({ shown, total, what }: { shown: number; total: number; what: string }) {
  return total > shown ? (
    <p className="muted">
      Showing {shown} of {total} {what}: narrow the search to see the others.
    </p>
  ) : null;
}
