import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { PunchoutState } from "~/session/session.server";
import { PUNCHOUT_READ_ONLY } from "~/basket/basket.server";
import { testLoadContext } from "~/http/context";
import { get, post, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { basketHandlers, emptyBasket, type BasketStore } from "../../tests/mocks/upstream/basket";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_basket.basket";

// The basket within a punchout session (decision 111): read-only in inspect, transferred instead of checked out
// without ordering in the portal; a write the provider refuses (403) is answered in its words.
const t = useRouteTest();
const state = (operation: PunchoutState["operation"], orderingAllowed = false): PunchoutState => ({
  id: "po-1",
  protocol: "cxml",
  operation,
  orderingAllowed,
  returnOrigin: "https://buyer.example",
});
const LINE = {
  productId: "20002",
  parentId: "20001",
  qty: 2,
  name: "Hi-Vis Jacket M",
  price: 24.5,
  thumbnail: "/img/hvj-y.jpg",
};

function setUp(inPunchout = true): BasketStore {
  const store: BasketStore = { state: { ...emptyBasket(), stock: [LINE] }, patches: [], reorders: [] };
  const mock = basketHandlers({ store });
  t.signIn({ punchoutSession: inPunchout ? "po-1" : null }, ...mock.handlers);
  return mock.store;
}

async function view(punchout: PunchoutState | null) {
  const cookie = await sessionCookie(punchout ? { token: "token-1", punchout } : { token: "token-1" });
  return loader({ request: get("/basket", cookie), params: {}, context: testLoadContext() });
}

type FormAnswer = { data: { ok: false; formError: string | null }; init: ResponseInit };

async function send(punchout: PunchoutState | null, form: Record<string, string>) {
  const cookie = await sessionCookie(punchout ? { token: "token-1", punchout } : { token: "token-1" });
  return (await t.run(action, post("/basket", form, cookie))) as FormAnswer;
}

describe("/basket within a punchout session", () => {
  it("inspect: the lines are shown read-only", async () => {
    setUp();
    const basket = await view(state("inspect"));
    expect(basket.punchout).toEqual({ readOnly: true, transfer: true });
    expect(basket.lines.map((l) => [l.productId, l.qty])).toEqual([["20002", 2]]);
  });

  it("without ordering in the portal the basket is transferred, with it checked out; outside punchout as ever", async () => {
    setUp();
    expect((await view(state("create"))).punchout).toEqual({ readOnly: false, transfer: true });
    expect((await view(state("edit", true))).punchout).toEqual({ readOnly: false, transfer: false });
    setUp(false);
    expect((await view(null)).punchout).toBeNull();
  });

  it("inspect: every write is refused in the provider's words, nothing written", async () => {
    const store = setUp();
    for (const form of <Record<string, string>[]>[
      { intent: "update", productId: "20002", qty: "5" },
      { intent: "remove", productId: "20002" },
      { intent: "instructions", instructions: "Gate 3" },
      { intent: "basket-type", basketType: "manpack-order-basket" },
    ]) {
      const answer = await send(state("inspect"), form);
      expect(answer.init.status).toBe(403);
      expect(answer.data.formError).toBe(PUNCHOUT_READ_ONLY);
    }
    expect(store.patches).toEqual([]);
  });

  it("a write the provider refuses with 403 answers its words, not an error page", async () => {
    setUp();
    t.server.use(
      http.patch(`${UPSTREAM}/api/basket-session`, () =>
        HttpResponse.json(
          { name: "Forbidden", message: "This punchout session is read-only", code: 403 },
          { status: 403 },
        ),
      ),
    );
    for (const form of <Record<string, string>[]>[
      { intent: "remove", productId: "20002" },
      { intent: "add", productId: "20002", qty: "1" },
    ]) {
      const answer = await send(state("create"), form);
      expect(answer.init.status).toBe(403);
      expect(answer.data.formError).toBe("This punchout session is read-only");
    }
  });
});
