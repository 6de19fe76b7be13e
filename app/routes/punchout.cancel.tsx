import type { ActionFunctionArgs } from "@remix-run/node";
import stylesheet from "~/styles/app.css?url";
import { requireUser } from "~/auth/require-user.server";
import { answerPunchoutReturn } from "~/punchout/return.server";
import { page } from "~/auth/route-access";

export const access = page("user", { punchout: "only" });

// POST /punchout/cancel (issue 16 item 3; decision 111): an empty basket goes back to the procurement system, by the
// same kind of page as /punchout/transfer's; a GET lands on the basket as there.
export { loader } from "./punchout.transfer";

export async function action({ request, context }: ActionFunctionArgs) {
  return answerPunchoutReturn(request, await requireUser(request), "cancel", { nonce: context.cspNonce, stylesheet });
}
