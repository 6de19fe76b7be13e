import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { OrderTable, orderColumns } from "~/components/order-list";
import { Pagination } from "~/components/pagination";
import { ORDER_STATUS_FILTERS, statusFilterOf } from "~/domain/order-status";
import type { OrderHistoryData } from "~/orders/history.server";
import ordersStyles from "~/styles/orders.css";

export const meta: MetaFunction = () => [{ title: "Order history · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { data } = await import("@remix-run/node");
  const { requireUser } = await import("~/auth/require-user.server");
  const { orderHistoryData } = await import("~/orders/history.server");
  const user = await requireUser(request);
  const history = await orderHistoryData(user, new URL(request.url));
  // a filter the form could not have sent: the page, its reason and an empty list, answered 400 (issue 11 item 9)
  return history.filterError ? data(history, { status: 400 }) : history;
}

export default function OrderHistory() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const exportParams = new URLSearchParams(location.search);
  exportParams.delete("page");
  const exportQuery = exportParams.toString();
  return (
    <section className="stack orders">
      <h1>Order history</h1>
      {data.filterError ? (
        <p className="notice notice--error" role="alert" id="filter-error">
          {data.filterError}
        </p>
      ) : null}
      <HistoryFilters data={data} />
      <p>
        <a className="button button--small" href={`/order-history/export.csv${exportQuery ? `?${exportQuery}` : ""}`} download>
          Download CSV
        </a>
      </p>
      <OrderTable rows={data.orders} columns={orderColumns("/order-history")} caption="Your orders" empty="No orders found." />
      <Pagination page={data.page} pages={data.pageCount} total={data.total} noun="orders" />
    </section>
  );
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: Array<{ value: string; label: string }> }) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date filter: text in the format dates are shown in (SPEC §5), which its hint names (decision 091). */
function DayField({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <input
        id={`filter-${name}`}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        size={10}
        maxLength={10}
        defaultValue={value}
        aria-describedby={`filter-${name}-hint`}
      />
      <p className="muted field__hint" id={`filter-${name}-hint`}>
        {DAY_HINT}
      </p>
    </div>
  );
}

const DAY_HINT = "dd.mm.yy, for example 31.03.26";

// A GET form: the filters live in the URL, so they work without JavaScript and survive a reload.
function HistoryFilters({ data }: { data: OrderHistoryData }) {
  const { form, options } = data;
  const location = useLocation();
  return (
    <Form method="get" className="order-filters" key={location.search} aria-label="Filter orders">
      {/* the labels users see, one each (SPEC §4); the provider is asked for every status behind the chosen one */}
      <Select name="status" label="Status" value={statusFilterOf(form.status) ?? form.status} options={ORDER_STATUS_FILTERS.map((s) => ({ value: s, label: s }))} />
      <DayField name="from" label="Created from" value={form.from} />
      <DayField name="to" label="Created to" value={form.to} />
      <div className="field">
        <label htmlFor="filter-q">Ordered by, reference or order number</label>
        <input id="filter-q" name="q" type="search" defaultValue={form.q} maxLength={100} />
      </div>
      <Select name="employee" label="Employee" value={form.employee} options={options.employees} />
      <Select name="department" label="Department" value={form.department} options={options.departments} />
      <Select name="depot" label="Depot" value={form.depot} options={options.depots} />
      <div className="field">
        <label htmlFor="filter-sort">Sort by date</label>
        <select id="filter-sort" name="sort" defaultValue={form.sort}>
          <option value="-createdDate">Newest first</option>
          <option value="createdDate">Oldest first</option>
        </select>
      </div>
      <div className="order-filters__actions">
        <button type="submit" className="button button--primary">
          Filter orders
        </button>
        <Link to="/order-history">Clear filters</Link>
      </div>
    </Form>
  );
}
