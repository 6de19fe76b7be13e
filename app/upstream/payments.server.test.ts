import { describe, expect, it } from "vitest";
import { useUpstreamMock } from "../../tests/mocks/server";
import { stripeHandlers, useStripeTestKeys } from "../../tests/mocks/upstream/stripe";
import {
  createCardIntent,
  createHostedCheckout,
  getCardOutcome,
  getHostedOutcome,
  releaseCardPayment,
  resetStripeForTests,
  stripePublishableKey,
} from "./payments.server";

const server = useUpstreamMock();

useStripeTestKeys();

describe("giving back a card payment whose order was refused (decision 078)", () => {
  it("refunds a captured payment, keyed by the PaymentIntent so twice refunds once", async () => {
    const stripe = stripeHandlers();
    server.use(...stripe.handlers);
    await expect(releaseCardPayment("pi_test_5")).resolves.toBe("refunded");
    const refund = stripe.calls.find((call) => call.path === "/v1/refunds");
    expect(refund).toMatchObject({
      method: "POST",
      idempotencyKey: "refund-pi_test_5",
      form: { payment_intent: "pi_test_5" },
    });
  });

  it("cancels a payment not captured yet, and refunds nothing", async () => {
    const stripe = stripeHandlers({ intentStatus: "requires_capture" });
    server.use(...stripe.handlers);
    await expect(releaseCardPayment("pi_test_5")).resolves.toBe("cancelled");
    expect(stripe.calls.map((call) => call.path)).toEqual([
      "/v1/payment_intents/pi_test_5",
      "/v1/payment_intents/pi_test_5/cancel",
    ]);
    expect(stripe.calls[1].idempotencyKey).toBe("cancel-pi_test_5");
  });
});

describe("Stripe card payments", () => {
  it("creates a GBP PaymentIntent in pence with an idempotency key from the checkout's key", async () => {
    const stripe = stripeHandlers();
    server.use(...stripe.handlers);
    const intent = await createCardIntent({ pence: 9354, idempotencyKey: "key-1", metadata: { checkout: "key-1" } });
    expect(intent).toEqual({ id: "pi_test_1", clientSecret: "pi_test_1_secret_abc", amount: 9354 });
    expect(stripe.calls[0].idempotencyKey).toMatch(/^intent-key-1-[0-9a-f]{24}$/);
    // the same request again uses the same key (one intent); another amount a new one
    await createCardIntent({ pence: 9354, idempotencyKey: "key-1", metadata: { checkout: "key-1" } });
    await createCardIntent({ pence: 9999, idempotencyKey: "key-1", metadata: { checkout: "key-1" } });
    expect(stripe.calls[1].idempotencyKey).toBe(stripe.calls[0].idempotencyKey);
    expect(stripe.calls[2].idempotencyKey).not.toBe(stripe.calls[0].idempotencyKey);
    expect(stripe.calls[0].form).toMatchObject({
      amount: "9354",
      currency: "gbp",
      "payment_method_types[0]": "card",
      "metadata[checkout]": "key-1",
    });
    // the secret key goes in the Authorization header, never in the body
    expect(JSON.stringify(stripe.calls[0].form)).not.toContain("sk_test_123");
  });

  it("reads whether an intent was paid from Stripe", async () => {
    const paid = stripeHandlers();
    server.use(...paid.handlers);
    await expect(getCardOutcome("pi_test_9")).resolves.toEqual({
      id: "pi_test_9",
      paid: true,
      amount: 9354,
      metadata: { checkout: "key-1" },
    });
    server.resetHandlers();
    resetStripeForTests();
    server.use(...stripeHandlers({ intentStatus: "requires_action" }).handlers);
    await expect(getCardOutcome("pi_test_9")).resolves.toMatchObject({ paid: false });
  });

  it("creates a hosted Checkout Session (no JavaScript) and reads its outcome", async () => {
    const stripe = stripeHandlers();
    server.use(...stripe.handlers);
    const hosted = await createHostedCheckout({
      pence: 9354,
      idempotencyKey: "key-1",
      successUrl: "http://portal.test/basket/checkout-success?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://portal.test/checkout",
      description: "Workwear order",
      metadata: { checkout: "key-1" },
    });
    expect(hosted).toEqual({ id: "cs_test_1", url: "https://checkout.stripe.test/c/pay/cs_test_1" });
    expect(stripe.calls[0].idempotencyKey).toMatch(/^checkout-key-1-[0-9a-f]{24}$/);
    expect(stripe.calls[0].form).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "9354",
      "line_items[0][price_data][currency]": "gbp",
      success_url: "http://portal.test/basket/checkout-success?session_id={CHECKOUT_SESSION_ID}",
    });
    await expect(getHostedOutcome("cs_test_1")).resolves.toEqual({
      id: "cs_test_1",
      paid: true,
      paymentIntentId: "pi_test_2",
      amount: 9354,
      metadata: { checkout: "key-1" },
    });
  });

  it("gives the browser the publishable key only when card payments are on", () => {
    expect(stripePublishableKey()).toBe("pk_test_123");
  });
});
