import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { useDayBeforeResets } from "../../tests/mocks/wearer-day";
import { basketHandlers, emptyBasket } from "../../tests/mocks/upstream/basket";
import { entitlementHandlers } from "../../tests/mocks/upstream/entitlements";
import { wearerFixtures, wearerHandlers } from "../../tests/mocks/upstream/wearers";
import { action, loader } from "./_default.wearer-pack.$contactId";

const t = useRouteTest();
// the fixtures' reset dates are in 2027: the page is read on a fixed day before them
useDayBeforeResets();

const MANPACK = ["canViewManpack", "manpackOrders"];
const WES = "5102";

function setUp(options: { manpack?: unknown[]; ownOnly?: boolean; inactive?: boolean; permissions?: string[] } = {}) {
  const fixtures = wearerFixtures().map((w) =>
    options.inactive && w.internalId === WES ? { ...w, isInactive: true } : w,
  );
  const wearers = wearerHandlers({ wearers: fixtures, ownOnly: options.ownOnly });
  const entitlement = entitlementHandlers({ contactIds: fixtures.map((w) => w.internalId) });
  const basket = basketHandlers({
    store: { state: { ...emptyBasket(), manpack: options.manpack ?? [] } as never, patches: [], reorders: [] },
  });
  t.signIn(
    { permissions: options.permissions ?? MANPACK },
    ...entitlement.handlers,
    ...basket.handlers,
    ...wearers.handlers,
  );
  return { wearers, entitlement, basket: basket.store };
}
const load = (contactId: string) =>
  loader({ request: get(`/wearer-pack/${contactId}`, t.cookie()), params: { contactId }, context: testLoadContext() });
const add = (form: Record<string, string>, contactId = WES) =>
  action({
    request: post(`/wearer-pack/${contactId}`, { intent: "add", ...form }, t.cookie()),
    params: { contactId },
    context: testLoadContext(),
  });

/** A refused post's status and body (a data() answer). */
function refusedWith(result: unknown) {
  const answer = result as {
    init: { status: number } | null;
    data: { ok: boolean; itemId: string | null; fieldErrors: Record<string, string>; formError: string | null };
  };
  return { status: answer.init?.status, ...answer.data };
}
/** One jacket (JKT) already in Wes's pack. */
const jacketInPack = () => [
  {
    employeeId: WES,
    data: [
      {
        productId: "30001",
        parentId: "30001",
        qty: 1,
        scope: "manpack",
        name: "Storm Jacket",
        price: 30,
        thumbnail: "/img/storm.jpg",
      },
    ],
  },
];

describe("/wearer-pack/{contactId}: one wearer's entitlement (issue 15 item 3)", () => {
  it("asks the provider for the wearer, then exactly their entitlement with allocations and variants", async () => {
    const { wearers, entitlement } = setUp();
    await load(WES);
    expect(wearers.ids).toEqual([WES]);
    expect(Object.fromEntries(entitlement.queries[0])).toEqual({
      scope: "manpack",
      contactId: WES,
      grade: "Nurse",
      contactProducts: "true",
      includeAllocation: "true",
      includeChildren: "true",
      $limit: "10000",
    });
  });

  it("shows the wearer, each allowance now, in the pack and left after it, the next reset, and each item's charge and pickers", async () => {
    setUp();
    const data = await load(WES);
    expect(data.wearer).toEqual({
      id: WES,
      name: "Wes Wearer",
      firstName: "Wes",
      employeeRef: "HH-010001",
      grade: "Nurse",
      department: "Maternity",
      costCentre: "CC-310 Women's services",
    });
    expect(data.allowances).toEqual([
      { label: "Jacket", points: false, allowance: 1, inPack: 0, left: 1 },
      { label: "Trousers", points: false, allowance: 4, inPack: 0, left: 4 },
    ]);
    expect(data.nextReset).toBe("15.01.27");
    expect(data.pack).toEqual([]);
    const [jacket, trousers, gloves] = data.items;
    expect(jacket).toMatchObject({
      id: "30001",
      name: "Storm Jacket",
      code: "ST-JKT",
      image: "/img/storm.jpg",
      charge: "Jacket",
      // decision 167: an empty pack with room to spare says nothing under its items (the allowances table says it)
      leftAfterPack: null,
      pickers: [],
      inPack: 0,
    });
    expect(trousers).toMatchObject({
      charge: "Trousers",
      leftAfterPack: null,
      image: "/img/trs-navy.jpg",
    });
    expect(trousers.pickers.map((p) => [p.name, p.values, p.chosen])).toEqual([
      ["size", ["30", "32"], null],
      ["color", ["Navy"], "Navy"],
    ]);
    expect(gloves).toMatchObject({
      charge: "Not limited by an allowance",
      leftAfterPack: null,
      quantity: { step: 2, minimum: 2 },
    });
  });

  it("counts the wearer's pack in the basket against the allowances (a line's item found by its own id or its parent's)", async () => {
    setUp({
      manpack: [
        { employeeId: "5103", data: [{ productId: "30001", parentId: "30001", qty: 1 }] },
        {
          employeeId: WES,
          data: [
            ...jacketInPack()[0].data,
            {
              productId: "30012",
              parentId: "30010",
              qty: 2,
              name: "Ward Trousers 32",
              options: { size: "32", color: "Navy" },
            },
          ],
        },
      ],
    });
    const data = await load(WES);
    expect(data.allowances.map((a) => [a.label, a.inPack, a.left])).toEqual([
      ["Jacket", 1, 0],
      ["Trousers", 2, 2],
    ]);
    expect(data.pack).toEqual([
      { productId: "30001", name: "Storm Jacket", options: "", qty: 1 },
      { productId: "30012", name: "Ward Trousers 32", options: "Size: 32, Colour: Navy", qty: 2 },
    ]);
    expect(data.items.map((i) => [i.leftAfterPack, i.inPack])).toEqual([
      ["Jacket: 0 left", 1],
      ["Trousers: 2 left", 2],
      [null, 0],
    ]);
  });

  it("adds within the allowance: the chosen variant into the wearer's pack, the wearer-pack basket shown, 303 with a toast", async () => {
    const { basket } = setUp({
      manpack: [{ employeeId: "5103", data: [{ productId: "30001", parentId: "30001", qty: 1 }] }],
    });
    const result = await settle(() => add({ productId: "30010", size: "32", color: "Navy", qty: "2" }));
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe(`/wearer-pack/${WES}`);
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Added to Wes Wearer's pack" });
    expect(basket.patches).toEqual([
      {
        manpack: [
          { employeeId: "5103", data: [{ productId: "30001", parentId: "30001", qty: 1 }] },
          {
            employeeId: WES,
            data: [
              {
                price: 18,
                qty: 2,
                productId: "30012",
                parentId: "30010",
                name: "Ward Trousers 32",
                thumbnail: "/img/trs-navy.jpg",
                options: { size: "32", color: "Navy" },
                scope: "manpack",
              },
            ],
          },
        ],
        selectedBasketType: "manpack-order-basket",
      },
    ]);
  });

  it("adds to a pack already held, summing the same product's line", async () => {
    const { basket } = setUp({
      manpack: [
        {
          employeeId: WES,
          data: [{ productId: "30012", parentId: "30010", qty: 1, scope: "manpack", name: "Ward Trousers 32" }],
        },
      ],
    });
    await settle(() => add({ productId: "30010", size: "32", qty: "3" }));
    expect(
      (
        basket.patches[0] as { manpack: Array<{ data: Array<{ productId: string; qty: number }> }> }
      ).manpack[0].data.map((l) => [l.productId, l.qty]),
    ).toEqual([["30012", 4]]);
  });

  it("refuses an add over the allowance in the provider's words, 400, nothing written", async () => {
    const { basket } = setUp();
    const refused = refusedWith(await add({ productId: "30001", qty: "2" }));
    expect(refused).toMatchObject({
      status: 400,
      itemId: "30001",
      formError: "Wes Wearer has 1 JKT allowance left; this pack needs 2",
    });
    const again = refusedWith(await (setUp({ manpack: jacketInPack() }), add({ productId: "30001", qty: "1" })));
    expect(again.formError).toBe("Wes Wearer has 1 JKT allowance left; this pack needs 2");
    expect(basket.patches).toEqual([]);
  });

  it("a quantity outside the item's rules is an error on the quantity, 400, nothing written", async () => {
    const { basket } = setUp();
    for (const qty of ["0", "-1", "1.5", "abc", "3", "100"]) {
      const refused = refusedWith(await add({ productId: "30020", qty }));
      expect(refused.status).toBe(400);
      expect(refused.itemId).toBe("30020");
      expect(refused.fieldErrors.qty).toBeTruthy();
    }
    expect(basket.patches).toEqual([]);
  });

  it("a matrix item without its options chosen is an error on the option, 400, nothing written", async () => {
    const { basket } = setUp();
    const refused = refusedWith(await add({ productId: "30010", qty: "1" }));
    expect(refused).toMatchObject({
      status: 400,
      fieldErrors: { size: "Choose a size" },
      formError: "Choose size to add Ward Trousers to Wes Wearer's pack.",
    });
    expect(basket.patches).toEqual([]);
  });

  it("an item not in the wearer's entitlement (or a variant id, or not an id) is refused, 400, nothing written", async () => {
    const { basket } = setUp();
    for (const productId of ["99999", "30012", "abc"]) {
      const refused = refusedWith(await add({ productId, qty: "1" }));
      expect(refused.status).toBe(400);
      expect(refused.formError).toMatch(/not entitled to that item|not one this wearer may order/);
    }
    expect(basket.patches).toEqual([]);
  });

  it("an unknown intent is refused, 400, nothing written", async () => {
    const { basket } = setUp();
    expect(refusedWith(await add({ intent: "remove", productId: "30001", qty: "1" })).status).toBe(400);
    expect(basket.patches).toEqual([]);
  });

  it("unknown, another customer's, inactive, or not an id: 404, for the page and for a post", async () => {
    const { wearers } = setUp();
    for (const id of ["99999", "abc", "5102x"]) {
      expect(((await settle(() => load(id))) as Response).status).toBe(404);
      expect(((await settle(() => add({ productId: "30001", qty: "1" }, id))) as Response).status).toBe(404);
    }
    // a value that cannot be an id is refused before any call
    expect(wearers.ids).toEqual(["99999", "99999"]);
    setUp({ inactive: true });
    expect(((await settle(() => load(WES))) as Response).status).toBe(404);
  });

  it("a wp_contact_only user opening another wearer: 404, nothing written", async () => {
    const { basket } = setUp({ ownOnly: true });
    expect(((await settle(() => load("5103"))) as Response).status).toBe(404);
    expect(((await settle(() => add({ productId: "30001", qty: "1" }, "5103"))) as Response).status).toBe(404);
    expect(basket.patches).toEqual([]);
    expect((await load(WES)).wearer.name).toBe("Wes Wearer");
  });

  it("without manpackOrders: sent to the dashboard, and the provider is not asked", async () => {
    const { wearers } = setUp({ permissions: ["canViewManpack", "canViewFullCatalogue"] });
    expect(locationOf(await settle(() => load(WES)))).toBe("/");
    expect(wearers.ids).toEqual([]);
  });
});
