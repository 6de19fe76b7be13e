import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { data } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { takeThreeDSecure } from "~/checkout/three-d-secure.server";
import { ordering } from "~/auth/route-access";

export const access = ordering({ punchout: "ordering" });

// /checkout/3-d-secure: posts the card issuer's 3-D Secure challenge on (SPEC §7, DESIGN §3). A document of its own,
// so that its CSP form-action allows the issuer's origin (decision 006); JavaScript submits the form at once,
// without it the Continue button does.
export const meta: MetaFunction = () => [{ title: "Confirm your card payment · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const { handOff, setCookie } = await takeThreeDSecure(request);
  return data(handOff, { headers: { "Set-Cookie": setCookie } });
}

export default function ThreeDSecurePage() {
  const { url, cReq, transactionId } = useLoaderData<typeof loader>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.submit(), []);
  return (
    <div className="checkout stack">
      <h1>Confirm your card payment</h1>
      <p>Your card issuer needs to confirm this payment. You will come back here afterwards.</p>
      <form ref={form} method="post" action={url}>
        <input type="hidden" name="creq" value={cReq} />
        <input type="hidden" name="threeDSSessionData" value={transactionId} />
        <button type="submit" className="button button--primary">
          Continue
        </button>
      </form>
    </div>
  );
}
