import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ApprovalForms } from "~/components/approval-forms";
import { OrderDetail } from "~/components/order-detail";
import { OrderErrorBoundary } from "~/components/order-error";
// Guard: every loader and action starts with requireUser; the access table makes this an approver screen (decision 057).
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { loadOrderDetail } from "~/orders/order-detail.server";
import { redirect } from "@remix-run/node";
import { flashToast } from "~/session/session.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { decideOrder } from "~/upstream/orders.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { idParam } from "~/utils/params.server";
import { z } from "zod";
import { page } from "~/auth/route-access";

export const access = page("approver");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Approve order ${data.order.tranId}` : "Order"} · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadOrderDetail(await requireUser(request), params.orderId);
}

// a function given zod, imported in the action, so zod stays on the server (decision 002)
const decisionSchema = (z: typeof import("zod").z) =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("approve"),
        // optional: it becomes the order's picking note upstream (issue 14 item 8); blank is no note
        pickingNote: z
          .string()
          .trim()
          .max(2000, "Keep the picking note under 2000 characters")
          .optional()
          .transform((note) => note || undefined),
      }),
      z.object({
        intent: z.literal("reject"),
        note: z
          .string({ required_error: "Enter a rejection note for the requester" })
          .trim()
          .min(1, "Enter a rejection note for the requester")
          .max(2000, "Keep the rejection note under 2000 characters"),
      }),
    ],
    { errorMap: () => ({ message: "Choose Approve or Reject" }) },
  );

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const orderId = idParam(params.orderId);
  const form = await parseForm(request, decisionSchema(z));
  // an unknown intent is no field of the page: it is said above the forms
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? form.fieldErrors.intent ?? null);
  try {
    const decided = await decideOrder(
      user.upstream,
      orderId,
      form.data.intent === "approve"
        ? { decision: "approve", ...(form.data.pickingNote ? { note: form.data.pickingNote } : {}) }
        : { decision: "reject", note: form.data.note },
    );
    const message = `Order ${decided.tranId} ${form.data.intent === "approve" ? "approved" : "rejected"}`;
    return redirect("/order-to-approve", { headers: await flashToast(request, { kind: "success", message }) });
  } catch (error) {
    // refused upstream (already decided, not theirs to decide, gone): say why, change nothing
    return refusalForm(refusal(error, 400, 403, 404, 409));
  }
}

export default function OrderToApprove() {
  const { order } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/order-to-approve">Back to orders to approve</Link>
      </p>
      <OrderDetail order={order} referenceLabel="Requester's reference">
        {order.canBeDecided || actionData ? <ApprovalForms actionData={actionData} /> : null}
      </OrderDetail>
    </>
  );
}

export const ErrorBoundary = () => (
  <OrderErrorBoundary backTo="/order-to-approve" backLabel="Back to orders to approve" />
);
