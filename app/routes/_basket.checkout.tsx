import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import type { CardHandle } from "~/components/card-payment";
import { FieldError } from "~/components/field-error";
import { TextField } from "~/components/text-field";
import { NEW_ADDRESS } from "~/domain/checkout";
import basketStyles from "~/styles/basket.css";

// Stripe's glue loads only when a card is chosen: it is not part of the page's first JavaScript (DESIGN §6)
const CardField = lazy(() => import("~/components/card-payment"));

export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const meta: MetaFunction = () => [{ title: "Checkout · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { checkoutPageData } = await import("~/checkout/checkout.server");
  return checkoutPageData(await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { submitCheckout } = await import("~/checkout/checkout.server");
  const user = await requireUser(request);
  return submitCheckout(user, request);
}

export default function CheckoutPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [method, setMethod] = useState(view.paymentMethods.find((m) => m.available)?.id ?? null);
  const chosenCard = view.paymentMethods.some((m) => m.id === method && m.card && m.available);
  const card = useRef<CardHandle | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [cardState, setCardState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const submitting = navigation.state === "submitting" || cardState.busy;
  const errors: Record<string, string> = answer?.fieldErrors ?? {};

  // With Stripe Elements on the page a card order is paid first (card-payment.tsx), then the form posts with the
  // PaymentIntent's id; without the card field the post goes to Stripe's hosted page instead
  async function payByCard(event: FormEvent<HTMLFormElement>) {
    const cardForm = card.current;
    if (!chosenCard || !cardForm?.ready) return;
    event.preventDefault();
    const formElement = event.currentTarget;
    setCardState({ busy: true, error: null });
    const paid = await cardForm.pay(formElement);
    setCardState({ busy: false, error: paid.ok ? null : paid.message });
    if (paid.ok) submit(paid.body, { method: "post" });
  }

  if (view.lines.length === 0) {
    // e.g. "This basket has already been ordered (SO100123)…" after another tab placed it (decision 074)
    return (
      <div className="checkout stack">
        <h1>Checkout</h1>
        {answer?.formError ? (
          <p className="notice notice--error" role="alert">
            {answer.formError}
          </p>
        ) : null}
        <p>Your basket is empty.</p>
        <p>
          <Link to="/basket">Back to the basket</Link>
        </p>
      </div>
    );
  }

  const mode = view.addressMode;
  const defaultAddress = view.addresses[0];
  const firstShipMethod = view.shipMethods.find((m) => m.available)?.internalId;
  return (
    <div className="checkout stack">
      <h1>Checkout</h1>
      {answer?.formError || cardState.error ? (
        <p className="notice notice--error" role="alert">
          {cardState.error ?? answer?.formError}
        </p>
      ) : null}
      <Form method="post" className="stack" noValidate onSubmit={payByCard}>
        <input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
        {view.basketVersion == null ? null : <input type="hidden" name="basketVersion" value={view.basketVersion} />}

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
          {view.shipMethods.map((method) => (
            <label key={method.internalId} className="checkout__choice">
              <input
                type="radio"
                name="shippingMethod"
                value={method.internalId}
                defaultChecked={method.internalId === firstShipMethod}
                disabled={!method.available}
                aria-describedby={method.note ? `shippingMethod-${method.internalId}-note` : undefined}
              />
              <span>
                {method.label}
                {method.note ? (
                  <span className="muted" id={`shippingMethod-${method.internalId}-note`}>
                    {" "}
                    — {method.note}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
          <FieldError id="shippingMethod-error" message={errors.shippingMethod} />
        </fieldset>

        <fieldset className="stack">
          <legend>Payment</legend>
          {view.paymentMethods.map((option, index) => (
            <label key={option.id} className="checkout__choice">
              <input
                type="radio"
                name="paymentMethod"
                value={option.id}
                defaultChecked={index === 0}
                disabled={!option.available}
                onChange={(event) => event.target.checked && setMethod(option.id)}
              />
              <span>
                {option.card ? `Card (${option.name})` : option.name}
                {option.available ? null : <span className="muted"> — not available at the moment</span>}
              </span>
            </label>
          ))}
          {view.stripeKey && view.paymentMethods.some((m) => m.card && m.available) ? (
            <div className="stack">
              {/* Stripe Elements mounts the card field here once a card is chosen; until then (and without JavaScript)
                  the card details are taken on Stripe's own page */}
              {hydrated && chosenCard ? (
                <Suspense fallback={<p className="muted">{view.cardNotice}</p>}>
                  <CardField publishableKey={view.stripeKey} notice={view.cardNotice} handle={card} />
                </Suspense>
              ) : (
                <p className="muted">{view.cardNotice}</p>
              )}
            </div>
          ) : null}
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
            Subtotal {view.subTotalText}, plus delivery and VAT. The final prices are confirmed when the order is placed.
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

