import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

// A stand-in for Stripe on the e2e machine, which has no internet: the portal's stripe SDK is pointed here through
// STRIPE_API_URL (its host/port/protocol options), and the browser's Stripe.js and api.stripe.com calls are routed
// here by Playwright. It keeps PaymentIntents and Checkout Sessions in memory, honours Idempotency-Key, serves a
// hosted payment page and a 3-D Secure challenge, and answers like Stripe's test mode for its test cards:
//   4242 4242 4242 4242 → paid; 4000 0027 6000 3184 → 3-D Secure challenge first; 4000 0000 0000 0002 → declined.

const PORT = Number(process.env.FAKE_STRIPE_PORT ?? 3160);
const BASE = `http://127.0.0.1:${PORT}`;
const SUCCESS_CARD = "4242424242424242";
const THREE_DS_CARD = "4000002760003184";

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
};
type Session = {
  id: string;
  object: "checkout.session";
  url: string;
  amount_total: number;
  currency: string;
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
};

const intents = new Map<string, Intent>();
const sessions = new Map<string, Session>();
const idempotent = new Map<string, unknown>();
let counter = 0;

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => resolve(new URLSearchParams(text)));
  });
}

function metadataOf(form: URLSearchParams, prefix = "metadata"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = key.match(new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`));
    if (match) out[match[1]] = value;
  }
  return out;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
  });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`,
  );
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const cardOf = (form: URLSearchParams) => (form.get("card") ?? "").replace(/\D/g, "");
const notFound = (res: ServerResponse) =>
  json(res, 404, { error: { type: "invalid_request_error", message: "No such object" } });
const declined = { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } };

function newIntent(amount: number, metadata: Record<string, string>, status = "requires_payment_method"): Intent {
  const id = `pi_fake_${++counter}`;
  const intent: Intent = {
    id,
    object: "payment_intent",
    amount,
    currency: "gbp",
    status,
    client_secret: `${id}_secret_${counter}`,
    metadata,
  };
  intents.set(id, intent);
  return intent;
}

function payPage(res: ServerResponse, session: Session, error = "") {
  html(
    res,
    error ? 402 : 200,
    "Pay · Fake Stripe Checkout",
    `<h1>Pay ${pounds(session.amount_total)}</h1>
     ${error ? `<p role="alert">${error}</p>` : ""}
     <form method="post" action="/pay/${session.id}">
       <label for="card">Card number</label> <input id="card" name="card" autocomplete="cc-number" inputmode="numeric">
       <button type="submit">Pay</button>
     </form>
     <p><a href="${session.cancel_url}">Back to the shop</a></p>`,
  );
}

function completeSession(res: ServerResponse, session: Session) {
  const intent = newIntent(session.amount_total, session.metadata, "succeeded");
  session.payment_status = "paid";
  session.payment_intent = intent.id;
  res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
  res.end();
}

const STRIPE_JS = `(() => {
  const api = "https://api.stripe.com/v1";
  function challenge() {
    return new Promise((resolve) => {
      const dialog = document.createElement("dialog");
      dialog.setAttribute("aria-label", "3D Secure");
      const text = document.createElement("p");
      text.textContent = "Your bank asks you to confirm this payment.";
      const ok = document.createElement("button");
      ok.type = "button";
      ok.textContent = "Complete authentication";
      const no = document.createElement("button");
      no.type = "button";
      no.textContent = "Fail authentication";
      dialog.append(text, ok, no);
      document.body.appendChild(dialog);
      dialog.showModal();
      const done = (value) => { dialog.close(); dialog.remove(); resolve(value); };
      ok.addEventListener("click", () => done(true));
      no.addEventListener("click", () => done(false));
    });
  }
  window.Stripe = (publishableKey) => ({
    elements: () => ({
      create: () => {
        let input = null;
        return {
          mount(target) {
            input = document.createElement("input");
            input.setAttribute("aria-label", "Card number");
            input.autocomplete = "cc-number";
            input.inputMode = "numeric";
            target.appendChild(input);
          },
          clear() { if (input) input.value = ""; },
          destroy() { if (input) input.remove(); },
          _number() { return input ? input.value : ""; },
        };
      },
    }),
    async confirmCardPayment(clientSecret, data) {
      const id = clientSecret.split("_secret_")[0];
      const confirm = async (extra) => {
        const response = await fetch(api + "/payment_intents/" + id + "/confirm", {
          method: "POST",
          headers: { Authorization: "Bearer " + publishableKey, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ client_secret: clientSecret, card: data.payment_method.card._number(), ...extra }),
        });
        return response.json();
      };
      let intent = await confirm({});
      if (intent.error) return { error: intent.error };
      if (intent.status === "requires_action") intent = await confirm({ authenticated: String(await challenge()) });
      if (intent.error) return { error: intent.error };
      return { paymentIntent: { id: intent.id, status: intent.status } };
    },
  });
})();`;

async function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", BASE);
  const path = url.pathname;
  const method = req.method ?? "GET";
  if (method === "OPTIONS") return json(res, 204, {});
  if (path === "/health") return json(res, 200, { ok: true });
  if (path === "/v3/" || path === "/v3") {
    res.writeHead(200, { "Content-Type": "application/javascript", "Access-Control-Allow-Origin": "*" });
    return res.end(STRIPE_JS);
  }

  const form = method === "POST" ? await readBody(req) : new URLSearchParams();
  const key = req.headers["idempotency-key"];
  const remember = (value: unknown) => {
    if (typeof key === "string") idempotent.set(key, value);
    return value;
  };
  if (typeof key === "string" && idempotent.has(key)) return json(res, 200, idempotent.get(key));

  if (method === "POST" && path === "/v1/payment_intents") {
    return json(res, 200, remember(newIntent(Number(form.get("amount")), metadataOf(form))));
  }
  let match = path.match(/^\/v1\/payment_intents\/([\w]+)$/);
  if (method === "GET" && match) return intents.has(match[1]) ? json(res, 200, intents.get(match[1])) : notFound(res);
  match = path.match(/^\/v1\/payment_intents\/([\w]+)\/confirm$/);
  if (method === "POST" && match) {
    const intent = intents.get(match[1]);
    if (!intent || form.get("client_secret") !== intent.client_secret) return notFound(res);
    const card = cardOf(form);
    if (card === THREE_DS_CARD && !form.has("authenticated")) intent.status = "requires_action";
    else if (card === THREE_DS_CARD && form.get("authenticated") !== "true") {
      intent.status = "requires_payment_method";
      return json(res, 402, {
        error: {
          type: "card_error",
          code: "payment_intent_authentication_failure",
          message: "We are unable to authenticate your payment method.",
        },
      });
    } else if (card === SUCCESS_CARD || card === THREE_DS_CARD) intent.status = "succeeded";
    else return json(res, 402, declined);
    return json(res, 200, intent);
  }
  if (method === "POST" && path === "/v1/checkout/sessions") {
    const id = `cs_fake_${++counter}`;
    const session: Session = {
      id,
      object: "checkout.session",
      url: `${BASE}/pay/${id}`,
      amount_total:
        Number(form.get("line_items[0][price_data][unit_amount]")) * Number(form.get("line_items[0][quantity]") ?? 1),
      currency: "gbp",
      payment_status: "unpaid",
      payment_intent: null,
      success_url: form.get("success_url") ?? "",
      cancel_url: form.get("cancel_url") ?? "",
      metadata: metadataOf(form),
    };
    sessions.set(id, session);
    return json(res, 200, remember(session));
  }
  match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
  if (method === "GET" && match) return sessions.has(match[1]) ? json(res, 200, sessions.get(match[1])) : notFound(res);

  // the hosted payment page and its 3-D Secure challenge (plain HTML forms: they work without JavaScript)
  match = path.match(/^\/pay\/([\w]+)$/);
  const session = match ? sessions.get(match[1]) : undefined;
  if (match && !session) return html(res, 404, "Not found", "<p>No such payment.</p>");
  if (session && method === "GET") return payPage(res, session);
  if (session && method === "POST") {
    const card = cardOf(form);
    if (card === THREE_DS_CARD) {
      res.writeHead(303, { Location: `/3ds/${session.id}` });
      return res.end();
    }
    if (card !== SUCCESS_CARD) return payPage(res, session, declined.error.message);
    return completeSession(res, session);
  }
  match = path.match(/^\/3ds\/([\w]+)$/);
  const challenged = match ? sessions.get(match[1]) : undefined;
  if (challenged && method === "GET") {
    return html(
      res,
      200,
      "3D Secure · Fake bank",
      `<h1>Confirm your payment</h1><p>Your bank asks you to confirm a payment of ${pounds(challenged.amount_total)}.</p>
       <form method="post" action="/3ds/${challenged.id}"><button name="result" value="ok">Complete authentication</button>
       <button name="result" value="fail">Fail authentication</button></form>`,
    );
  }
  if (challenged && method === "POST") {
    if (form.get("result") !== "ok")
      return payPage(res, challenged, "We are unable to authenticate your payment method.");
    return completeSession(res, challenged);
  }
  return notFound(res);
}

const server = createServer((req, res) => {
  answer(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) json(res, 500, { error: String(error) });
  });
});

server.listen(PORT, "127.0.0.1", () => console.log(`Fake Stripe on ${BASE}`));
