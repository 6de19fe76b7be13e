import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { cardChargeFor, payerOf } from "~/basket/checkout.server";
import { checkoutFieldsSchema } from "~/basket/checkout-form.server";
import { checkoutMetadata } from "~/domain/card-amount";
import { createCardIntent } from "~/upstream/payments.server";
import { parseForm } from "~/utils/forms.server";

// POST /checkout/card-intent (JavaScript only): the checkout page asks for the Stripe PaymentIntent its card form
// confirms. The amount is worked out here from the upstream basket, never taken from the browser.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await parseForm(request, checkoutFieldsSchema());
  if (!form.ok) return Response.json({ ok: false, fieldErrors: form.fieldErrors, formError: form.formError ?? "Please check the form." }, { status: 400 });
  const charge = await cardChargeFor(user, request, form.data);
  if (!charge.ok) return Response.json(charge, { status: 400 });
  const intent = await createCardIntent({
    pence: charge.pence,
    idempotencyKey: form.data.idempotencyKey,
    metadata: checkoutMetadata(form.data, payerOf(user)),
  });
  return Response.json({ ok: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id }, { headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return new Response("Not found", { status: 404 });
}
