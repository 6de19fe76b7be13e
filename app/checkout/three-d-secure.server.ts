import { redirect, redirectDocument } from "@remix-run/node";
import { commitSession, flashToast, getSession, type ThreeDSecureHandOff } from "~/session/session.server";
import { allowFormAction, formTargetOrigin } from "~/http/form-action.server";

// SPEC §7: an order answer carrying threeDSUrl/cReq/transactionId is posted on to the card issuer. The page that posts
// it must be a document of its own: CSP form-action allows only this site, and a response can allow another origin
// for itself only (decision 006), while a form rendered after a JavaScript action lives in the document of the
// checkout page, whose policy was fixed when it loaded. So the checkout hands the challenge, in the encrypted session
// cookie, to /checkout/3-d-secure, reached by a full-document redirect with or without JavaScript.

export const THREE_D_SECURE_PATH = "/checkout/3-d-secure";
const NOT_OPENED =
  "Your card issuer's confirmation page could not be opened. Please try again or choose another way to pay.";

/** The answer to the checkout's post when the card issuer wants 3-D Secure: a document redirect to its own page. */
export async function threeDSecureRedirect(request: Request, handOff: ThreeDSecureHandOff): Promise<Response> {
  const session = await getSession(request);
  session.flash("threeDS", handOff);
  return redirectDocument(THREE_D_SECURE_PATH, {
    status: 303,
    headers: { "Set-Cookie": await commitSession(session) },
  });
}

/**
 * The 3-D Secure page's data: the challenge handed over (read once), with this response's form-action allowing the
 * issuer's origin. Without one (reloaded, bookmarked) or with an address that is not http(s), back to the checkout.
 */
export async function takeThreeDSecure(request: Request): Promise<{ handOff: ThreeDSecureHandOff; setCookie: string }> {
  const session = await getSession(request);
  const handOff = session.get("threeDS");
  if (!handOff) throw redirect("/checkout");
  if (formTargetOrigin(handOff.url) === null) {
    throw redirect("/checkout", {
      status: 303,
      headers: await flashToast(request, { kind: "error", message: NOT_OPENED }),
    });
  }
  allowFormAction(request, handOff.url);
  return { handOff, setCookie: await commitSession(session) };
}
