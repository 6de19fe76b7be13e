import { describe, expect, it } from "vitest";
import { getSession, portalCookie } from "~/session/session.server";
import { EMPTY_BASKET_MESSAGE } from "~/checkout/place-order.server";
import { get, locationOf, post } from "../../tests/mocks/requests";
import { JACKET, JACKET_ORDER, type FormAnswer } from "../../tests/mocks/checkout";
import { useRouteTest } from "../../tests/mocks/route";
import { basketHandlers, emptyBasket, type BasketStore } from "../../tests/mocks/upstream/basket";
import { checkoutHandlers, FREE_DELIVERY_FOR_49, SHIP_METHODS } from "../../tests/mocks/upstream/checkout";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { punchoutBasket, punchoutBasketHandlers } from "../../tests/mocks/upstream/punchout-baskets";
import { savedBasketHandlers } from "../../tests/mocks/upstream/saved-baskets";
import { action, loader } from "./_basket.checkout";
import { loader as confirmationLoader } from "./_basket.order-complete";
import type { StockCheckoutView } from "~/checkout/checkout.server";

// the encrypted cookie the portal kept the loaded saved basket in before decision 077
const legacySavedBasketCookie = () => portalCookie("saved_basket", { encrypted: true, maxAge: 60 * 60 * 24 * 30 });

const t = useRouteTest();
const page = t.route("/checkout", { loader, action });

function setUp(
  options: {
    permissions?: string[];
    stock?: Array<Record<string, unknown>>;
    needsAproval?: boolean;
    checkout?: Parameters<typeof checkoutHandlers>[0];
    paymentMethods?: Array<{ id: number; name: string }>;
  } = {},
) {
  const permissions = options.permissions ?? ["canViewFullCatalogue"];
  const session = sessionAnswer({ permissions, setting: { needsAproval: options.needsAproval ?? false } });
  if (options.paymentMethods) session.account.payment_methods = options.paymentMethods;
  const store: BasketStore = {
    state: {
      ...emptyBasket(),
      stock: options.stock ?? [JACKET],
      instructions: { stock: "Gate 3", manpack: "" },
      version: 5,
    },
    patches: [],
    reorders: [],
  };
  const basket = basketHandlers({ store });
  // as the provider answers orderUse (decision 075): without dellAddress only the default address
  const usableAddresses = permissions.includes("dellAddress") ? undefined : ["701"];
  const checkout = checkoutHandlers({ usableAddresses, ...options.checkout });
  t.signIn(session, ...basket.handlers, ...checkout.handlers);
  return { store, orders: checkout.orders, carriageQueries: checkout.carriageQueries };
}

const form = (extra: Record<string, string> = {}) => ({
  idempotencyKey: "3c1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f11",
  shippingMethod: "2",
  paymentMethod: "0",
  deliveryInstructions: "Gate 3",
  ...extra,
});

function send(fields: Record<string, string>, withCookie = t.cookie()) {
  return t.run(action, post("/checkout", fields, withCookie));
}

describe("/checkout loader", () => {
  it("shows the upstream basket, the customer's addresses, 'description – £x.xx' ship methods and a fresh idempotency key", async () => {
    setUp({ permissions: ["canViewFullCatalogue", "dellAddress"] });
    const first = (await page.load()) as StockCheckoutView;
    const second = (await page.load()) as StockCheckoutView;
    expect(first.lines).toEqual([{ productId: "20002", name: "Hi-Vis Jacket M", qty: 2, price: 24.5 }]);
    expect(first.subTotal).toBe(49);
    expect(first.instructions).toBe("Gate 3");
    expect(first.shipMethods.map((m) => m.label)).toEqual(["Standard delivery – £5.95", "Next day – £12.50"]);
    expect(first.addresses.map((a) => a.internalId)).toEqual(["701", "702"]);
    expect(first.paymentMethods).toEqual([{ id: 0, name: "On account", card: false }]);
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it("offers the addresses the provider lets the user send, and no choice when that is one (decision 075)", async () => {
    setUp({ permissions: ["canViewFullCatalogue", "dellAddress"], checkout: { usableAddresses: ["702"] } });
    const view = (await page.load()) as StockCheckoutView;
    expect(view.addresses.map((a) => a.internalId)).toEqual(["702"]);
    expect(view.addressMode.canChoose).toBe(false);
  });

  it("asks for the methods this basket may use: an unavailable one is shown disabled with what it still needs (decision 073)", async () => {
    // the provider answers the cheapest first: Free Delivery leads, and is listed last as it cannot be used
    const { carriageQueries } = setUp({ checkout: { shipMethods: [FREE_DELIVERY_FOR_49, ...SHIP_METHODS] } });
    const view = (await page.load()) as StockCheckoutView;
    expect(new URLSearchParams(carriageQueries[0]).get("forBasket")).toBe("stock");
    expect(view.shipMethods).toEqual([
      { internalId: "1", label: "Standard delivery – £5.95", available: true, note: null },
      { internalId: "2", label: "Next day – £12.50", available: true, note: null },
      {
        internalId: "3",
        label: "Free Delivery – orders over £150 – £0.00",
        available: false,
        note: "Spend £101.00 more for free delivery",
      },
    ]);
  });

  it("carries the basket version it shows, for the order to name (decision 074)", async () => {
    setUp();
    const view = (await page.load()) as StockCheckoutView;
    expect(view.basketVersion).toBe(5);
  });

  it("sends a visitor without a session to log in", async () => {
    setUp();
    const result = await t.run(loader, get("/checkout"));
    expect(locationOf(result)).toBe("/login?redirect=%2Fcheckout");
  });
});

describe("/checkout action: POST /api/order, stock", () => {
  it("sends exactly SPEC §7's fields with the page's Idempotency-Key, lines from the upstream basket, and goes to the confirmation", async () => {
    const { orders } = setUp();
    const result = await send(form({ price: "0.01", "items[0][price]": "0.01", otherRefNum: "" }));
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("/order-complete?order=801");
    expect(orders).toEqual([
      {
        idempotencyKey: "3c1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f11",
        body: JACKET_ORDER,
      },
    ]);
  });

  it("sends the buyer's reference and the upstream basket's loadedBasket as chosenBasket, and marks it checked_out (SPEC §4)", async () => {
    const { store, orders } = setUp();
    store.state = { ...store.state, loadedBasket: "601" };
    const saved = savedBasketHandlers([{ id: 601, basket_name: "Monthly", checked_out: 0, itemsArray: [] }]);
    t.server.use(...saved.handlers);
    await send(form({ otherRefNum: "PO-778" }));
    expect(orders[0].body).toMatchObject({ otherRefNum: "PO-778", chosenBasket: "601" });
    expect(saved.patches).toEqual([{ basket: "601", checked_out: 1 }]);
  });

  it("a saved-basket cookie left from before decision 077 is not read: no loadedBasket upstream, no chosenBasket", async () => {
    const { orders } = setUp();
    const saved = savedBasketHandlers([{ id: 601, basket_name: "Monthly", checked_out: 0, itemsArray: [] }]);
    t.server.use(...saved.handlers);
    const legacy = (await legacySavedBasketCookie().serialize("601")).split(";")[0];
    await send(form({ otherRefNum: "PO-778" }), `${t.cookie()}; ${legacy}`);
    expect(orders[0].body).not.toHaveProperty("chosenBasket");
    expect(saved.patches).toEqual([]);
  });

  it.each([
    ["approved", "ok" as const, "success"],
    ["refused (500)", 500, "error"],
  ])(
    "a punched-out basket held for approval is finalised after the order (%s) and its approval id cleared either way",
    async (_name, approve, kind) => {
      // the provider lets an approver holding the approved basket send its address (decision 075)
      const { store, orders } = setUp({ checkout: { usableAddresses: ["701", "702"] } });
      store.state = {
        ...store.state,
        basketIdForApproval: "650",
        approvedOrderAddressId: "702",
        punchoutLoadedBasket: true,
      };
      const punchout = punchoutBasketHandlers([punchoutBasket()], { approve });
      t.server.use(...punchout.handlers);
      const result = (await send(form())) as Response;
      expect(locationOf(result)).toBe("/order-complete?order=801");
      // the order goes to the address the basket was approved for (the default, even without dellAddress), flagged
      expect(orders[0].body).toMatchObject({ addressId: "702", punchoutLoadedBasket: true });

      expect(punchout.calls.patches).toEqual([{ id: "650", body: { punchout_approved: 1 } }]);
      // one write clears the id (success or failure) and, the order being placed, the approved address and flag
      expect(store.patches).toEqual([
        { basketIdForApproval: null, approvedOrderAddressId: null, punchoutLoadedBasket: false },
      ]);
      expect(store.state).toMatchObject({
        basketIdForApproval: null,
        approvedOrderAddressId: null,
        punchoutLoadedBasket: false,
      });
      const { getSession } = await import("~/session/session.server");
      const flashed = (
        await getSession(
          new Request("http://portal.test/", { headers: { Cookie: result.headers.get("Set-Cookie")!.split(";")[0] } }),
        )
      ).get("toast");
      expect(flashed?.kind).toBe(kind);
    },
  );

  it("a punched-out basket approved before checkout (no approval id left) has its address and flag cleared after the order", async () => {
    const { store, orders } = setUp({ checkout: { usableAddresses: ["701", "702"] } });
    store.state = { ...store.state, approvedOrderAddressId: "702", punchoutLoadedBasket: true };
    const result = (await send(form())) as Response;
    expect(locationOf(result)).toBe("/order-complete?order=801");
    expect(orders[0].body).toMatchObject({ addressId: "702", punchoutLoadedBasket: true });
    expect(store.patches).toEqual([
      { basketIdForApproval: null, approvedOrderAddressId: null, punchoutLoadedBasket: false },
    ]);
  });

  it("a resubmitted page (same key, basket now empty) lands on the same confirmation and places no second order", async () => {
    const { orders, store } = setUp();
    const first = await send(form());
    store.state = { ...store.state, stock: [] };
    const again = await send(form());
    expect(locationOf(again)).toBe(locationOf(first));
    expect(orders).toHaveLength(2);
    expect(orders[1].body.items).toEqual([]);
    expect(orders[1].idempotencyKey).toBe(orders[0].idempotencyKey);
  });

  it("an empty basket with a fresh key is refused with a message", async () => {
    setUp({ stock: [] });
    const result = (await send(form())) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.formError).toBe(EMPTY_BASKET_MESSAGE);
  });

  it("a typed address goes as customAddress when the user may add one", async () => {
    const { orders } = setUp({ permissions: ["canViewFullCatalogue", "addAddress"] });
    await send(form({ addressId: "new", addressee: "Stores", addr1: "5 Quay St", city: "Hull", zip: "hu1 1aa" }));
    expect(orders[0].body.customAddress).toEqual({
      addressee: "Stores",
      addr1: "5 Quay St",
      city: "Hull",
      zip: "HU1 1AA",
    });
    expect(orders[0].body).not.toHaveProperty("addressId");
  });

  it.each([
    [
      "another customer's address id",
      ["canViewFullCatalogue", "dellAddress"],
      { addressId: "999" },
      "addressId",
      "Choose one of your delivery addresses",
    ],
    [
      "a different address without dellAddress",
      ["canViewFullCatalogue"],
      { addressId: "702" },
      "addressId",
      "You cannot change the delivery address",
    ],
    [
      "a typed address without addAddress",
      ["canViewFullCatalogue", "dellAddress"],
      { addressId: "new", addr1: "1 Road", city: "Leeds", zip: "LS1 1AA" },
      "addressId",
      "You cannot add a delivery address; choose one of yours",
    ],
    [
      "customAddressOnly without a postcode",
      ["canViewFullCatalogue", "customAddressOnly"],
      { addr1: "1 Road", city: "Leeds" },
      "zip",
      "Enter the postcode",
    ],
    [
      "a ship method not offered",
      ["canViewFullCatalogue"],
      { shippingMethod: "9" },
      "shippingMethod",
      "Choose one of the delivery methods shown",
    ],
    [
      "a payment method not offered",
      ["canViewFullCatalogue"],
      { paymentMethod: "7" },
      "paymentMethod",
      "Choose one of the payment methods shown",
    ],
  ])("refuses %s with 400, a clear message and no order", async (_name, permissions, fields, field, message) => {
    const { orders } = setUp({ permissions });
    const result = (await send(form(fields as Record<string, string>))) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors[field]).toBe(message);
    expect(orders).toHaveLength(0);
  });

  it("offers no card while card payments are not configured (no Stripe keys), and refuses one posted with 400 and no order", async () => {
    const { orders } = setUp({
      paymentMethods: [
        { id: 0, name: "On account" },
        { id: 1, name: "Visa" },
      ],
    });
    // issue 34 item 3 (decision 161): a card that cannot be taken is not offered at all, not shown greyed
    const view = (await page.load()) as StockCheckoutView;
    expect(view.paymentMethods).toEqual([{ id: 0, name: "On account", card: false }]);
    const result = (await send(form({ paymentMethod: "1" }))) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.formError).toBe(
      "Card payment is not available at the moment. Please choose another way to pay.",
    );
    expect(orders).toHaveLength(0);
  });

  it("refuses a form without the page's key (reload the page) and a malformed ship method, before any upstream order call", async () => {
    const { orders } = setUp();
    const { idempotencyKey: _key, ...withoutKey } = form();
    const noKey = (await send(withoutKey)) as FormAnswer;
    expect(noKey.init?.status).toBe(400);
    expect(noKey.data.fieldErrors.idempotencyKey).toBe("Please reload the checkout page and try again.");
    const badShip = (await send(form({ shippingMethod: "next-day" }))) as FormAnswer;
    expect(badShip.data.fieldErrors.shippingMethod).toBe("Choose a delivery method");
    expect(orders).toHaveLength(0);
  });

  it("passes the provider's refusal on as a 400 with its message (e.g. a quantity rule), basket unchanged", async () => {
    const { store } = setUp({
      checkout: {
        orderError: { status: 400, message: 'Invalid value at field "items.0.qty": must be a multiple of 2' },
      },
    });
    const result = (await send(form())) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.formError).toBe('Invalid value at field "items.0.qty": must be a multiple of 2');
    expect(store.patches).toEqual([]);
  });

  it("sends the basket version the page showed as basketVersion (decision 074)", async () => {
    const { orders } = setUp();
    await send(form({ basketVersion: "5" }));
    expect(orders[0].body.basketVersion).toBe(5);
  });

  it("refuses a malformed basket version before any order call", async () => {
    const { orders } = setUp();
    const result = (await send(form({ basketVersion: "five" }))) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors.basketVersion).toBe("Please reload the checkout page and try again.");
    expect(orders).toHaveLength(0);
  });

  it.each([
    "This basket has already been ordered (SO100123). Your basket is now empty.",
    "Your basket changed since checkout was opened: check it and place the order again.",
  ])("the provider's 409 (%s) is a 409 with its message as the form error, not a 500", async (message) => {
    setUp({ checkout: { orderError: { status: 409, message } } });
    const result = (await send(form({ basketVersion: "5" }))) as FormAnswer;
    expect(result.init?.status).toBe(409);
    expect(result.data.formError).toBe(message);
  });

  it("a delivery method the basket does not reach is refused in the provider's words, before any order call (decision 073)", async () => {
    const { orders } = setUp({ checkout: { shipMethods: [...SHIP_METHODS, FREE_DELIVERY_FOR_49] } });
    const result = (await send(form({ shippingMethod: "3" }))) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.formError).toBe(FREE_DELIVERY_FOR_49.refusal);
    expect(result.data.fieldErrors.shippingMethod).toBe(FREE_DELIVERY_FOR_49.refusal);
    expect(orders).toHaveLength(0);
  });

  it("the provider's own delivery refusal (basket changed meanwhile) is a 400 form error", async () => {
    setUp({
      checkout: {
        orderError: {
          status: 400,
          message: `Invalid value at field "shippingMethod": ${FREE_DELIVERY_FOR_49.refusal}`,
        },
      },
    });
    const result = (await send(form())) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.formError).toContain(FREE_DELIVERY_FOR_49.refusal);
  });

  it("an answer carrying threeDSUrl/cReq/transactionId goes, as a whole document, to the 3-D Secure page holding the challenge", async () => {
    setUp({
      checkout: {
        orderAnswer: { threeDSUrl: "https://acs.bank.test/challenge", cReq: "eyJjcmVxIjoxfQ", transactionId: "tx-9" },
      },
    });
    const result = (await send(form())) as Response;
    expect(result.status).toBe(303);
    expect(locationOf(result)).toBe("/checkout/3-d-secure");
    // a document load: the page's own CSP is the one that allows the issuer's origin (decision 006)
    expect(result.headers.get("X-Remix-Reload-Document")).toBe("true");
    const handedOver = await getSession(
      get("/checkout/3-d-secure", (result.headers.get("Set-Cookie") ?? "").split(";")[0]),
    );
    expect(handedOver.get("threeDS")).toEqual({
      url: "https://acs.bank.test/challenge",
      cReq: "eyJjcmVxIjoxfQ",
      transactionId: "tx-9",
    });
  });
});

describe("/order-complete", () => {
  function confirmation(path: string) {
    return t.run(confirmationLoader, get(path, t.cookie()));
  }

  it("shows the order number, totals and the status read back from upstream", async () => {
    setUp();
    const view = (await confirmation("/order-complete?order=801")) as Record<string, unknown>;
    expect(view).toMatchObject({
      internalId: "801",
      tranId: "SO10801",
      status: { label: "In Process", colour: "blue" },
      nextStep: "we will let you know when it is despatched; you can follow it in your order history.",
      awaitingApproval: false,
      subTotal: "£49.00",
      shippingCost: "£5.95",
      taxTotal: "£10.99",
      total: "£65.94",
    });
    expect(view.lines).toEqual([{ key: 0, name: "Hi-Vis Jacket M", code: "", qty: 2 }]);
  });

  it("says when the order awaits the supervisor's approval", async () => {
    setUp({ checkout: { orderAnswer: { orderStatus: "Pending Approval", pendingWebApproval: true } } });
    await send(form());
    const view = (await confirmation("/order-complete?order=801")) as Record<string, unknown>;
    expect(view.awaitingApproval).toBe(true);
    // the label the history and the order's page give the same order (decision 166), not the ERP's "Pending Approval"
    expect(view.status).toEqual({ label: "Pending Supervisor Approval", colour: "grey" });
    expect(view.nextStep).toMatch(/^your supervisor has been asked to approve it/);
  });

  it("an unknown or another customer's order is a 404; a malformed id goes back to the basket", async () => {
    setUp();
    expect(((await confirmation("/order-complete?order=999")) as Response).status).toBe(404);
    expect(locationOf(await confirmation("/order-complete?order=abc"))).toBe("/basket");
  });
});
