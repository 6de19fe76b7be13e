import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { DayField, FilterForm, SelectField } from "~/components/form-fields";
import { OrderTable, orderColumns } from "~/components/order-list";
import { Pagination } from "~/components/pagination";
import { TextField } from "~/components/text-field";
import { ORDER_STATUS_FILTERS, statusFilterOf } from "~/domain/order-status";
import type { OrderHistoryData } from "~/orders/history.server";
import ordersStyles from "~/styles/orders.css?url";
import { data } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { orderHistoryData } from "~/orders/history.server";
import { page } from "~/auth/route-access";

// orders
export const access = page("viewOrderHistory", {
  nav: [{ to: "/order-history", label: "Order history", group: "Orders" }],
});

export const meta: MetaFunction = () => [{ title: "Order history · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
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
        <a
          className="button button--small"
          href={`/order-history/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
          download
        >
          Download CSV
        </a>
      </p>
      <OrderTable
        rows={data.orders}
        columns={orderColumns("/order-history")}
        caption="Your orders"
        empty={<NoOrders data={data} />}
      />
      <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="order" />
    </section>
  );
}

/** No orders: with filters, the way back to all of them; without, where to go to place one (decision 166). */
function NoOrders({ data }: { data: OrderHistoryData }) {
  const { sort: _sort, ...filters } = data.form;
  if (data.filterError || Object.values(filters).some((value) => value !== ""))
    return (
      <EmptyState steps={[{ to: "/order-history", label: "Show all your orders" }]}>
        No orders match these filters.
      </EmptyState>
    );
  return <EmptyState steps={data.emptySteps}>You have not placed any orders yet.</EmptyState>;
}

const SORTS = [
  { value: "-createdDate", label: "Newest first" },
  { value: "createdDate", label: "Oldest first" },
];

/** The filters picked from what the customer's orders hold, "All" first. */
const PICKED_FILTERS = [
  { name: "employee", label: "Employee" },
  { name: "department", label: "Department" },
  { name: "depot", label: "Depot" },
] as const;

function HistoryFilters({ data }: { data: OrderHistoryData }) {
  const { form, options } = data;
  return (
    <FilterForm
      label="Filter orders"
      submit="Filter orders"
      clearTo="/order-history"
      refused={Boolean(data.filterError)}
    >
      {/* the labels users see, one each (SPEC §4); the provider is asked for every status behind the chosen one */}
      <SelectField
        name="status"
        id="filter-status"
        label="Status"
        blank="All"
        defaultValue={statusFilterOf(form.status) ?? form.status}
        options={ORDER_STATUS_FILTERS.map((s) => ({ value: s, label: s }))}
      />
      <DayField name="from" id="filter-from" label="Created from" defaultValue={form.from} />
      <DayField name="to" id="filter-to" label="Created to" defaultValue={form.to} />
      <TextField
        name="q"
        id="filter-q"
        label="Ordered by, reference or order number"
        type="search"
        defaultValue={form.q}
        maxLength={100}
      />
      {PICKED_FILTERS.map(({ name, label }) => (
        <SelectField
          key={name}
          name={name}
          id={`filter-${name}`}
          label={label}
          blank="All"
          defaultValue={form[name]}
          options={options[`${name}s`]}
        />
      ))}
      <SelectField name="sort" id="filter-sort" label="Sort by date" defaultValue={form.sort} options={SORTS} />
    </FilterForm>
  );
}
