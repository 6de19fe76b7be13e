import { describe, expect, it } from "vitest";
import { getSession } from "~/session/session.server";
import type { StockCheckoutView } from "~/checkout/checkout.server";
import { CARD_UNAVAILABLE } from "~/checkout/place-order.server";
import { EMPTY_WEARER_PACKS } from "~/checkout/wearer-pack-checkout.server";
import type { WearerPackCheckoutView } from "~/components/wearer-pack-checkout";
import { locationOf, post } from "../../tests/mocks/requests";
import { TWO_PACKS_ORDERED } from "../../tests/mocks/checkout";
import { useRouteTest } from "../../tests/mocks/route";
import {
  basketHandlers,
  emptyBasket,
  PACK_ITEMS,
  packWearerHandlers,
  type BasketStore,
} from "../../tests/mocks/upstream/basket";
import { checkoutHandlers } from "../../tests/mocks/upstream/checkout";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_basket.checkout";

// The checkout of the wearer-pack basket (issue 15 item 6, decision 102): the packs as the basket holds them, the
// provider's quote, POST /api/order (manpack) exactly as SPEC §7 under the page's idempotency key, refusals naming
// the wearer.

const t = useRouteTest();
const page = t.route("/checkout", { loader, action });

const MANPACK = ["canViewManpack", "manpackOrders"];
const WEARERS = [
  { internalId: "5102", firstName: "Hal", lastName: "Harbour" },
  { internalId: "5104", firstName: "Bo", lastName: "Bandb" },
];
const tunic = {
  productId: "20030",
  parentId: "20029",
  qty: 2,
  name: "Ward Tunic",
  price: 15.75,
  options: { size: "M" },
};
const trousers = { productId: "20010", qty: 2, name: "Work Trousers", price: 18 };
const PACKS = [
  { employeeId: "5102", data: [tunic] },
  // a pack emptied on the basket page (qty 0) is not sent
  { employeeId: "5103", data: [{ ...tunic, qty: 0 }] },
  { employeeId: "5104", addressId: "702", shippingMethod: "2", data: [trousers] },
];

function setUp(
  options: {
    packs?: unknown[];
    stock?: Array<Record<string, unknown>>;
    selected?: string;
    checkout?: Parameters<typeof checkoutHandlers>[0];
    paymentMethods?: Array<{ id: number; name: string }>;
    wearers?: ReadonlyArray<{ internalId: string } & Record<string, unknown>>;
    items?: NonNullable<Parameters<typeof basketHandlers>[0]>["items"];
    permissions?: string[];
  } = {},
) {
  const permissions = options.permissions ?? [...MANPACK, "indAddress"];
  const session = sessionAnswer({ permissions, setting: { needsAproval: false } });
  if (options.paymentMethods) session.account.payment_methods = options.paymentMethods;
  const store: BasketStore = {
    state: {
      ...emptyBasket(),
      selectedBasketType: options.selected ?? "manpack-order-basket",
      stock: options.stock ?? [],
      manpack: options.packs ?? PACKS,
      instructions: { stock: "Gate 3", manpack: "Ward reception" },
      version: 7,
    },
    patches: [],
    reorders: [],
  };
  const basket = basketHandlers({ store, items: options.items });
  const wearers = packWearerHandlers(options.wearers ?? WEARERS);
  const checkout = checkoutHandlers(options.checkout);
  t.signIn(session, ...wearers.handlers, ...basket.handlers, ...checkout.handlers);
  return { store, orders: checkout.orders, quoteQueries: checkout.quoteQueries, contactQueries: wearers.queries };
}

const { load } = page;
const form = (extra: Record<string, string> = {}) => ({
  basket: "manpack",
  idempotencyKey: "9a1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f22",
  paymentMethod: "0",
  deliveryInstructions: "Ward reception",
  basketVersion: "7",
  ...extra,
});
const send = (fields: Record<string, string>) => t.run(action, post("/checkout", fields, t.cookie()));
type Answer = {
  data: { ok: boolean; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit | null;
};

describe("/checkout loader, wearer-pack basket selected", () => {
  it("shows each wearer's pack by name with its lines, its address and method (its own, else the default and the quote's), the instructions and the quote", async () => {
    const { quoteQueries, contactQueries } = setUp();
    const view = (await load()) as WearerPackCheckoutView;
    expect(view.kind).toBe("manpack");
    expect(contactQueries[0].get("internalId[$in]")).toBe("5102,5104");
    expect(quoteQueries).toEqual(["forBasket=manpack"]);
    expect(view.basketVersion).toBe(7);
    expect(view.instructions).toBe("Ward reception");
    expect(
      view.packs.map(({ contactId, name, address, addressIsDefault, methodText, methodIsDefault }) => ({
        contactId,
        name,
        address: address?.internalId,
        addressIsDefault,
        methodText,
        methodIsDefault,
      })),
    ).toEqual([
      {
        contactId: "5102",
        name: "Hal Harbour",
        address: "701",
        addressIsDefault: true,
        methodText: "Standard delivery – £5.95",
        methodIsDefault: true,
      },
      {
        contactId: "5104",
        name: "Bo Bandb",
        address: "702",
        addressIsDefault: false,
        methodText: "Next day – £12.50",
        methodIsDefault: false,
      },
    ]);
    expect(view.packs[0].lines).toEqual([
      { productId: "20030", name: "Ward Tunic", options: ["Size: M"], qty: 2, amountText: "£31.50" },
    ]);
    expect(view.totals).toEqual({
      shippingMethod: "1",
      subTotalText: "£67.50",
      shippingText: "£5.95",
      taxText: "£14.69",
      totalText: "£88.14",
      problem: null,
    });
    expect(view.paymentMethods).toEqual([{ id: 0, name: "On account", card: false }]);
  });

  it("without Stripe configured offers payment on account only: no card method (decision 106; with Stripe: _basket.checkout.card.test.ts)", async () => {
    setUp({
      paymentMethods: [
        { id: 0, name: "On account" },
        { id: 1, name: "Visa" },
      ],
    });
    const view = (await load()) as WearerPackCheckoutView;
    expect(view.paymentMethods).toEqual([{ id: 0, name: "On account", card: false }]);
    expect(view.stripeKey).toBeNull();
  });

  it("warns of a pack over its wearer's allowance in the provider's words, as the basket does, before the order is tried", async () => {
    const jacket = {
      internalId: "b1",
      type: "JKT",
      qty: 3,
      usedQty: 2,
      resetDays: null,
      resetDate: null,
      allocationType: "JKT",
      allocationTypeName: "Jacket",
    };
    setUp({
      wearers: [{ ...WEARERS[0], budgets: [jacket] }, WEARERS[1]],
      items: [PACK_ITEMS.tunic, { ...PACK_ITEMS.tunic, internalId: "20010", allocationType: "TRS" }],
    });
    const view = (await load()) as WearerPackCheckoutView;
    expect(view.packs.map((p) => p.overAllowance)).toEqual([
      ["Hal Harbour has 1 JKT allowance left; this pack needs 2"],
      [],
    ]);
  });

  it("shows a quote the provider refuses in words naming the wearer, and still opens", async () => {
    setUp({
      checkout: {
        manpackQuote: {
          error: {
            status: 400,
            message: 'Invalid value at field "packs.1.shippingMethod": shipping method 2 is not available',
            field: "packs.1.shippingMethod",
          },
        },
      },
    });
    const view = (await load()) as WearerPackCheckoutView;
    expect(view.totals?.problem).toBe("Bo Bandb's pack: shipping method 2 is not available.");
    expect(view.packs).toHaveLength(2);
  });

  it("with the selected basket empty names the other when it holds items (decision 102)", async () => {
    setUp({ packs: [], stock: [{ productId: "20002", qty: 3, name: "Hi-Vis Jacket M", price: 24.5 }] });
    const packsView = (await load()) as WearerPackCheckoutView;
    expect(packsView.kind).toBe("manpack");
    expect(packsView.packs).toEqual([]);
    expect(packsView.totals).toBeNull();
    expect(packsView.otherBasketCount).toBe(3);

    setUp({ selected: "stock-order-basket", permissions: [...MANPACK, "indAddress", "canViewFullCatalogue"] });
    const stockView = (await load()) as StockCheckoutView;
    expect(stockView.kind).toBe("stock");
    expect(stockView.lines).toEqual([]);
    expect(stockView.otherBasketCount).toBe(4);
  });

  it("a wearer-pack-only user checks out the wearer packs whatever basket was stored (issue 34 item 3, decision 161)", async () => {
    setUp({ selected: "stock-order-basket" });
    const view = (await load()) as WearerPackCheckoutView;
    expect(view.kind).toBe("manpack");
    expect(view.packs).toHaveLength(2);
  });
});

describe("/checkout action: POST /api/order, manpack", () => {
  it("sends exactly SPEC §7's manpack body from the upstream basket with the page's Idempotency-Key, and goes to the confirmation", async () => {
    const { orders } = setUp();
    const result = await send(form({ otherRefNum: "PO-9", "packs[0][items][0][qty]": "99" }));
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("/order-complete?order=801");
    const flashed = (
      await getSession(
        new Request("http://portal.test/", {
          headers: { Cookie: (result as Response).headers.get("Set-Cookie")!.split(";")[0] },
        }),
      )
    ).get("toast");
    expect(flashed).toEqual({ kind: "success", message: "Order SO10801 placed" });
    expect(orders).toEqual([
      {
        idempotencyKey: "9a1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f22",
        body: {
          orderType: "manpack",
          packs: TWO_PACKS_ORDERED,
          deliveryInstructions: "Ward reception",
          fullOrder: true,
          otherRefNum: "PO-9",
          basketVersion: 7,
        },
      },
    ]);
  });

  it("a resubmitted checkout (same key) lands on the order already placed", async () => {
    const { orders } = setUp();
    const first = await send(form());
    const second = await send(form());
    expect(locationOf(first)).toBe("/order-complete?order=801");
    expect(locationOf(second)).toBe("/order-complete?order=801");
    expect(orders.map((o) => o.idempotencyKey)).toEqual([
      "9a1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f22",
      "9a1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f22",
    ]);
  });

  const refusals: Array<[string, { status: number; message: string; field: string }, string]> = [
    [
      "over an allowance",
      {
        status: 400,
        message: 'Invalid value at field "packs.1.items": Bo Bandb has 1 Trousers allowance left; this pack needs 2',
        field: "packs.1.items",
      },
      "Bo Bandb has 1 Trousers allowance left; this pack needs 2.",
    ],
    [
      "an inactive wearer",
      {
        status: 400,
        message: 'Invalid value at field "packs.0.contactId": contact 5102 is not an active contact of this customer',
        field: "packs.0.contactId",
      },
      "Hal Harbour can no longer be ordered for: they are not an active wearer. Remove their pack from the basket.",
    ],
    [
      "an item the wearer is not entitled to",
      {
        status: 400,
        message:
          'Invalid value at field "packs.0.items.0.internalId": Hal Harbour is not entitled to Ward Tunic (WD-TUN)',
        field: "packs.0.items.0.internalId",
      },
      "Hal Harbour is not entitled to Ward Tunic (WD-TUN).",
    ],
    [
      "an address the account may not choose (403)",
      {
        status: 403,
        message: "This account may not choose the delivery address; its orders go to Head office",
        field: "packs.1.addressId",
      },
      "Bo Bandb's pack: This account may not choose the delivery address; its orders go to Head office.",
    ],
  ];
  for (const [what, orderError, message] of refusals) {
    it(`answers ${what} with a 400 naming the wearer, and nothing ordered`, async () => {
      setUp({ checkout: { orderError } });
      const result = (await send(form({ otherRefNum: "PO-9" }))) as Answer & {
        data: { values: Record<string, string> };
      };
      expect(result.init?.status).toBe(400);
      expect(result.data.ok).toBe(false);
      expect(result.data.formError).toBe(message);
      expect(result.data.values).toMatchObject({ otherRefNum: "PO-9", deliveryInstructions: "Ward reception" });
    });
  }

  it("keeps the provider's 409 (the basket ordered in another tab) as a 409", async () => {
    setUp({
      checkout: {
        orderError: {
          status: 409,
          message: "This basket has already been ordered (SO100123). Your basket is now empty.",
          field: "basketVersion",
        },
      },
    });
    const result = (await send(form())) as Answer;
    expect(result.init?.status).toBe(409);
    expect(result.data.formError).toBe("This basket has already been ordered (SO100123). Your basket is now empty.");
  });

  it("refuses a card method while Stripe is not configured before anything is sent, and an emptied basket in words", async () => {
    const { orders } = setUp({
      paymentMethods: [
        { id: 0, name: "On account" },
        { id: 1, name: "Visa" },
      ],
    });
    const card = (await send(form({ paymentMethod: "1" }))) as Answer;
    expect(card.init?.status).toBe(400);
    expect(card.data.formError).toBe(CARD_UNAVAILABLE);
    expect(orders).toEqual([]);

    setUp({ packs: [] });
    const empty = (await send(form())) as Answer;
    expect(empty.init?.status).toBe(400);
    expect(empty.data.formError).toBe(EMPTY_WEARER_PACKS);
  });

  it("refuses a malformed post with field errors, sending nothing", async () => {
    const { orders } = setUp();
    const result = (await send(form({ idempotencyKey: "", paymentMethod: "x", basketVersion: "abc" }))) as Answer;
    expect(result.init?.status).toBe(400);
    expect(Object.keys(result.data.fieldErrors).sort()).toEqual(["basketVersion", "idempotencyKey", "paymentMethod"]);
    expect(orders).toEqual([]);
  });
});
