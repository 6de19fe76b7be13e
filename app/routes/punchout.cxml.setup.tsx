import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cxmlPost, cxmlResponse, messageIds, onlyPost } from "~/punchout/cxml-http.server";
import { setupResponse } from "~/punchout/cxml-messages.server";
import { parseSetupRequest } from "~/punchout/cxml.server";
import { punchoutSetup } from "~/upstream/punchout.server";
import { page } from "~/auth/route-access";

// the punchout entry points (issue 16 items 1, 2, 3, 7; decision 109): public, authenticated by the shared secret
// or the single-use start token, never by the guard chain
export const access = page("anyone");

// POST /punchout/cxml/setup (issue 16 item 1, decision 109): a procurement system's PunchOutSetupRequest, server to
// server. Public: it authenticates by the Sender's shared secret, which the provider checks (decision 107), and is
// exempt from the same-site check on posts. Every answer is cXML, refusals included.

// public route: anything but POST is answered 405 in cXML.
export function loader({ request }: LoaderFunctionArgs) {
  return onlyPost(request);
}

// public route: the Sender's shared secret is the credential, checked by the provider (decision 107).
export function action({ request, context }: ActionFunctionArgs) {
  return cxmlPost(request, parseSetupRequest, async (parsed) => {
    const { startToken } = await punchoutSetup(request, parsed.request, context?.clientIp);
    // the portal's public origin is the one this request reached it on (through trusted proxies only; decision 109)
    const startUrl = `${new URL(request.url).origin}/punchout/start/${encodeURIComponent(startToken)}`;
    return cxmlResponse(setupResponse({ ...messageIds(request), startUrl }), 200);
  });
}
