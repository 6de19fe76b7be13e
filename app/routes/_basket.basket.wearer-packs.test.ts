import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { useDayBeforeResets } from "../../tests/mocks/wearer-day";
import {
  basketHandlers,
  emptyBasket,
  ITEMS,
  PACK_ITEMS,
  packWearerHandlers,
  type BasketStore,
} from "../../tests/mocks/upstream/basket";
import { checkoutHandlers } from "../../tests/mocks/upstream/checkout";
import { wearerFixtures } from "../../tests/mocks/upstream/wearers";
import { action, loader } from "./_basket.basket";
import { loader as checkoutLoader } from "./_basket.checkout";

// The wearer-pack basket at /basket (issue 15 item 5): its view, and every pack intent of the basket's one action.

const t = useRouteTest();
// the fixtures' reset dates are in 2027: the basket is read on a fixed day before them
useDayBeforeResets();

const MANPACK = ["canViewManpack", "manpackOrders", "indAddress"];

type FormAnswer = {
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

const line = (item: { internalId: string; displayName: string }, qty: number) => ({
  productId: item.internalId,
  qty,
  name: item.displayName,
});
const { tunic, trousers, socks } = PACK_ITEMS;

/** Wes Wearer (Jacket: 1 left, Trousers: 4 left) with a tunic and two trousers; Pat Points (65 points left) with two tunics and socks. */
const wesPack = () => ({
  employeeId: "5102",
  addressId: "702",
  shippingMethod: "2",
  data: [line(tunic, 1), line(trousers, 2)],
});
const patPack = () => ({ employeeId: "5103", data: [line(tunic, 2), line(socks, 2)] });

function setUp(
  options: {
    manpack?: unknown[];
    permissions?: string[];
    usableAddresses?: string[];
    selected?: string;
    manpackQuote?: Record<string, unknown>;
  } = {},
) {
  const store: BasketStore = {
    state: {
      ...emptyBasket(),
      selectedBasketType: options.selected ?? "manpack-order-basket",
      manpack: options.manpack ?? [wesPack(), patPack()],
    },
    patches: [],
    reorders: [],
  };
  const basket = basketHandlers({ store, items: [...Object.values(ITEMS), ...Object.values(PACK_ITEMS)] });
  const wearers = packWearerHandlers(wearerFixtures());
  const checkout = checkoutHandlers({ usableAddresses: options.usableAddresses, manpackQuote: options.manpackQuote });
  t.signIn(
    { permissions: options.permissions ?? MANPACK },
    ...basket.handlers,
    ...wearers.handlers,
    ...checkout.handlers,
  );
  return { store, wearers, checkout };
}

const send = (form: Record<string, string>) => t.run(action, post("/basket", form, t.cookie()));
const load = () => loader({ request: get("/basket", t.cookie()), params: {}, context: testLoadContext() });

async function refused(form: Record<string, string>, store: BasketStore, status = 400) {
  const result = (await send(form)) as FormAnswer;
  expect(result.init.status).toBe(status);
  expect(store.patches).toEqual([]);
  return result.data.formError;
}

describe("/basket loader, the wearer-pack basket", () => {
  it("shows each wearer (one contact call for all) with their lines, what each charges and the allowance left after the pack", async () => {
    const { wearers } = setUp();
    const view = await load();
    expect(wearers.queries.map((q) => [q.get("internalId[$in]"), q.get("$limit")])).toEqual([["5102,5103", "2"]]);
    const packs = view.wearerPacks!.packs;
    expect(packs.map((p) => [p.employeeId, p.name, p.employeeRef, p.grade, p.inactive, p.itemCount])).toEqual([
      ["5102", "Wes Wearer", "HH-010001", "Nurse", false, 3],
      ["5103", "Pat Points", "HH-010002", "Supervisor", false, 4],
    ]);
    expect(packs[0].lines.map((l) => [l.productId, l.name, l.qty, l.step, l.charges, l.options])).toEqual([
      ["20030", "Ward Tunic M", 1, 1, "Jacket", []],
      ["20031", "Ward Trousers", 2, 1, "Trousers", []],
    ]);
    // Wes: Jacket 2 − 1 used − 1 in the pack; Trousers 4 − 2 in the pack
    expect(packs[0].allowances).toEqual([
      { label: "Jacket", left: 0, points: false },
      { label: "Trousers", left: 2, points: false },
    ]);
    // Pat: 100 − 35 used − (2 × 10 + 2 × 2) points; the socks step is 2
    expect(packs[1].lines.map((l) => [l.charges, l.step])).toEqual([
      ["10 points each", 1],
      ["2 points each", 2],
    ]);
    expect(packs[1].allowances).toEqual([{ label: "Points", left: 41, points: true }]);
    expect(packs.map((p) => p.overAllowance)).toEqual([[], []]);
    expect(packs.map((p) => [p.addressId, p.shippingMethod])).toEqual([
      ["702", "2"],
      [null, null],
    ]);
    expect(view.wearerPacks!.shipMethods).toEqual([
      { internalId: "1", label: "Standard delivery" },
      { internalId: "2", label: "Next day" },
    ]);
  });

  it("a pack over an allowance is shown with the provider's words", async () => {
    setUp({ manpack: [{ ...wesPack(), data: [line(tunic, 2)] }] });
    const [wes] = (await load()).wearerPacks!.packs;
    expect(wes.allowances[0]).toEqual({ label: "Jacket", left: -1, points: false });
    expect(wes.overAllowance).toEqual(["Wes Wearer has 1 JKT allowance left; this pack needs 2"]);
  });

  it("with indAddress every address the provider allows is offered, the default first; without it only the default, fixed", async () => {
    setUp();
    const choosing = (await load()).wearerPacks!;
    expect([choosing.chooseAddress, choosing.addresses.map((a) => a.label)]).toEqual([true, ["Head office", "Depot"]]);
    setUp({ permissions: ["canViewManpack", "manpackOrders"], usableAddresses: ["701"] });
    const fixed = (await load()).wearerPacks!;
    expect([fixed.chooseAddress, fixed.addresses]).toEqual([
      false,
      [{ internalId: "701", label: "Head office", text: "1 Mill Lane, Leeds, LS1 4AP" }],
    ]);
  });

  it("a wearer the provider no longer answers is named by id and marked inactive; the stock basket asks for no wearer", async () => {
    const { wearers } = setUp({ manpack: [{ employeeId: "5999", data: [line(trousers, 1)] }] });
    const [pack] = (await load()).wearerPacks!.packs;
    expect([pack.name, pack.inactive, pack.allowances]).toEqual(["Wearer 5999", true, []]);
    wearers.queries.length = 0;
    setUp({ selected: "stock-order-basket", permissions: [...MANPACK, "canViewFullCatalogue"] });
    const stock = await load();
    expect(stock.wearerPacks).toBeNull();
    expect(stock.packs.map((p) => p.employeeId)).toEqual(["5102", "5103"]);
  });
});

// issue 34 item 6 (decision 166): the wearer-pack basket shows its money, from the function its checkout uses
describe("/basket loader, the wearer-pack basket's money", () => {
  /** The provider's quote of Wes's and Pat's packs: Wes by Next day (his own), Pat by the cheapest, Standard. */
  const quote = {
    forBasket: "manpack",
    shippingMethod: "1",
    subTotal: 67,
    shippingCost: 18.45,
    taxTotal: 17.09,
    total: 102.54,
    totalPence: 10254,
    basketVersion: 1,
    packs: [
      { contactId: "5102", addressId: "702", shippingMethod: "2", subTotal: 48 },
      { contactId: "5103", addressId: "701", shippingMethod: "1", subTotal: 19 },
    ],
  };

  it("lines at today's price, each pack's subtotal, delivery, VAT and total, as the checkout shows them", async () => {
    setUp({ manpackQuote: quote });
    const packs = (await load()).wearerPacks!;
    expect(packs.packs.map((p) => p.lines.map((l) => [l.name, l.amountText]))).toEqual([
      [
        ["Ward Tunic M", "£18.00"],
        ["Ward Trousers", "£30.00"],
      ],
      [
        ["Ward Tunic M", "£36.00"],
        ["Ward Socks (pack of 2)", "£8.00"],
      ],
    ]);
    expect(packs.packs.map((p) => p.subTotalText)).toEqual(["£48.00", "£19.00"]);
    expect(packs.totals).toEqual({
      shippingMethod: "1",
      subTotalText: "£67.00",
      shippingText: "£18.45",
      taxText: "£17.09",
      totalText: "£102.54",
      problem: null,
    });
    // Pat chose no method: the basket names the one the provider will use
    expect(packs.packs.map((p) => [p.shippingMethod, p.defaultMethodText])).toEqual([
      ["2", "Next day – £12.50"],
      [null, "Standard delivery – £5.95"],
    ]);

    setUp({ manpackQuote: quote });
    const checkout = (await t.run(checkoutLoader, get("/checkout", t.cookie()))) as unknown as {
      totals: unknown;
      packs: Array<{ lines: Array<{ amountText: string }>; subTotalText: string | null }>;
    };
    expect(checkout.totals).toEqual(packs.totals);
    expect(checkout.packs.map((p) => p.lines.map((l) => l.amountText))).toEqual(
      packs.packs.map((p) => p.lines.map((l) => l.amountText)),
    );
    expect(checkout.packs.map((p) => p.subTotalText)).toEqual(packs.packs.map((p) => p.subTotalText));
  });

  it("no money and no quote where the account's prices are hidden", async () => {
    const { checkout } = setUp({ permissions: [...MANPACK, "pricingHidden"], manpackQuote: quote });
    const packs = (await load()).wearerPacks!;
    expect(packs.totals).toBeNull();
    expect(packs.packs.flatMap((p) => p.lines.map((l) => l.amountText))).toEqual([null, null, null, null]);
    expect(packs.packs.map((p) => [p.subTotalText, p.defaultMethodText])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(checkout.quoteQueries).toEqual([]);
  });

  it("a quote the provider refuses: the lines keep their prices, the total says why", async () => {
    setUp({
      manpackQuote: { error: { status: 400, message: "Pack 2 is over its allowance", field: "packs.1.items" } },
    });
    const packs = (await load()).wearerPacks!;
    expect(packs.totals?.totalText).toBeNull();
    expect(packs.totals?.problem).toMatch(/Pat Points/);
    expect(packs.packs[0].lines[0].amountText).toBe("£18.00");
  });
});

// issue 34 item 3 (decision 161): the choice of basket only for a user who may use both
describe("/basket loader, which basket", () => {
  it("a wearer-pack-only user lands on the wearer-pack basket whatever was stored, with no choice to make", async () => {
    setUp({ selected: "stock-order-basket" });
    const view = await load();
    expect([view.selectedBasketType, view.choosesBasket]).toEqual(["manpack-order-basket", false]);
    expect(view.wearerPacks?.packs.map((p) => p.employeeId)).toEqual(["5102", "5103"]);
  });

  it("a user with both the stock catalogue and wearer packs chooses; a stock-only user does not", async () => {
    setUp({ selected: "stock-order-basket", permissions: [...MANPACK, "canViewMyCatalogue"] });
    expect((await load()).choosesBasket).toBe(true);
    setUp({ selected: "manpack-order-basket", permissions: ["canViewFullCatalogue"] });
    const stock = await load();
    expect([stock.selectedBasketType, stock.choosesBasket, stock.wearerPacks]).toEqual([
      "stock-order-basket",
      false,
      null,
    ]);
  });

  it("refuses to select a basket the user may not fill with 403, nothing written", async () => {
    const { store } = setUp({ selected: "manpack-order-basket" });
    expect(await refused({ intent: "basket-type", basketType: "stock-order-basket" }, store, 403)).toBe(
      "Your account cannot use that basket.",
    );
  });
});

describe("/basket loader, an empty wearer-pack basket", () => {
  it("is shown empty without asking for wearers, items, addresses or delivery methods", async () => {
    const { wearers, checkout } = setUp({ manpack: [] });
    const view = await load();
    expect(view.selectedBasketType).toBe("manpack-order-basket");
    expect(view.wearerPacks).toBeNull();
    expect([wearers.queries.length, checkout.carriageQueries.length]).toEqual([0, 0]);
  });
});

describe("/basket action, the wearer-pack intents", () => {
  it("pack-update sets a line's quantity within the allowance and writes only the packs", async () => {
    const { store } = setUp();
    const result = await send({ intent: "pack-update", employeeId: "5102", productId: "20031", qty: "4" });
    expect(locationOf(result)).toBe("/basket");
    expect(store.patches).toEqual([
      { manpack: [{ ...wesPack(), data: [line(tunic, 1), line(trousers, 4)] }, patPack()] },
    ]);
  });

  it("pack-update refuses a rise over an allowance in the provider's words, and writes nothing", async () => {
    const { store } = setUp();
    expect(await refused({ intent: "pack-update", employeeId: "5102", productId: "20030", qty: "2" }, store)).toBe(
      "Wes Wearer has 1 JKT allowance left; this pack needs 2",
    );
    expect(await refused({ intent: "pack-update", employeeId: "5102", productId: "20031", qty: "5" }, store)).toBe(
      "Wes Wearer has 4 TRS allowance left; this pack needs 5",
    );
    // points: 65 left, the socks already take 4, so 7 tunics (70) do not fit
    expect(await refused({ intent: "pack-update", employeeId: "5103", productId: "20030", qty: "7" }, store)).toBe(
      "Pat Points has 65 Points allowance left; this pack needs 74",
    );
  });

  it("pack-update takes a lower quantity even while the pack is still over; 0 removes the line, and the last line the pack", async () => {
    const { store } = setUp({ manpack: [{ ...wesPack(), data: [line(tunic, 3)] }, patPack()] });
    await send({ intent: "pack-update", employeeId: "5102", productId: "20030", qty: "2" });
    expect(store.state.manpack).toEqual([{ ...wesPack(), data: [line(tunic, 2)] }, patPack()]);
    await send({ intent: "pack-update", employeeId: "5102", productId: "20030", qty: "0" });
    expect(store.state.manpack).toEqual([patPack()]);
  });

  it.each([
    [{ employeeId: "5103", productId: "20032", qty: "3" }, "Quantity must be a multiple of 2"],
    [{ employeeId: "5102", productId: "20031", qty: "100" }, "Quantity cannot be more than 99"],
    [{ employeeId: "5102", productId: "20031", qty: "two" }, "Quantity must be a whole number"],
    [{ employeeId: "5104", productId: "20031", qty: "1" }, "That wearer has no pack in your basket."],
    [{ employeeId: "5102", productId: "20032", qty: "2" }, "That product is not in this wearer's pack."],
    [{ employeeId: "x1", productId: "20031", qty: "1" }, "That wearer has no pack in your basket."],
    [{ employeeId: "5102", productId: "abc", qty: "1" }, "That product is not available to order."],
  ])("pack-update %j is refused with 400: %s", async (fields, message) => {
    const { store } = setUp();
    expect(await refused({ intent: "pack-update", ...fields }, store)).toBe(message);
  });

  it("pack-update of a product gone from the catalogue only takes 0", async () => {
    const gone = { employeeId: "5102", data: [{ productId: "20099", qty: 1, name: "Old Tunic" }, line(trousers, 1)] };
    const { store } = setUp({ manpack: [gone] });
    expect(await refused({ intent: "pack-update", employeeId: "5102", productId: "20099", qty: "2" }, store)).toBe(
      "That product is not available to order.",
    );
    await send({ intent: "pack-update", employeeId: "5102", productId: "20099", qty: "0" });
    expect(store.patches).toEqual([{ manpack: [{ employeeId: "5102", data: [line(trousers, 1)] }] }]);
  });

  it("pack-remove-line removes one line; an unknown line or wearer is refused", async () => {
    const { store } = setUp();
    expect(await refused({ intent: "pack-remove-line", employeeId: "5102", productId: "20032" }, store)).toBe(
      "That product is not in this wearer's pack.",
    );
    expect(await refused({ intent: "pack-remove-line", employeeId: "5104", productId: "20030" }, store)).toBe(
      "That wearer has no pack in your basket.",
    );
    expect(locationOf(await send({ intent: "pack-remove-line", employeeId: "5103", productId: "20030" }))).toBe(
      "/basket",
    );
    expect(store.patches).toEqual([{ manpack: [wesPack(), { employeeId: "5103", data: [line(socks, 2)] }] }]);
  });

  it("pack-remove removes the wearer's whole pack; a wearer without one is refused", async () => {
    const { store } = setUp();
    expect(await refused({ intent: "pack-remove", employeeId: "5104" }, store)).toBe(
      "That wearer has no pack in your basket.",
    );
    await send({ intent: "pack-remove", employeeId: "5102" });
    expect(store.patches).toEqual([{ manpack: [patPack()] }]);
  });

  it("pack-delivery saves the wearer's address (indAddress) and method", async () => {
    const { store } = setUp();
    expect(
      locationOf(await send({ intent: "pack-delivery", employeeId: "5103", addressId: "702", shippingMethod: "1" })),
    ).toBe("/basket");
    expect(store.patches).toEqual([{ manpack: [wesPack(), { ...patPack(), addressId: "702", shippingMethod: "1" }] }]);
  });

  it("pack-delivery without an address changes only the method (the pack keeps its address, or the customer's default)", async () => {
    const { store } = setUp({ permissions: ["canViewManpack", "manpackOrders"], usableAddresses: ["701"] });
    await send({ intent: "pack-delivery", employeeId: "5102", addressId: "", shippingMethod: "1" });
    expect(store.patches).toEqual([{ manpack: [{ ...wesPack(), shippingMethod: "1" }, patPack()] }]);
  });

  it("pack-delivery refuses an address the account may not choose with 403 in the provider's words", async () => {
    const { store } = setUp({ permissions: ["canViewManpack", "manpackOrders"], usableAddresses: ["701"] });
    expect(
      await refused({ intent: "pack-delivery", employeeId: "5102", addressId: "702", shippingMethod: "1" }, store, 403),
    ).toBe("This account may not choose the delivery address; its orders go to Head office");
  });

  it.each([
    [{ employeeId: "5102", addressId: "799", shippingMethod: "1" }, "Choose one of the delivery addresses shown."],
    [{ employeeId: "5102", addressId: "701", shippingMethod: "9" }, "Choose one of the delivery methods shown."],
    [{ employeeId: "5102", addressId: "701" }, "Choose a delivery method"],
    [{ employeeId: "5102", addressId: "7o1", shippingMethod: "1" }, "Choose one of the delivery addresses shown."],
    [{ employeeId: "5104", addressId: "701", shippingMethod: "1" }, "That wearer has no pack in your basket."],
  ])("pack-delivery %j is refused with 400: %s", async (fields, message) => {
    const { store } = setUp();
    expect(await refused({ intent: "pack-delivery", ...fields } as Record<string, string>, store)).toBe(message);
  });

  it("pack-instructions saves the wearer-pack instructions beside the stock ones; over 2000 characters is refused", async () => {
    const { store } = setUp();
    expect(await refused({ intent: "pack-instructions", instructions: "x".repeat(2001) }, store)).toBe(
      "Delivery instructions can be at most 2000 characters",
    );
    await send({ intent: "pack-instructions", instructions: "Ward 7 reception" });
    expect(store.patches).toEqual([{ instructions: { stock: "", manpack: "Ward 7 reception" } }]);
  });

  it("an account without wearer-pack access is refused every pack intent with 403", async () => {
    const { store } = setUp({ permissions: ["canViewFullCatalogue"] });
    const forms: Array<Record<string, string>> = [
      { intent: "pack-update", employeeId: "5102", productId: "20031", qty: "1" },
      { intent: "pack-remove", employeeId: "5102" },
      { intent: "pack-instructions", instructions: "x" },
    ];
    for (const form of forms) {
      expect(await refused(form, store, 403)).toBe("Your account cannot open wearer packs.");
    }
  });
});
