import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { orderPdf } from "~/orders/order-pdf.server";
import { page } from "~/auth/route-access";

export const access = page("viewOrderHistory");

// Resource route: the order as a PDF to keep (issue 34 item 9, decision 163); the detail page's guard and data.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { reference, bytes } = await orderPdf(user, params.orderId);
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="order-${reference.replace(/[^A-Za-z0-9_-]/g, "")}.pdf"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
}
