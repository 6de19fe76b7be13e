import { http, HttpResponse } from "msw";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { resetStripeForTests } from "~/upstream/payments.server";

/** Where the tests point the stripe SDK (STRIPE_API_URL → its host/port/protocol options). No test reaches Stripe. */
export const STRIPE_API = "http://stripe.test";

export type StripeCall = { method: string; path: string; idempotencyKey: string | null; form: Record<string, string> };

/** Fake Stripe API answers for PaymentIntents and Checkout Sessions; every call is recorded in `calls`. */
export function stripeHandlers(
  options: {
    intentStatus?: string;
    sessionPaid?: boolean;
    amount?: number;
    metadata?: Record<string, string>;
    refundFails?: boolean;
  } = {},
) {
  const calls: StripeCall[] = [];
  async function record(request: Request, path: string) {
    const text = request.method === "GET" ? "" : await request.text();
    calls.push({
      method: request.method,
      path,
      idempotencyKey: request.headers.get("idempotency-key"),
      form: Object.fromEntries(new URLSearchParams(text)),
    });
    return Object.fromEntries(new URLSearchParams(text));
  }
  const metadataOf = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([k]) => k.startsWith("metadata["))
        .map(([k, v]) => [k.slice(9, -1), v]),
    );
  const handlers = [
    http.post(`${STRIPE_API}/v1/payment_intents`, async ({ request }) => {
      const form = await record(request, "/v1/payment_intents");
      return HttpResponse.json({
        id: "pi_test_1",
        object: "payment_intent",
        amount: Number(form.amount),
        currency: form.currency,
        status: "requires_payment_method",
        client_secret: "pi_test_1_secret_abc",
        metadata: metadataOf(form),
      });
    }),
    http.get(`${STRIPE_API}/v1/payment_intents/:id`, async ({ request, params }) => {
      await record(request, `/v1/payment_intents/${params.id}`);
      return HttpResponse.json({
        id: params.id,
        object: "payment_intent",
        amount: options.amount ?? 9354,
        currency: "gbp",
        status: options.intentStatus ?? "succeeded",
        client_secret: `${params.id}_secret_abc`,
        metadata: options.metadata ?? { checkout: "key-1" },
      });
    }),
    http.post(`${STRIPE_API}/v1/payment_intents/:id/cancel`, async ({ request, params }) => {
      await record(request, `/v1/payment_intents/${params.id}/cancel`);
      return HttpResponse.json({
        id: params.id,
        object: "payment_intent",
        amount: options.amount ?? 9354,
        currency: "gbp",
        status: "canceled",
        metadata: {},
      });
    }),
    http.post(`${STRIPE_API}/v1/refunds`, async ({ request }) => {
      const form = await record(request, "/v1/refunds");
      if (options.refundFails)
        return HttpResponse.json({ error: { type: "api_error", message: "Refunds are down" } }, { status: 500 });
      return HttpResponse.json({
        id: "re_test_1",
        object: "refund",
        amount: options.amount ?? 9354,
        currency: "gbp",
        payment_intent: form.payment_intent,
        status: "succeeded",
      });
    }),
    http.post(`${STRIPE_API}/v1/checkout/sessions`, async ({ request }) => {
      const form = await record(request, "/v1/checkout/sessions");
      return HttpResponse.json({
        id: "cs_test_1",
        object: "checkout.session",
        url: "https://checkout.stripe.test/c/pay/cs_test_1",
        metadata: metadataOf(form),
      });
    }),
    http.get(`${STRIPE_API}/v1/checkout/sessions/:id`, async ({ request, params }) => {
      await record(request, `/v1/checkout/sessions/${params.id}`);
      return HttpResponse.json({
        id: params.id,
        object: "checkout.session",
        payment_status: options.sessionPaid === false ? "unpaid" : "paid",
        payment_intent: "pi_test_2",
        amount_total: options.amount ?? 9354,
        metadata: options.metadata ?? { checkout: "key-1" },
      });
    }),
  ];
  return { handlers, calls };
}

/** Card payments on for a test file: Stripe keys set and the SDK pointed at STRIPE_API (msw); undone afterwards. */
export function useStripeTestKeys(): void {
  beforeAll(() => {
    process.env.STRIPE_SECRET_KEY = "sk_test_123";
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_123";
    process.env.STRIPE_API_URL = STRIPE_API;
    resetEnvForTests();
  });
  beforeEach(() => resetStripeForTests());
  afterAll(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_PUBLISHABLE_KEY;
    delete process.env.STRIPE_API_URL;
    resetEnvForTests();
  });
}
