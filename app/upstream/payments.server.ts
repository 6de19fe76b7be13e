import { createHash } from "node:crypto";
import Stripe from "stripe";
import { getEnv } from "~/env.server";

// Card payments by Stripe (issue 6), enabled when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set. The
// server creates every PaymentIntent / Checkout Session with an idempotency key, so a retried checkout never
// charges twice, and reads the outcome back from Stripe itself — never from the browser.
// STRIPE_API_URL (e.g. http://127.0.0.1:12111) points the SDK at a local fake for tests; unset, Stripe itself.

let client: Stripe | null = null;
let clientKey = "";

function stripe(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_API_URL: base } = getEnv();
  if (!STRIPE_SECRET_KEY) throw new Error("Card payments are not configured (STRIPE_SECRET_KEY)");
  const cacheKey = `${STRIPE_SECRET_KEY}|${base ?? ""}`;
  if (!client || clientKey !== cacheKey) {
    const target = base ? new URL(base) : null;
    client = new Stripe(STRIPE_SECRET_KEY, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      telemetry: false,
      // Node's own fetch: one HTTP stack for every outgoing call (and the one the tests' interceptor sees)
      httpClient: Stripe.createFetchHttpClient(),
      ...(target
        ? {
            host: target.hostname,
            port: target.port || (target.protocol === "http:" ? 80 : 443),
            protocol: target.protocol === "http:" ? "http" : "https",
          }
        : {}),
    });
    clientKey = cacheKey;
  }
  return client;
}

export type CardPaymentMetadata = Record<string, string>;

/**
 * Stripe refuses an idempotency key reused with other parameters, so the key is the checkout's own key plus a digest
 * of what is asked: the same submission (double click, retry) gets the same object; a changed checkout a new one.
 */
function stripeIdempotencyKey(kind: string, checkoutKey: string, params: unknown): string {
  const digest = createHash("sha256").update(JSON.stringify(params)).digest("hex").slice(0, 24);
  return `${kind}-${checkoutKey}-${digest}`;
}

export type CardIntent = { id: string; clientSecret: string; amount: number };

// Stripe POST /v1/payment_intents — the card charge for a checkout, in pence of GBP (SPEC §7 stripeId)
export async function createCardIntent(input: {
  pence: number;
  idempotencyKey: string;
  metadata: CardPaymentMetadata;
}): Promise<CardIntent> {
  const params = { amount: input.pence, currency: "gbp", payment_method_types: ["card"], metadata: input.metadata };
  const intent = await stripe().paymentIntents.create(params, {
    idempotencyKey: stripeIdempotencyKey("intent", input.idempotencyKey, params),
  });
  if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
  return { id: intent.id, clientSecret: intent.client_secret, amount: intent.amount };
}

export type CardOutcome = { id: string; paid: boolean; amount: number; metadata: CardPaymentMetadata };

// Stripe GET /v1/payment_intents/:id — whether the card was charged (SPEC §7 stripePaid)
export async function getCardOutcome(paymentIntentId: string): Promise<CardOutcome> {
  const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
  return { id: intent.id, paid: intent.status === "succeeded", amount: intent.amount, metadata: intent.metadata };
}

/**
 * Gives a taken card payment back when its order was refused (decision 078): a PaymentIntent not captured yet is
 * cancelled (Stripe POST /v1/payment_intents/:id/cancel), a captured one refunded in full (POST /v1/refunds). The
 * idempotency key is the PaymentIntent's, so coming back twice gives the money back once.
 */
export async function releaseCardPayment(paymentIntentId: string): Promise<"cancelled" | "refunded"> {
  const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
  if (intent.status === "requires_capture") {
    await stripe().paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey: `cancel-${paymentIntentId}` });
    return "cancelled";
  }
  await stripe().refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey: `refund-${paymentIntentId}` });
  return "refunded";
}

export type HostedCheckout = { id: string; url: string };

// Stripe POST /v1/checkout/sessions — Stripe-hosted payment page for browsers without JavaScript
export async function createHostedCheckout(input: {
  pence: number;
  idempotencyKey: string;
  successUrl: string;
  cancelUrl: string;
  description: string;
  metadata: CardPaymentMetadata;
}): Promise<HostedCheckout> {
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    payment_method_types: ["card"],
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "gbp", unit_amount: input.pence, product_data: { name: input.description } },
      },
    ],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata: input.metadata,
    payment_intent_data: { metadata: input.metadata },
  };
  const session = await stripe().checkout.sessions.create(params, {
    idempotencyKey: stripeIdempotencyKey("checkout", input.idempotencyKey, params),
  });
  if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a URL`);
  return { id: session.id, url: session.url };
}

export type HostedOutcome = {
  id: string;
  paid: boolean;
  paymentIntentId: string | null;
  amount: number;
  metadata: CardPaymentMetadata;
};

// Stripe GET /v1/checkout/sessions/:id — the outcome when the customer comes back from the hosted page
export async function getHostedOutcome(sessionId: string): Promise<HostedOutcome> {
  const session = await stripe().checkout.sessions.retrieve(sessionId);
  const intent = session.payment_intent;
  return {
    id: session.id,
    paid: session.payment_status === "paid",
    paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
    amount: session.amount_total ?? 0,
    metadata: session.metadata ?? {},
  };
}

/** The browser's key for Stripe Elements, only when card payments are on. */
export function stripePublishableKey(): string | null {
  const env = getEnv();
  return env.stripeEnabled ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null;
}

/**
 * Tests switch Stripe settings between cases.
 * @internal test seam
 */
export function resetStripeForTests(): void {
  client = null;
  clientKey = "";
}
