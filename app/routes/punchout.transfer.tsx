import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import stylesheet from "~/styles/app.css?url";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { answerPunchoutReturn } from "~/punchout/return.server";
import { page } from "~/auth/route-access";

// the end of a punchout session, within one only (issue 16 items 3 to 5; decision 111)
export const access = page("user", { punchout: "only" });

// POST /punchout/transfer (issue 16 item 4; decision 111): the basket goes back to the procurement system. A resource
// route: its answer is a small page of its own whose CSP allows the return URL as a form-action (decision 006).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  // transferring ends the session, so it is a post only; a typed-in address lands on the basket
  return redirect("/basket");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return answerPunchoutReturn(request, user, "transfer", { nonce: context.cspNonce, stylesheet });
}
