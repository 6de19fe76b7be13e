import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { cardIntentAnswer } from "~/checkout/card-payment.server";
import { checkoutFieldsSchema } from "~/checkout/checkout.server";
import { parseForm } from "~/utils/forms.server";

// POST /checkout/card-intent (JavaScript only): the checkout page asks for the Stripe PaymentIntent its card form
// confirms. The amount is the provider's quote for the upstream basket (decision 078), never taken from the browser.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await parseForm(request, checkoutFieldsSchema());
  if (!form.ok) return Response.json({ ok: false, fieldErrors: form.fieldErrors, formError: form.formError ?? "Please check the form." }, { status: 400 });
  return cardIntentAnswer(user, form.data);
}

export async function loader({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return new Response("Not found", { status: 404 });
}
