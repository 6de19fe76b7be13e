import { useEffect, useRef, useState } from "react";

// Stripe Elements on the checkout page (issue 6), loaded only when a card is chosen and card payments are on.
// If Stripe.js cannot load, nothing is mounted and the form posts as without JavaScript: the server sends the
// buyer to Stripe's hosted payment page instead.

const STRIPE_JS = "https://js.stripe.com/v3/";

type CardElement = { mount(target: HTMLElement): void; clear(): void; destroy(): void };
type ConfirmResult = { error?: { message?: string }; paymentIntent?: { id: string; status: string } };
type StripeClient = {
  elements(): { create(kind: "card", options?: Record<string, unknown>): CardElement };
  confirmCardPayment(clientSecret: string, data: { payment_method: { card: CardElement } }): Promise<ConfirmResult>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeClient;
  }
}

let loading: Promise<void> | null = null;
function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("Stripe.js did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** What the checkout's submit handler needs from the card field. */
export type CardHandle = {
  ready: boolean;
  /**
   * Pays for the checkout in this form: the server makes the PaymentIntent for the basket, Stripe confirms the card
   * (and runs 3-D Secure), the card field is cleared (SPEC §4); the form's fields to post, with the intent's id.
   */
  pay(form: HTMLFormElement): Promise<{ ok: true; body: FormData } | { ok: false; message: string }>;
};

async function payWith(card: CardForm, form: HTMLFormElement): ReturnType<CardHandle["pay"]> {
  type IntentAnswer = { ok: boolean; clientSecret?: string; formError?: string | null };
  const answer: IntentAnswer = await fetch("/checkout/card-intent", { method: "POST", body: new FormData(form) })
    .then((response) => response.json() as Promise<IntentAnswer>)
    .catch(() => ({ ok: false, formError: "The payment could not be started. Please try again." }));
  if (!answer.ok || !answer.clientSecret) return { ok: false, message: answer.formError ?? "Please check the form." };
  const paid = await card.confirm(answer.clientSecret);
  card.clear();
  if (!paid.ok) return paid;
  const body = new FormData(form);
  body.set("paymentIntentId", paid.paymentIntentId);
  return { ok: true, body };
}

/**
 * The card field (loaded by the checkout only when a card is chosen, so Stripe's glue is not in the page's first
 * JavaScript): Stripe Elements mounted in a labelled group, and the hosted-page notice until it is ready.
 */
export default function CardField({
  publishableKey,
  notice,
  handle,
}: {
  publishableKey: string;
  notice: string;
  handle: React.MutableRefObject<CardHandle | null>;
}) {
  const card = useCardForm(publishableKey, true);
  handle.current = { ready: card.ready, pay: (form) => payWith(card, form) };
  useEffect(() => () => void (handle.current = null), [handle]);
  return (
    <>
      <div ref={card.target} className="checkout__card" aria-label="Card details" role="group" hidden={!card.ready} />
      {card.ready ? null : <p className="muted">{notice}</p>}
    </>
  );
}

export type CardForm = {
  /** The element the card field is mounted into. */
  target: React.RefObject<HTMLDivElement>;
  /** True once the card field is on the page. */
  ready: boolean;
  /** Confirms the PaymentIntent with the typed card (Stripe runs 3-D Secure itself); the intent id or a message. */
  confirm(clientSecret: string): Promise<{ ok: true; paymentIntentId: string } | { ok: false; message: string }>;
  /** SPEC §4: the payment details are cleared on submit. */
  clear(): void;
};

export function useCardForm(publishableKey: string | null, wanted: boolean): CardForm {
  const target = useRef<HTMLDivElement>(null);
  const stripe = useRef<StripeClient | null>(null);
  const card = useRef<CardElement | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!publishableKey || !wanted || card.current) return;
    let cancelled = false;
    loadStripeJs()
      .then(() => {
        if (cancelled || !window.Stripe || !target.current) return;
        stripe.current = window.Stripe(publishableKey);
        card.current = stripe.current.elements().create("card", { hidePostalCode: true });
        card.current.mount(target.current);
        setReady(true);
      })
      .catch(() => setReady(false));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, wanted]);

  return {
    target,
    ready: ready && wanted,
    async confirm(clientSecret) {
      if (!stripe.current || !card.current) return { ok: false, message: "The card form is not ready yet." };
      const result = await stripe.current.confirmCardPayment(clientSecret, { payment_method: { card: card.current } });
      if (result.error || !result.paymentIntent)
        return { ok: false, message: result.error?.message ?? "Your card payment was not completed." };
      if (result.paymentIntent.status !== "succeeded")
        return { ok: false, message: "Your card payment was not completed." };
      return { ok: true, paymentIntentId: result.paymentIntent.id };
    },
    clear() {
      card.current?.clear();
    },
  };
}
