import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { OrderTable, orderColumns, type OrderColumn } from "~/components/order-list";
import { Pagination } from "~/components/pagination";
import type { OrderSummary } from "~/orders/order-view.server";
import ordersStyles from "~/styles/orders.css";

export const meta: MetaFunction = () => [{ title: "Orders (all customers) · Admin · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { data } = await import("@remix-run/node");
  const { requireUser } = await import("~/auth/require-user.server");
  const { adminOrdersPageData } = await import("~/upstream/admin-orders.server");
  const found = await adminOrdersPageData(await requireUser(request), new URL(request.url));
  // a filter the form could not have sent: its message under its field, no orders, answered 400
  return Object.keys(found.errors).length > 0 ? data(found, { status: 400 }) : found;
}

const DAY_HINT = "dd.mm.yy, for example 31.03.26";

type Row = OrderSummary & { customer: string };

/** The order history's columns with the customer after the order number; each order opens under /admin/orders. */
function adminColumns(): OrderColumn<Row>[] {
  const [order, ...rest] = orderColumns("/admin/orders") as OrderColumn<Row>[];
  return [order, { header: "Customer", cell: (o) => o.customer }, ...rest];
}

/** /admin/orders (issue 20 item 7): every customer's orders, searched by a GET form, 16 a page. */
export default function AdminOrders() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const errors: Partial<Record<string, string>> = data.errors;
  const described = (field: string, hint?: string) => [hint, errors[field] ? `filter-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const invalid = (field: string) => (errors[field] ? true : undefined);
  return (
    <section className="stack orders">
      <h1>Orders (all customers)</h1>
      <Form method="get" className="order-filters" key={location.search} aria-label="Search orders" noValidate>
        <div className="field">
          <label htmlFor="filter-tranId">Order number contains</label>
          <input id="filter-tranId" name="tranId" type="search" maxLength={60} defaultValue={data.form.tranId} aria-invalid={invalid("tranId")} aria-describedby={described("tranId")} />
          <FieldError id="filter-tranId-error" message={errors.tranId} />
        </div>
        <div className="field">
          <label htmlFor="filter-reference">Reference contains</label>
          <input id="filter-reference" name="reference" type="search" maxLength={60} defaultValue={data.form.reference} aria-invalid={invalid("reference")} aria-describedby={described("reference")} />
          <FieldError id="filter-reference-error" message={errors.reference} />
        </div>
        <div className="field">
          <label htmlFor="filter-customerId">Customer</label>
          <select id="filter-customerId" name="customerId" defaultValue={data.form.customerId} aria-invalid={invalid("customerId")} aria-describedby={described("customerId")}>
            <option value="">All</option>
            {data.customers.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="filter-customerId-error" message={errors.customerId} />
        </div>
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={data.form.status} aria-invalid={invalid("status")} aria-describedby={described("status")}>
            <option value="">All</option>
            {data.statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <FieldError id="filter-status-error" message={errors.status} />
        </div>
        {(["from", "to"] as const).map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`filter-${name}`}>{name === "from" ? "Placed from" : "Placed to"}</label>
            <input
              id={`filter-${name}`}
              name={name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              size={10}
              maxLength={10}
              defaultValue={data.form[name]}
              aria-invalid={invalid(name)}
              aria-describedby={described(name, `filter-${name}-hint`)}
            />
            <p className="muted field__hint" id={`filter-${name}-hint`}>
              {DAY_HINT}
            </p>
            <FieldError id={`filter-${name}-error`} message={errors[name]} />
          </div>
        ))}
        <div className="order-filters__actions">
          <button type="submit" className="button button--primary">
            Search orders
          </button>
          <Link to="/admin/orders">Clear filters</Link>
        </div>
      </Form>
      <OrderTable rows={data.orders} columns={adminColumns()} caption="Orders of every customer" empty="No orders found." />
      <Pagination page={data.page} pages={data.pageCount} total={data.total} noun={data.total === 1 ? "order" : "orders"} />
    </section>
  );
}
