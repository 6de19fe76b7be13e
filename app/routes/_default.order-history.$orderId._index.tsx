import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/require-user.server";
import { OrderDetail, ReorderForm } from "~/components/order-detail";
import { OrderErrorBoundary } from "~/components/order-error";
import { loadOrderDetail } from "~/orders/order-detail.server";
import ordersStyles from "~/styles/orders.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Order ${data.order.tranId}` : "Order"} · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { permission: "viewOrderHistory" });
  return loadOrderDetail(user, params.orderId);
}

export default function OrderHistoryDetail() {
  const { order, canReorder } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/order-history">Back to order history</Link>
      </p>
      <OrderDetail order={order} despatchBase={`/order-history/${order.id}`}>
        {canReorder ? <ReorderForm orderId={order.id} /> : null}
      </OrderDetail>
    </>
  );
}

export const ErrorBoundary = () => <OrderErrorBoundary backTo="/order-history" backLabel="Back to order history" />;
