import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { requireUser } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import { checkoutView, placeOrder } from "~/basket/checkout.server";
import { rememberLoadedSavedBasket } from "~/basket/saved-baskets.server";
import { FieldError } from "~/components/field-error";
import { TextField } from "~/components/text-field";
import { NEW_ADDRESS } from "~/domain/checkout";
import { formatMoney } from "~/domain/money";
import { invalidForm, parseForm } from "~/utils/forms.server";
import basketStyles from "~/styles/basket.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const meta: MetaFunction = () => [{ title: "Checkout · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return checkoutView(await requireUser(request));
}

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

const checkoutSchema = () =>
  z.object({
    idempotencyKey: z.string({ required_error: "Please reload the checkout page and try again." }).trim().min(8).max(200),
    addressId: z.string().trim().max(20).optional(),
    addressee: optionalText(200, "The name can be at most 200 characters"),
    addr1: optionalText(200, "The address line can be at most 200 characters"),
    addr2: optionalText(200, "The address line can be at most 200 characters"),
    city: optionalText(100, "The town can be at most 100 characters"),
    zip: optionalText(20, "The postcode can be at most 20 characters"),
    shippingMethod: z.string({ required_error: "Choose a delivery method" }).regex(/^\d{1,15}$/, "Choose a delivery method"),
    paymentMethod: z.coerce.number({ invalid_type_error: "Choose how to pay" }).int("Choose how to pay"),
    otherRefNum: optionalText(100, "Your reference can be at most 100 characters"),
    deliveryInstructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default(""),
  });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await parseForm(request, checkoutSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? "Please check the form.");
  const { addressee, addr1, addr2, city, zip, ...input } = form.data;
  const result = await placeOrder(user, request, { ...input, typed: { addressee, addr1, addr2, city, zip } });
  if (!result.ok) return invalidForm(result.fieldErrors, result.formError);

  const { order } = result;
  if (order.threeDSUrl) {
    // SPEC §7: the card issuer wants 3-D Secure; the page posts the challenge on (auto with JS, a button without)
    const threeDS = { url: order.threeDSUrl, cReq: order.cReq ?? "", transactionId: order.transactionId ?? "" };
    return data({ ok: true as const, fieldErrors: {}, formError: null, threeDS });
  }
  const headers = new Headers(await flashToast(request, { kind: "success", message: `Order ${order.tranId ?? order.internalId} placed` }));
  // the saved basket it came from is checked out now (chosenBasket); the next basket starts afresh
  headers.append("Set-Cookie", await rememberLoadedSavedBasket(null));
  throw redirect(`/order-complete?order=${encodeURIComponent(order.internalId)}`, { status: 303, headers });
}

export default function CheckoutPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors: Record<string, string> = answer?.fieldErrors ?? {};

  if (answer && "threeDS" in answer && answer.threeDS) return <ThreeDSecure {...answer.threeDS} />;

  if (view.lines.length === 0) {
    return (
      <div className="checkout stack">
        <h1>Checkout</h1>
        <p>Your basket is empty.</p>
        <p>
          <Link to="/basket">Back to the basket</Link>
        </p>
      </div>
    );
  }

  const mode = view.addressMode;
  const defaultAddress = view.addresses[0];
  return (
    <div className="checkout stack">
      <h1>Checkout</h1>
      {answer?.formError ? (
        <p className="notice notice--error" role="alert">
          {answer.formError}
        </p>
      ) : null}
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />

        <fieldset className="stack">
          <legend>Delivery address</legend>
          {mode.typedOnly ? null : mode.canChoose ? (
            view.addresses.map((address, index) => (
              <label key={address.internalId} className="checkout__choice">
                <input type="radio" name="addressId" value={address.internalId} defaultChecked={index === 0} />
                <span>
                  <strong>{address.label}</strong> {address.text}
                </span>
              </label>
            ))
          ) : defaultAddress ? (
            <p>
              <strong>{defaultAddress.label}</strong> {defaultAddress.text}
            </p>
          ) : null}
          {mode.canType ? (
            <>
              {mode.typedOnly ? null : (
                <label className="checkout__choice">
                  <input type="radio" name="addressId" value={NEW_ADDRESS} defaultChecked={view.addresses.length === 0} />
                  <span>Deliver to a new address</span>
                </label>
              )}
              <div className="checkout__new-address stack">
                <TextField name="addressee" label="Name or department (optional)" autoComplete="name" error={errors.addressee} />
                <TextField name="addr1" label="Address line 1" autoComplete="address-line1" error={errors.addr1} />
                <TextField name="addr2" label="Address line 2 (optional)" autoComplete="address-line2" error={errors.addr2} />
                <TextField name="city" label="Town or city" autoComplete="address-level2" error={errors.city} />
                <TextField name="zip" label="Postcode" autoComplete="postal-code" error={errors.zip} />
              </div>
            </>
          ) : null}
          <FieldError id="addressId-error" message={errors.addressId} />
        </fieldset>

        <fieldset className="stack">
          <legend>Delivery method</legend>
          {view.shipMethods.map((method, index) => (
            <label key={method.internalId} className="checkout__choice">
              <input type="radio" name="shippingMethod" value={method.internalId} defaultChecked={index === 0} />
              <span>{method.label}</span>
            </label>
          ))}
          <FieldError id="shippingMethod-error" message={errors.shippingMethod} />
        </fieldset>

        <fieldset className="stack">
          <legend>Payment</legend>
          {view.paymentMethods.map((method, index) => (
            <label key={method.id} className="checkout__choice">
              <input type="radio" name="paymentMethod" value={method.id} defaultChecked={index === 0} disabled={!method.available} />
              <span>
                {method.card ? `Card (${method.name})` : method.name}
                {method.available ? null : <span className="muted"> — not available at the moment</span>}
              </span>
            </label>
          ))}
          <FieldError id="paymentMethod-error" message={errors.paymentMethod} />
        </fieldset>

        <TextField name="otherRefNum" label="Your order reference (optional)" maxLength={100} error={errors.otherRefNum} />
        <div className="field">
          <label htmlFor="deliveryInstructions">Delivery instructions</label>
          <textarea id="deliveryInstructions" name="deliveryInstructions" rows={3} maxLength={2000} defaultValue={view.instructions} />
          <FieldError id="deliveryInstructions-error" message={errors.deliveryInstructions} />
        </div>

        <section aria-labelledby="checkout-summary" className="stack">
          <h2 id="checkout-summary">Your order</h2>
          <ul>
            {view.lines.map((line) => (
              <li key={line.productId}>
                {line.qty} × {line.name}
              </li>
            ))}
          </ul>
          <p>
            Subtotal {formatMoney(view.subTotal)}, plus delivery and VAT. The final prices are confirmed when the order is placed.
          </p>
          {view.needsApproval ? <p className="notice notice--info">Your orders need your supervisor&apos;s approval before they are sent.</p> : null}
        </section>

        <div>
          <button type="submit" className="button button--primary" disabled={submitting} aria-disabled={submitting || undefined}>
            {submitting ? "Placing order…" : "Place order"}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** SPEC §7/DESIGN §3: posts the 3-D Secure challenge to the card issuer; JavaScript submits it at once. */
function ThreeDSecure({ url, cReq, transactionId }: { url: string; cReq: string; transactionId: string }) {
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
