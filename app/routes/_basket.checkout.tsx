import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useState } from "react";
import { PaymentFieldset, useCardCheckout } from "~/components/card-checkout";
import { CheckoutFormEnd } from "~/components/checkout-form-end";
import { Choice } from "~/components/choice";
import { FieldError } from "~/components/field-error";
import { OrderSummary } from "~/components/order-summary";
import { ADDRESS_LINE_FIELDS, TextFields } from "~/components/text-field";
import { otherBasketText, WearerPackCheckout } from "~/components/wearer-pack-checkout";
import { NEW_ADDRESS } from "~/domain/address";
import basketStyles from "~/styles/basket.css?url";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { checkoutPageData, submitCheckout } from "~/checkout/checkout.server";
import { ordering } from "~/auth/route-access";

// ordering in the portal: within a punchout session the basket is transferred instead (issue 16 item 3)
export const access = ordering({ punchout: "ordering" });

// orders.css: the wearer-pack checkout shows each pack's delivery as order facts (decision 102)
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: basketStyles },
  { rel: "stylesheet", href: ordersStyles },
];
export const meta: MetaFunction = () => [{ title: "Checkout · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return checkoutPageData(await requireUser(request));
}

/** The summary's quote (intent=quote) changes nothing, so the page's data is not loaded again after it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "quote" ? false : defaultShouldRevalidate;

/** POST: place the order, or (intent=quote) price the summary for the delivery method posted (decision 085). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitCheckout(user, request);
}

type View = SerializeFrom<typeof loader>;
type Answer = SerializeFrom<typeof action>;

/** The basket of the selected type is ordered (decision 102): the wearer-pack basket's page, or the stock basket's. */
export default function CheckoutPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return view.kind === "manpack" ? (
    <WearerPackCheckout view={view} answer={answer} />
  ) : (
    <StockCheckout view={view} answer={answer} />
  );
}

function StockCheckout({ view, answer }: { view: Extract<View, { kind: "stock" }>; answer: Answer | undefined }) {
  const navigation = useNavigation();
  const [method, setMethod] = useState(view.paymentMethods[0]?.id ?? null);
  // with Stripe Elements a card order is paid first, then posted; without, the post goes to Stripe's hosted page
  const payment = useCardCheckout(view.paymentMethods.some((m) => m.id === method && m.card));
  const { hydrated } = payment;
  const submitting = navigation.state === "submitting" || payment.busy;
  const errors: Record<string, string> = answer?.fieldErrors ?? {};
  // what the last post gave back (a refused order, or "Update summary" without JavaScript): the form as it was sent
  const values = answer?.values ?? {};
  // the summary follows the delivery method: the fetcher's quote (JavaScript), else the post's, else the page's
  const quote = useFetcher<typeof action>({ key: "checkout-quote" });
  const requote = (shippingMethod: string) => quote.submit({ intent: "quote", shippingMethod }, { method: "post" });
  const totals = quote.data ? quote.data.totals : (answer?.totals ?? view.summary.totals);

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
        {view.otherBasketCount > 0 ? <p>{otherBasketText("wearer-pack", view.otherBasketCount)}</p> : null}
        <p>
          <Link to="/basket">Back to the basket</Link>
        </p>
      </div>
    );
  }

  const mode = view.addressMode;
  const defaultAddress = view.addresses[0];
  // no saved address to choose: the address is typed, with no "new address" choice to make
  const typedOnly = mode.typedOnly || (mode.canType && view.addresses.length === 0);
  // a saved address is offered as a choice when there are several, or one beside "Deliver to a new address"
  const savedChoices = typedOnly
    ? []
    : mode.canChoose
      ? view.addresses
      : mode.canType && defaultAddress
        ? [defaultAddress]
        : [];
  const chosenAddress = values.addressId ?? savedChoices[0]?.internalId;
  const firstShipMethod = view.shipMethods.find((m) => m.available)?.internalId;
  const chosenShipMethod = values.shippingMethod ?? firstShipMethod;
  const chosenPayment = values.paymentMethod ?? String(view.paymentMethods[0]?.id);
  return (
    <div className="checkout stack">
      <h1>Checkout</h1>
      {answer?.formError || payment.error ? (
        <p className="notice notice--error" role="alert">
          {payment.error ?? answer?.formError}
        </p>
      ) : null}
      <div className="checkout__layout">
        <OrderSummary
          lines={view.summary.lines}
          totals={totals}
          fallbackSubTotal={view.subTotalText}
          busy={quote.state !== "idle"}
        />
        <Form method="post" className="checkout__form stack" noValidate onSubmit={payment.onSubmit}>
          <input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
          {view.basketVersion == null ? null : <input type="hidden" name="basketVersion" value={view.basketVersion} />}

          <fieldset className="stack checkout__address">
            <legend>Delivery address</legend>
            {savedChoices.length ? (
              <div className="choices">
                {savedChoices.map((address) => (
                  <Choice
                    key={address.internalId}
                    name="addressId"
                    value={address.internalId}
                    defaultChecked={address.internalId === chosenAddress}
                    label={address.label}
                    detail={address.text}
                  />
                ))}
                {mode.canType ? (
                  <Choice
                    className="checkout__new-choice"
                    name="addressId"
                    value={NEW_ADDRESS}
                    defaultChecked={chosenAddress === NEW_ADDRESS}
                    label="Deliver to a new address"
                  />
                ) : null}
              </div>
            ) : !typedOnly && defaultAddress ? (
              <p>
                <strong>{defaultAddress.label}</strong>
                <br />
                {defaultAddress.text}
              </p>
            ) : null}
            {mode.canType ? (
              // shown only while "Deliver to a new address" is chosen (basket.css, :has); a browser without :has shows
              // it always, and the server reads it only when that choice is posted (decision 086)
              <div className="checkout__new-address stack">
                <TextFields
                  fields={[
                    { name: "addressee", label: "Name or department (optional)", autoComplete: "name" },
                    ...ADDRESS_LINE_FIELDS,
                  ]}
                  values={values}
                  errors={errors}
                />
              </div>
            ) : null}
            <FieldError id="addressId-error" message={errors.addressId} />
          </fieldset>

          <fieldset className="stack">
            <legend>Delivery method</legend>
            <div className="choices">
              {view.shipMethods.map((method) => (
                <Choice
                  key={method.internalId}
                  name="shippingMethod"
                  value={method.internalId}
                  defaultChecked={method.internalId === chosenShipMethod}
                  disabled={!method.available}
                  onChange={(event) => event.target.checked && requote(method.internalId)}
                  label={method.label}
                  detail={method.note}
                />
              ))}
            </div>
            <FieldError id="shippingMethod-error" message={errors.shippingMethod} />
            {/* without JavaScript the summary follows the delivery method by this post; with it, a fetcher does */}
            {hydrated ? null : (
              <button type="submit" name="intent" value="quote" className="button button--small">
                Update summary
              </button>
            )}
          </fieldset>

          <PaymentFieldset
            methods={view.paymentMethods}
            chosen={chosenPayment}
            onChoose={setMethod}
            payment={payment}
            stripeKey={view.stripeKey}
            notice={view.cardNotice ?? ""}
            error={errors.paymentMethod}
          />

          <CheckoutFormEnd
            values={values}
            errors={errors}
            instructions={view.instructions}
            needsApproval={view.needsApproval}
            submitting={submitting}
          />
        </Form>
      </div>
    </div>
  );
}
