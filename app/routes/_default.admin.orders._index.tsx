import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DayField, FilterForm, SelectField } from "~/components/form-fields";
import { OrderTable, orderColumns, type OrderColumn } from "~/components/order-list";
import { Pagination } from "~/components/pagination";
import { TextField } from "~/components/text-field";
import { fieldProps } from "~/components/field-props";
import { AdminScreen, adminPage } from "~/components/admin-page";
import type { OrderSummary } from "~/orders/order-view.server";
import { data } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { adminOrdersPageData } from "~/admin/admin-orders.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({
  to: "/admin/orders",
  label: "Orders (all customers)",
  group: "Sales and promotions",
});

export const { meta, links, headers } = adminPage("Orders (all customers) · Admin");

export async function loader({ request }: LoaderFunctionArgs) {
  const found = await adminOrdersPageData(await requireUser(request), new URL(request.url));
  // a filter the form could not have sent: its message under its field, no orders, answered 400
  return Object.keys(found.errors).length > 0 ? data(found, { status: 400 }) : found;
}

type Row = OrderSummary & { customer: string };

/** The order history's columns with the customer after the order number; each order opens under /admin/orders. */
function adminColumns(): OrderColumn<Row>[] {
  const [order, ...rest] = orderColumns("/admin/orders") as OrderColumn<Row>[];
  return [order, { header: "Customer", cell: (o) => o.customer }, ...rest];
}

/** /admin/orders (issue 20 item 7): every customer's orders, searched by a GET form, 16 a page. */
export default function AdminOrders() {
  const data = useLoaderData<typeof loader>();
  const errors: Partial<Record<string, string>> = data.errors;
  const field = fieldProps(data.form, errors, "filter-");
  return (
    <AdminScreen title="Orders (all customers)">
      <FilterForm
        label="Search orders"
        submit="Search orders"
        clearTo="/admin/orders"
        refused={Object.keys(errors).length > 0}
      >
        <TextField {...field("tranId")} label="Order number contains" type="search" maxLength={60} />
        <TextField {...field("reference")} label="Reference contains" type="search" maxLength={60} />
        <SelectField {...field("customerId")} label="Customer" blank="All" options={data.customers} />
        <SelectField {...field("status")} label="Status" blank="All" options={data.statuses} />
        <DayField {...field("from")} label="Placed from" />
        <DayField {...field("to")} label="Placed to" />
      </FilterForm>
      <OrderTable
        rows={data.orders}
        columns={adminColumns()}
        caption="Orders of every customer"
        empty="No orders found."
      />
      <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="order" />
    </AdminScreen>
  );
}
