import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderDetail } from "~/components/order-detail";
import { adminErrorBoundary, adminPage } from "~/components/admin-page";
import { requireUser } from "~/auth/require-user.server";
import { adminOrderDetailData } from "~/admin/admin-orders.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen();

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Order ${data.order.tranId}` : "Order"} · Admin · Workwear ordering portal` },
];
export const { links, headers } = adminPage();

export async function loader({ request, params }: LoaderFunctionArgs) {
  return adminOrderDetailData(await requireUser(request), params.orderId);
}

/** /admin/orders/{orderId} (issue 20 item 7): any customer's order, as the order history shows it, with its customer and who placed it. */
export default function AdminOrderDetail() {
  const { order, customer, placedBy } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/admin/orders">Back to orders (all customers)</Link>
      </p>
      <OrderDetail order={order} referenceLabel="Customer's reference">
        <dl className="order-facts" aria-label="Customer and who placed it">
          <dt>Customer</dt>
          <dd>{customer?.name ?? "Not recorded"}</dd>
          <dt>Placed by</dt>
          <dd>
            {placedBy ? (
              <Link to={`/admin/user/${placedBy.id}`}>{`${placedBy.name} (${placedBy.email})`}</Link>
            ) : (
              "Not recorded"
            )}
          </dd>
        </dl>
      </OrderDetail>
    </>
  );
}

export const ErrorBoundary = adminErrorBoundary(
  "The order",
  [{ to: "/admin/orders", label: "Back to orders (all customers)" }],
  "There is no order with this id.",
);
