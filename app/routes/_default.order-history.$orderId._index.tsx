import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AmendAddressForm, OrderDetail, ReorderForm } from "~/components/order-detail";
import { OrderErrorBoundary } from "~/components/order-error";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { loadOrderDetail } from "~/orders/order-detail.server";
import { redirect } from "@remix-run/node";
import { flashToast } from "~/session/session.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { amendOrderAddress } from "~/upstream/orders.server";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";
import { idParam } from "~/utils/params.server";
import { z } from "zod";
import { page } from "~/auth/route-access";

export const access = page("viewOrderHistory", { actionNeeds: "amendOrderDeliveryAddress" });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Order ${data.order.tranId}` : "Order"} · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadOrderDetail(user, params.orderId, { amend: true });
}

// a function given zod, imported inside the action, so zod stays on the server (decision 002): a top-level import of
// zod kept it in this page's browser bundle (13.5 KB gzip)
const amendSchema = (z: typeof import("zod").z, idField: typeof import("~/utils/forms.server").idField) =>
  z.object({
    intent: z.literal("amend-address", { errorMap: () => ({ message: "This form cannot be handled here" }) }),
    addressId: idField("Choose a delivery address"),
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const orderId = idParam(params.orderId);
  const form = await parseForm(request, amendSchema(z, idField));
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? form.fieldErrors.intent ?? null);
  try {
    await amendOrderAddress(user.upstream, orderId, form.data.addressId);
  } catch (error) {
    // refused upstream (despatched meanwhile, not the customer's address): say why; nothing changed
    return refusalForm(refusal(error, 400, 403, 404, 409));
  }
  return redirect(`/order-history/${orderId}`, {
    headers: await flashToast(request, { kind: "success", message: "Delivery address changed" }),
  });
}

export default function OrderHistoryDetail() {
  const { order, canReorder, addressOptions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <p className="print-hidden">
        <Link to="/order-history">Back to order history</Link> ·{" "}
        {/* a plain link to the resource route: a download with JavaScript on or off (decision 163) */}
        <a href={`/order-history/${order.id}/pdf`} download>
          Download PDF
        </a>
      </p>
      <OrderDetail
        order={order}
        despatchBase={`/order-history/${order.id}`}
        addressForm={addressOptions ? <AmendAddressForm options={addressOptions} actionData={actionData} /> : null}
      >
        {canReorder ? <ReorderForm orderId={order.id} /> : null}
      </OrderDetail>
    </>
  );
}

export const ErrorBoundary = () => <OrderErrorBoundary backTo="/order-history" backLabel="Back to order history" />;
