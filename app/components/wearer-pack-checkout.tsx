import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { SummaryTotals } from "~/checkout/checkout.server";
import { PaymentFieldset, useCardCheckout } from "./card-checkout";
import { CheckoutFormEnd } from "./checkout-form-end";
import { OrderSummary } from "./order-summary";
import { OverAllowanceNotice } from "./over-allowance-notice";
import { countOf } from "~/domain/plural";

/** The wearer-pack checkout's data as the loader gives it (wearer-pack-checkout.server.ts). */
export type WearerPackCheckoutView = {
  kind: "manpack";
  idempotencyKey: string;
  basketVersion: number | null;
  packs: Array<{
    contactId: string;
    name: string;
    lines: Array<{ productId: string; name: string; options: string[]; qty: number; amountText: string }>;
    address: { internalId: string; label: string; text: string } | null;
    addressIsDefault: boolean;
    methodText: string;
    methodIsDefault: boolean;
    subTotalText: string | null;
    /** The provider's words for each allowance this pack overspends: the order would be refused. */
    overAllowance: string[];
  }>;
  otherBasketCount: number;
  instructions: string;
  totals: SummaryTotals | null;
  paymentMethods: Array<{ id: number; name: string; card: boolean }>;
  /** The browser's Stripe key when cards are offered (decision 106), else null. */
  stripeKey: string | null;
  cardNotice: string;
  needsApproval: boolean;
};

type Answer =
  | {
      ok: boolean;
      fieldErrors: Record<string, string>;
      formError: string | null;
      values?: Record<string, string | undefined>;
    }
  | undefined;

/** The empty basket's page names the other basket when it holds something: it is ordered once chosen (decision 102). */
export function otherBasketText(other: "stock" | "wearer-pack", count: number): string {
  return `Your ${other} basket has ${countOf(count, "item")}: choose it on the basket page to check it out.`;
}

/**
 * The checkout of the wearer-pack basket (issue 15 item 6, decision 102): each wearer's pack as the basket holds it,
 * read-only (its delivery is chosen on the basket page), payment, an order reference and the wearer-pack delivery
 * instructions; one post places the order, with or without JavaScript. By card (decision 106) as a stock order: with
 * Stripe Elements the card is paid first and the form posts with the PaymentIntent's id; without, the post goes to
 * Stripe's hosted page.
 */
export function WearerPackCheckout({ view, answer }: { view: WearerPackCheckoutView; answer: Answer }) {
  const navigation = useNavigation();
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  const chosenPayment = values.paymentMethod ?? String(view.paymentMethods[0]?.id);
  const [method, setMethod] = useState(chosenPayment);
  const payment = useCardCheckout(view.paymentMethods.some((m) => String(m.id) === method && m.card));
  const submitting = navigation.state === "submitting" || payment.busy;
  const formError = payment.error ?? answer?.formError;
  const error = formError ? (
    <p className="notice notice--error" role="alert">
      {formError}
    </p>
  ) : null;

  if (view.packs.length === 0) {
    return (
      <div className="checkout stack">
        <h1>Checkout</h1>
        {error}
        <p>Your wearer-pack basket is empty.</p>
        {view.otherBasketCount > 0 ? <p>{otherBasketText("stock", view.otherBasketCount)}</p> : null}
        <p>
          <Link to="/basket">Back to the basket</Link>
        </p>
      </div>
    );
  }

  const summaryLines = view.packs.flatMap((pack) =>
    pack.lines.map((line) => ({
      ...line,
      productId: `${pack.contactId}-${line.productId}`,
      name: `${line.name} for ${pack.name}`,
    })),
  );
  return (
    <div className="checkout stack">
      <h1>Checkout: wearer packs</h1>
      {error}
      <div className="checkout__layout">
        <OrderSummary lines={summaryLines} totals={view.totals} fallbackSubTotal="—" busy={false} />
        <Form method="post" className="checkout__form stack" noValidate onSubmit={payment.onSubmit}>
          <input type="hidden" name="basket" value="manpack" />
          <input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
          {view.basketVersion == null ? null : <input type="hidden" name="basketVersion" value={view.basketVersion} />}

          <section className="stack" aria-labelledby="wearer-packs-heading">
            <h2 id="wearer-packs-heading">Wearer packs</h2>
            {view.packs.map((pack) => (
              <section key={pack.contactId} className="stack" aria-labelledby={`pack-${pack.contactId}`}>
                <h3 id={`pack-${pack.contactId}`}>{pack.name}</h3>
                <OverAllowanceNotice
                  name={pack.name}
                  messages={pack.overAllowance}
                  consequence="and the order would be refused: change it in the basket"
                />
                <ul>
                  {pack.lines.map((line) => (
                    <li key={line.productId}>
                      {line.qty} × {line.name}
                      {line.options.length ? ` (${line.options.join(", ")})` : ""}
                    </li>
                  ))}
                </ul>
                <dl className="order-facts">
                  <dt>Delivery address</dt>
                  <dd>
                    {pack.address ? (
                      <>
                        <strong>{pack.address.label}</strong>
                        {pack.address.text ? <>, {pack.address.text}</> : null}
                        {pack.addressIsDefault ? " (the default address)" : null}
                      </>
                    ) : (
                      "No delivery address"
                    )}
                  </dd>
                  <dt>Delivery method</dt>
                  <dd>{pack.methodText}</dd>
                </dl>
              </section>
            ))}
            <p>
              <Link to="/basket">Change in the basket</Link>
            </p>
          </section>

          <PaymentFieldset
            methods={view.paymentMethods}
            chosen={chosenPayment}
            onChoose={(id) => setMethod(String(id))}
            payment={payment}
            stripeKey={view.stripeKey}
            notice={view.cardNotice}
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
