import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderErrorBoundary } from "~/components/order-error";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { despatchView } from "~/orders/order-view.server";
import { getDespatch } from "~/upstream/despatches.server";
import { idParam } from "~/utils/params.server";
import { page } from "~/auth/route-access";

export const access = page("viewOrderHistory");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Despatch ${data.despatch.tranId}` : "Despatch"} · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orderId = idParam(params.orderId);
  const despatch = await getDespatch(user.upstream, idParam(params.id));
  // a despatch reached through another order's address is not this order's
  if (despatch.order?.internalId !== orderId) throw new Response("Not found", { status: 404 });
  return { orderId, despatch: despatchView(despatch) };
}

export default function DespatchDetail() {
  const { orderId, despatch } = useLoaderData<typeof loader>();
  return (
    <article className="stack orders">
      <p>
        <Link to={`/order-history/${orderId}`}>Back to order {despatch.orderTranId}</Link>
      </p>
      <h1>Despatch {despatch.tranId}</h1>
      <dl className="order-facts">
        <dt>Order</dt>
        <dd>{despatch.orderTranId}</dd>
        <dt>Despatched on</dt>
        <dd>{despatch.date}</dd>
        <dt>Carrier</dt>
        <dd>{despatch.carrier || "—"}</dd>
        <dt>Tracking number</dt>
        <dd>{despatch.trackingNumber || "—"}</dd>
        <dt>Status</dt>
        <dd>{despatch.status || "—"}</dd>
      </dl>
      <section aria-labelledby="sent-heading">
        <h2 id="sent-heading">What was sent</h2>
        <ScrollingTable labelledBy="sent-heading" headings={["Product", "Quantity"]}>
          <tbody>
            {despatch.lines.map((line) => (
              <tr key={line.key}>
                <td>{line.name}</td>
                <td>{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      </section>
    </article>
  );
}

export const ErrorBoundary = () => <OrderErrorBoundary backTo="/order-history" backLabel="Back to order history" />;
