import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminPromoHandlers, promotion } from "../../tests/mocks/upstream/admin-promo";
import { action, loader } from "./_default.admin.promo._index";

// /admin/promo (issue 21 item 3, decision 134): the promotions in the admin's order with their status, dates and
// audience in words; status and kind filters; move up / down and delete as posts (PRG with a toast); a promotion gone
// meanwhile an error toast; a non-evolve user refused.
const t = useRouteTest();

function setUp(options: { evolve?: boolean } = {}) {
  const mock = adminPromoHandlers();
  mock.promotions.set(
    "2",
    promotion(2, {
      status: "scheduled",
      startsOn: "2026-12-01",
      endsOn: "2026-12-24",
      audience: "sector",
      sector: { id: "1", name: "Healthcare" },
    }),
  );
  mock.promotions.set(
    "3",
    promotion(3, { status: "ended", audience: "customer", customer: { id: "1001", name: "Northwind Facilities" } }),
  );
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/promo", { loader, action });
const load = (query = "") => route.load(query);
const send = (fields: Record<string, string>, query = "") => route.send(fields, query);

describe("/admin/promo: the list", () => {
  it("lists the promotions in the admin's order: kind, product, dates as dd.mm.yy, status and audience in words", async () => {
    const { queries } = setUp();
    const data = (await load()) as Awaited<ReturnType<typeof loader>>;
    expect(data.rows.map((r) => [r.title, r.kind, r.dates, r.statusWords, r.audience, r.product])).toEqual([
      ["Promotion 1", "Banner", "20.11.26 – 30.11.26", "Live", "All customers", null],
      [
        "Promotion 2",
        "Featured product",
        "01.12.26 – 24.12.26",
        "Scheduled",
        "Sector: Healthcare",
        "Hi-Vis Vest (HV100)",
      ],
      ["Promotion 3", "Banner", "20.11.26 – 30.11.26", "Ended", "Customer: Northwind Facilities", null],
    ]);
    expect(Object.fromEntries(queries.promotions[0])).toEqual({ $limit: "50", $skip: "0" });
  });

  it("status and kind filters are sent; an unknown value shows them all", async () => {
    const { queries } = setUp();
    const data = (await load("?status=scheduled&kind=featured")) as Awaited<ReturnType<typeof loader>>;
    expect(Object.fromEntries(queries.promotions[0])).toMatchObject({ status: "scheduled", kind: "featured" });
    expect(data.rows.map((r) => r.title)).toEqual(["Promotion 2"]);
    await load("?status=soon");
    expect(queries.promotions[1].has("status")).toBe(false);
  });

  it("a non-evolve user is sent to / and nothing is asked", async () => {
    const { queries } = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    expect(queries.promotions).toEqual([]);
  });
});

describe("/admin/promo: the posts", () => {
  it("Move down sends PATCH {move: down} and comes back, filters kept, with a toast", async () => {
    const { writes } = setUp();
    const result = await send({ intent: "down", promoId: "1" }, "?status=live&page=1");
    expect(writes).toEqual([{ method: "PATCH", path: "/api/admin/promotion/1", body: { move: "down" } }]);
    expect(locationOf(result)).toBe("/admin/promo?status=live&page=1");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Promotion 'Promotion 1' moved" });
  });

  it("Move up sends PATCH {move: up}", async () => {
    const { writes } = setUp();
    await send({ intent: "up", promoId: "2" });
    expect(writes).toEqual([{ method: "PATCH", path: "/api/admin/promotion/2", body: { move: "up" } }]);
  });

  it("Delete sends DELETE and says which one went", async () => {
    const { writes, promotions } = setUp();
    const result = await send({ intent: "delete", promoId: "3" });
    expect(writes).toEqual([{ method: "DELETE", path: "/api/admin/promotion/3", body: {} }]);
    expect(promotions.has("3")).toBe(false);
    expect(locationOf(result)).toBe("/admin/promo");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Promotion 'Promotion 3' deleted" });
  });

  it("a promotion gone meanwhile (the provider's 404): an error toast", async () => {
    setUp();
    const result = await send({ intent: "delete", promoId: "99" });
    expect(locationOf(result)).toBe("/admin/promo");
    expect(await toastOf(result)).toEqual({
      kind: "error",
      message: "That promotion could not be found: it may have been deleted meanwhile",
    });
  });

  it.each([
    ["an unknown intent", { intent: "publish", promoId: "1" }],
    ["a promotion that is not an id", { intent: "delete", promoId: "one" }],
    ["no promotion", { intent: "up" }],
  ])("%s: 400, nothing sent", async (_label, fields) => {
    const { writes } = setUp();
    const result = (await send(fields as Record<string, string>)) as { init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(writes).toEqual([]);
  });

  it("a non-evolve user's post is refused and nothing is sent", async () => {
    const { writes } = setUp({ evolve: false });
    expect(locationOf(await send({ intent: "delete", promoId: "1" }))).toBe("/");
    expect(writes).toEqual([]);
  });
});
