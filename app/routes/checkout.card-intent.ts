import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { cardIntentAnswer, wearerPackCardIntentAnswer } from "~/checkout/card-payment.server";
import { checkoutFieldsSchema } from "~/checkout/checkout.server";
import { wearerPackFieldsSchema } from "~/checkout/wearer-pack-checkout.server";
import { parseForm } from "~/utils/forms.server";
import { ordering } from "~/auth/route-access";

export const access = ordering({ punchout: "ordering" });

// POST /checkout/card-intent (JavaScript only): the checkout page asks for the Stripe PaymentIntent its card form
// confirms. The amount is the provider's quote for the upstream basket (decision 078), never taken from the browser;
// the wearer-pack checkout's form (basket=manpack) is charged the wearer-pack quote (decision 106).
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const posted = await request
    .clone()
    .formData()
    .catch(() => null);
  if (posted?.get("basket") === "manpack") {
    const form = await parseForm(request, wearerPackFieldsSchema());
    if (!form.ok)
      return Response.json(
        { ok: false, fieldErrors: form.fieldErrors, formError: form.formError ?? "Please check the form." },
        { status: 400 },
      );
    return wearerPackCardIntentAnswer(user, form.data);
  }
  const form = await parseForm(request, checkoutFieldsSchema());
  if (!form.ok)
    return Response.json(
      { ok: false, fieldErrors: form.fieldErrors, formError: form.formError ?? "Please check the form." },
      { status: 400 },
    );
  return cardIntentAnswer(user, form.data);
}

export async function loader({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return new Response("Not found", { status: 404 });
}
