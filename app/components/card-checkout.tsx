import { useSubmit } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import type { CardHandle } from "./card-payment";
import { Choice } from "./choice";
import type { PaymentOption } from "~/domain/payment";
import { FieldError } from "./field-error";

// Paying by card on a checkout page, stock or wearer packs (decisions 072, 106): with Stripe Elements on the page a
// card order is paid first (card-payment.tsx), then the form posts with the PaymentIntent's id; without the card field
// (no JavaScript, or Stripe.js did not load) the post goes to Stripe's hosted page instead.

// Stripe's glue loads only when a card is chosen: it is not part of the page's first JavaScript (DESIGN §6)
const CardField = lazy(() => import("./card-payment"));

/** The checkout form's card payment: its submit handler, whether it is busy, the card's refusal, and hydration. */
export function useCardCheckout(chosenCard: boolean) {
  const submit = useSubmit();
  const card = useRef<CardHandle | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const cardForm = card.current;
    if (!chosenCard || !cardForm?.ready) return;
    event.preventDefault();
    const formElement = event.currentTarget;
    setState({ busy: true, error: null });
    const paid = await cardForm.pay(formElement);
    setState({ busy: false, error: paid.ok ? null : paid.message });
    if (paid.ok) submit(paid.body, { method: "post" });
  }
  return { card, hydrated, busy: state.busy, error: state.error, onSubmit, chosenCard };
}

/**
 * Where the card is taken: Stripe Elements once a card is chosen (after hydration); until then, and without
 * JavaScript, the notice that the card details are taken on Stripe's own page.
 */
export function CardPaymentSlot({
  payment,
  stripeKey,
  notice,
}: {
  payment: ReturnType<typeof useCardCheckout>;
  stripeKey: string;
  notice: string;
}) {
  return (
    <div className="stack">
      {payment.hydrated && payment.chosenCard ? (
        <Suspense fallback={<p className="muted">{notice}</p>}>
          <CardField publishableKey={stripeKey} notice={notice} handle={payment.card} />
        </Suspense>
      ) : (
        <p className="muted">{notice}</p>
      )}
    </div>
  );
}

/** The checkout's payment choices, stock or wearer packs: a radio a method, then where a chosen card is taken. */
export function PaymentFieldset(props: {
  methods: readonly PaymentOption[];
  chosen: string;
  onChoose: (id: number) => void;
  payment: ReturnType<typeof useCardCheckout>;
  stripeKey: string | null;
  notice: string;
  error?: string;
}) {
  const { methods, chosen, onChoose, payment, stripeKey, notice, error } = props;
  return (
    <fieldset className="stack">
      <legend>Payment</legend>
      <div className="choices">
        {methods.map((option) => (
          <Choice
            key={option.id}
            name="paymentMethod"
            value={option.id}
            defaultChecked={String(option.id) === chosen}
            onChange={(event) => event.target.checked && onChoose(option.id)}
            label={option.card ? `Card (${option.name})` : option.name}
          />
        ))}
      </div>
      {stripeKey && methods.some((m) => m.card) ? (
        <CardPaymentSlot payment={payment} stripeKey={stripeKey} notice={notice} />
      ) : null}
      <FieldError id="paymentMethod-error" message={error} />
    </fieldset>
  );
}
