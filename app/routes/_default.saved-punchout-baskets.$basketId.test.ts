import { captureLogs } from "~/http/log.server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { finalisePunchoutApproval, NOT_LOADED } from "~/checkout/punchout-approval.server";
import { OWN_BASKET_REFUSAL } from "~/domain/punchout-approval";
import { testLoadContext } from "~/http/context";
import { createUpstreamClient } from "~/upstream/client.server";
import { get, locationOf, post, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { basketHandlers, emptyBasket, ITEMS, type BasketStore } from "../../tests/mocks/upstream/basket";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import {
  punchoutBasket,
  punchoutBasketHandlers,
  type PunchoutRecord,
} from "../../tests/mocks/upstream/punchout-baskets";
import { action, loader } from "./_default.saved-punchout-baskets.$basketId";
import { loader as listLoader } from "./_default.saved-punchout-baskets._index";

const t = useRouteTest();
afterEach(() => {
  vi.restoreAllMocks();
});

const approver = () =>
  sessionAnswer({ permissions: ["canViewFullCatalogue", "orderApproval"], setting: { isApprover: true } });
const notApprover = () =>
  sessionAnswer({ permissions: ["canViewFullCatalogue", "orderApproval"], setting: { isApprover: false } });

type FormAnswer = {
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

function setUp(
  options: {
    baskets?: PunchoutRecord[];
    approve?: "ok" | number;
    held?: string | null;
    session?: ReturnType<typeof sessionAnswer>;
  } = {},
) {
  const state = {
    ...emptyBasket(),
    stock: [{ productId: "20099", qty: 1 }],
    ...(options.held
      ? { basketIdForApproval: options.held, approvedOrderAddressId: "701", punchoutLoadedBasket: true }
      : {}),
  };
  const basket = basketHandlers({ store: { state, patches: [], reorders: [] } });
  const punchout = punchoutBasketHandlers(options.baskets ?? [punchoutBasket()], { approve: options.approve });
  t.server.use(...authHandlers({ session: options.session ?? approver() }), ...basket.handlers, ...punchout.handlers);
  return { basket: basket.store, calls: punchout.calls };
}

const send = (form: Record<string, string>, basketId = "650") =>
  t.run(action, post(`/saved-punchout-baskets/${basketId}`, form, t.cookie()), { basketId });
const open = (basketId = "650") => t.run(loader, get(`/saved-punchout-baskets/${basketId}`, t.cookie()), { basketId });

// the approval keys set after loading (the load's own stock write clears them first: a loaded basket replaces any other)
const approvalPatches = (store: BasketStore) =>
  store.patches.filter((p) => typeof p === "object" && p !== null && "basketIdForApproval" in p && !("stock" in p));

describe("/saved-punchout-baskets (list)", () => {
  it("asks for the customer's punched-out baskets awaiting approval and shows requester, date, lines and total", async () => {
    const { calls } = setUp({ held: "650" });
    const data = await listLoader({
      request: get("/saved-punchout-baskets?page=2", t.cookie()),
      params: {},
      context: testLoadContext(),
    });
    expect(Object.fromEntries(calls.lists[0])).toMatchObject({
      is_punchout: "true",
      punchout_approved: "false",
      checked_out: "false",
      toApprove: "true",
      $limit: "16",
      $skip: "16",
      "$sort[created_at]": "-1",
    });
    expect(data.baskets).toEqual([
      expect.objectContaining({
        id: "650",
        name: "Ariba requisition 4471",
        requester: "Priya Sharma",
        created: "20.11.26",
        lineCount: 2,
        total: "£73.00",
        loaded: true,
      }),
    ]);
  });

  it("sends a user who is not an approver home", async () => {
    setUp({ session: notApprover() });
    const result = await t.run(listLoader, get("/saved-punchout-baskets", t.cookie()));
    expect(locationOf(result)).toBe("/");
  });
});

describe("/saved-punchout-baskets/{id}", () => {
  it("shows one basket's lines and whether it is held for approval", async () => {
    setUp();
    const data = (await open()) as Awaited<ReturnType<typeof loader>>;
    expect(data.basket.lines.map((l) => [l.name, l.qty, l.price, l.lineTotal])).toEqual([
      ["Hi-Vis Jacket M", 2, "£24.50", "£49.00"],
      ["Rigger Gloves (pack of 2)", 4, "£6.00", "£24.00"],
    ]);
    expect(data).toMatchObject({ loaded: false, otherLoaded: false, basket: { awaiting: true, hasAddress: true } });
  });

  it.each([
    ["another customer's (the provider answers 404)", "777"],
    ["an ordinary saved basket", "651"],
    ["a malformed id", "abc"],
  ])("%s → 404", async (_what, basketId) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    setUp({ baskets: [punchoutBasket(), punchoutBasket({ id: 651, is_punchout: 0 })] });
    expect(((await open(basketId)) as Response).status).toBe(404);
    const loaded = (await send({ intent: "load" }, basketId)) as FormAnswer | Response;
    expect(loaded instanceof Response ? loaded.status : loaded.init.status).toBe(404);
  });

  it("load: the lines replace the basket and the basket-session holds the approval keys", async () => {
    const { basket, calls } = setUp();
    const result = await send({ intent: "load" });
    expect(locationOf(result)).toBe("/saved-punchout-baskets/650");
    // the lines and the saved basket they came from in one PATCH, kept upstream for checkout (decision 077)
    expect(basket.patches).toContainEqual(expect.objectContaining({ stock: expect.any(Array), loadedBasket: "650" }));
    expect(basket.state.loadedBasket).toBe("650");
    expect(basket.state.stock.map((l) => [l.productId, l.qty])).toEqual([
      ["20002", 2],
      ["20010", 4],
    ]);
    expect(approvalPatches(basket)).toEqual([
      { basketIdForApproval: "650", approvedOrderAddressId: "701", punchoutLoadedBasket: true },
    ]);
    expect(calls.patches).toEqual([]);
    expect((await toastOf(result))?.message).toMatch(/It is waiting for your approval\.$/);
  });

  it("load by an approver whose prices are hidden: no line is dropped for want of a price (decision 058)", async () => {
    const basket = basketHandlers({ items: Object.values(ITEMS).map((item) => ({ ...item, price: null })) });
    const punchout = punchoutBasketHandlers([punchoutBasket()]);
    const session = sessionAnswer({
      permissions: ["canViewFullCatalogue", "orderApproval", "pricingHidden"],
      setting: { isApprover: true },
    });
    t.signIn(session, ...basket.handlers, ...punchout.handlers);
    const result = await send({ intent: "load" });
    expect(locationOf(result)).toBe("/saved-punchout-baskets/650");
    expect(basket.store.state.stock.map((l) => [l.productId, l.qty, l.price])).toEqual([
      ["20002", 2, null],
      ["20010", 4, null],
    ]);
    expect(basket.store.state.basketIdForApproval).toBe("650");
  });

  it("load without an address_id: logged as an error, still loaded (SPEC §8)", async () => {
    const log = captureLogs();
    const { basket } = setUp({ baskets: [punchoutBasket({ address_id: null })] });
    expect(locationOf(await send({ intent: "load" }).finally(log.stop))).toBe("/saved-punchout-baskets/650");
    expect(approvalPatches(basket)).toEqual([
      { basketIdForApproval: "650", approvedOrderAddressId: null, punchoutLoadedBasket: true },
    ]);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ level: "error", basketId: "650", msg: expect.stringContaining("has no address_id") }),
    );
  });

  it("load of a basket failing the shape check empties the basket and answers the error (SPEC §4, §8)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { basket } = setUp({
      baskets: [punchoutBasket({ itemsArray: [{ internalId: "20002", parent: "20001", qty: "two" }] })],
    });
    const result = (await send({ intent: "load" })) as FormAnswer;
    expect(result.init.status).toBe(422);
    expect(result.data.formError).toContain('Invalid value at field "stock[0].qty"');
    expect(basket.state.stock).toEqual([]);
    expect(approvalPatches(basket)).toEqual([]);
  });

  it.each([
    [{ punchout_approved: 1 }, '"Ariba requisition 4471" has already been approved.'],
    [{ punchout_approved: 1, checked_out: 1 }, '"Ariba requisition 4471" has already been ordered.'],
  ])("load of a decided basket %j → 409, nothing changed", async (flags, message) => {
    const { basket } = setUp({ baskets: [punchoutBasket(flags)] });
    const result = (await send({ intent: "load" })) as FormAnswer;
    expect(result.init.status).toBe(409);
    expect(result.data.formError).toBe(message);
    expect(basket.patches).toEqual([]);
  });

  it("decision 138: a basket the approver saved themselves shows why, and loading it for approval is a 403, nothing changed", async () => {
    // the session's user is user 1
    const { basket, calls } = setUp({
      baskets: [punchoutBasket({ user: { id: 1, firstName: "Bea", lastName: "Buyer", email: "buyer@demo.test" } })],
    });
    const data = (await open()) as Awaited<ReturnType<typeof loader>>;
    expect(data.basket).toMatchObject({ awaiting: false, refusal: OWN_BASKET_REFUSAL });
    const result = (await send({ intent: "load" })) as FormAnswer;
    expect(result.init.status).toBe(403);
    expect(result.data.formError).toBe(OWN_BASKET_REFUSAL);
    expect(basket.patches).toEqual([]);
    expect(calls.patches).toEqual([]);
  });

  it("approve: PATCH /api/saved-basket/650 {punchout_approved: 1}, then basketIdForApproval cleared, a toast and the list", async () => {
    const { basket, calls } = setUp({ held: "650" });
    const result = await send({ intent: "approve" });
    expect(calls.patches).toEqual([{ id: "650", body: { punchout_approved: 1 } }]);
    expect(basket.patches).toEqual([{ basketIdForApproval: null }]);
    expect(basket.state.basketIdForApproval).toBeNull();
    expect(locationOf(result)).toBe("/saved-punchout-baskets");
    expect(await toastOf(result)).toEqual({ kind: "success", message: 'Approved "Ariba requisition 4471"' });
  });

  it.each([
    [
      500,
      "Punchout basket 650 could not be approved: the ordering service did not accept the approval. Load it for approval again to retry.",
    ],
    [403, "Punchout basket 650 could not be approved: Only an approver may approve a punched-out basket."],
  ])(
    "approve refused upstream (%i): logged, basketIdForApproval still cleared, the message shown",
    async (status, message) => {
      const log = captureLogs();
      const { basket, calls } = setUp({ held: "650", approve: status });
      const result = await send({ intent: "approve" }).finally(log.stop);
      expect(calls.patches).toEqual([{ id: "650", body: { punchout_approved: 1 } }]);
      expect(basket.patches).toEqual([{ basketIdForApproval: null }]);
      expect(locationOf(result)).toBe("/saved-punchout-baskets");
      expect(await toastOf(result)).toEqual({ kind: "error", message });
      expect(log.lines()).toContainEqual(
        expect.objectContaining({
          level: "error",
          msg: "punchout finalise of saved basket 650 failed",
          failure: expect.stringMatching(status === 500 ? /^502 / : /^403 /),
        }),
      );
    },
  );

  it("approve a basket that was not loaded for approval → 409, nothing sent", async () => {
    const { basket, calls } = setUp({ held: "649" });
    const result = (await send({ intent: "approve" })) as FormAnswer;
    expect(result.init.status).toBe(409);
    expect(result.data.formError).toBe(NOT_LOADED);
    expect(calls.patches).toEqual([]);
    expect(basket.patches).toEqual([]);
  });

  it("an unknown intent → 400", async () => {
    setUp();
    const result = (await send({ intent: "delete" })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe("Choose Load for approval or Approve basket");
  });

  it("a user who is not an approver: the page sends them home, the actions are 403 and nothing is sent", async () => {
    const { basket, calls } = setUp({ session: notApprover(), held: "650" });
    expect(locationOf(await open())).toBe("/");
    expect(((await send({ intent: "load" })) as Response).status).toBe(403);
    expect(((await send({ intent: "approve" })) as Response).status).toBe(403);
    expect(calls.patches).toEqual([]);
    expect(basket.patches).toEqual([]);
  });
});

describe("finalisePunchoutApproval (for checkout)", () => {
  const user = () => ({ upstream: createUpstreamClient(get("/checkout"), "token-1") });

  it("does nothing when no basket is held for approval", async () => {
    const { basket, calls } = setUp();
    expect(await finalisePunchoutApproval(user())).toBeNull();
    expect(calls.patches).toEqual([]);
    expect(basket.patches).toEqual([]);
  });

  it("approves the held basket and clears the id; a basket gone meanwhile is a failure, still cleared", async () => {
    const { basket } = setUp({ held: "650" });
    expect(await finalisePunchoutApproval(user())).toEqual({
      ok: true,
      basketId: "650",
      message: 'Approved "Ariba requisition 4471"',
    });
    expect(basket.state.basketIdForApproval).toBeNull();

    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const gone = setUp({ held: "999" });
    expect(await finalisePunchoutApproval(user())).toMatchObject({ ok: false, basketId: "999", status: 404 });
    expect(gone.basket.patches).toEqual([{ basketIdForApproval: null }]);
  });
});
