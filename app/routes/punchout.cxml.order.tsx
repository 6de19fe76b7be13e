import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cxmlPost, cxmlStatus, onlyPost } from "~/punchout/cxml-http.server";
import { parseOrderRequest } from "~/punchout/cxml.server";
import { punchoutOrder } from "~/upstream/punchout.server";
import { page } from "~/auth/route-access";

export const access = page("anyone");

// POST /punchout/cxml/order (issue 16 item 7, decision 109): the purchase order (cXML OrderRequest) for a basket a
// punchout session transferred, server to server with the setup's credentials, which the provider checks. It
// becomes an order upstream, matched to the transferred lines, once per orderID + payloadID. Answers are cXML.
// Public route: no portal session (the procurement system's server calls it); the Sender's shared secret is the
// credential, and the provider checks it and the session's transfer before anything is written.

// public route: anything but POST is answered 405 in cXML.
export function loader({ request }: LoaderFunctionArgs) {
  return onlyPost(request);
}

// public route: the Sender's shared secret is the credential, checked by the provider (decision 109).
export function action({ request, context }: ActionFunctionArgs) {
  return cxmlPost(request, parseOrderRequest, async ({ order }) => {
    // a change or cancellation of an order is not something the provider can do from a purchase order
    if (order.type !== "new") {
      return cxmlStatus(
        request,
        400,
        `OrderRequestHeader@type "${order.type}" is not accepted: only new orders can be sent. Contact customer services to change an order.`,
      );
    }
    const answer = await punchoutOrder(request, order, context?.clientIp);
    const message = answer.duplicate
      ? `Order ${answer.orderNumber || answer.orderId} was already received for this purchase order.`
      : `Order ${answer.orderNumber || answer.orderId} received.`;
    return cxmlStatus(request, 200, message);
  });
}
