import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { useDayBeforeResets } from "../../tests/mocks/wearer-day";
import { basketHandlers, emptyBasket } from "../../tests/mocks/upstream/basket";
import { wearerHandlers } from "../../tests/mocks/upstream/wearers";
import { loader } from "./_default.wearer-pack._index";

const t = useRouteTest();
// the fixtures' reset dates are in 2027: the page is read on a fixed day before them
useDayBeforeResets();

const MANPACK = ["canViewManpack", "manpackOrders"];

function setUp(
  options: { permissions?: string[]; manpack?: Array<{ employeeId: string; data: unknown[] }>; ownOnly?: boolean } = {},
) {
  const wearers = wearerHandlers({ ownOnly: options.ownOnly });
  const basket = basketHandlers({
    store: { state: { ...emptyBasket(), manpack: options.manpack ?? [] } as never, patches: [], reorders: [] },
  });
  t.signIn({ permissions: options.permissions ?? MANPACK }, ...basket.handlers, ...wearers.handlers);
  return wearers;
}
const load = (search = "") =>
  loader({ request: get(`/wearer-pack${search}`, t.cookie()), params: {}, context: testLoadContext() });

describe("/wearer-pack: the wearers (issue 15 item 2)", () => {
  it("asks for active manpack wearers, 16 a page from the start, without q when none is typed", async () => {
    const { queries } = setUp();
    const data = await load();
    expect(Object.fromEntries(queries[0])).toEqual({
      isInactive: "false",
      manpackUser: "true",
      $limit: "16",
      $skip: "0",
    });
    expect(data.wearers).toHaveLength(16);
    expect([data.page, data.pageCount, data.total, data.q]).toEqual([1, 2, 20, ""]);
  });

  it("a row: name, employee reference, grade, department, cost centre, each allowance left and the next reset date (SPEC date format)", async () => {
    setUp();
    const [wes, pat] = (await load()).wearers;
    expect(wes).toEqual({
      id: "5102",
      name: "Wes Wearer",
      employeeRef: "HH-010001",
      grade: "Nurse",
      department: "Maternity",
      costCentre: "CC-310 Women's services",
      allowances: [
        { label: "Jacket", left: 1, points: false },
        { label: "Trousers", left: 4, points: false },
      ],
      nextReset: "15.01.27",
      inBasket: false,
    });
    expect(pat).toMatchObject({
      name: "Pat Points",
      costCentre: null,
      allowances: [{ label: "Points", left: 65, points: true }],
      nextReset: null,
    });
  });

  it("searches with q (name, reference, department, grade are the provider's to match), trimmed", async () => {
    const { queries } = setUp();
    const data = await load("?q=%20porter%20");
    expect(queries[0].get("q")).toBe("porter");
    expect(data.q).toBe("porter");
    expect(data.total).toBe(18);
    expect(data.wearers.every((w) => w.grade === "Porter")).toBe(true);
    const nurses = await load("?q=Nurse");
    expect(nurses.wearers.map((w) => w.name)).toEqual(["Wes Wearer"]);
  });

  it("page 2 asks $skip=16 and keeps the search", async () => {
    const { queries } = setUp();
    const data = await load("?page=2");
    expect(queries[0].get("$skip")).toBe("16");
    expect(data.wearers.map((w) => w.id)).toEqual(["5124", "5125", "5126", "5127"]);
    expect(data.page).toBe(2);
    await load("?q=porter&page=2");
    expect(Object.fromEntries(queries[1])).toMatchObject({ q: "porter", $skip: "16", $limit: "16" });
  });

  it("a bad ?page is page 1; a page past the end is the last page", async () => {
    const { queries } = setUp();
    for (const bad of ["abc", "0", "-2", "1.5"]) expect((await load(`?page=${bad}`)).page).toBe(1);
    expect(queries.every((q) => q.get("$skip") === "0")).toBe(true);
    const past = await load("?page=9");
    expect(past.page).toBe(2);
    expect(past.wearers).toHaveLength(4);
    expect(queries.slice(-2).map((q) => q.get("$skip"))).toEqual(["128", "16"]);
  });

  it("says which wearers already have a pack in the basket (manpack employeeId = contactId)", async () => {
    setUp({ manpack: [{ employeeId: "5103", data: [] }] });
    const data = await load();
    expect(data.wearers.filter((w) => w.inBasket).map((w) => w.id)).toEqual(["5103"]);
  });

  it("a wp_contact_only user gets what the provider gives: their own contact", async () => {
    setUp({ ownOnly: true });
    const data = await load();
    expect(data.wearers.map((w) => w.name)).toEqual(["Wes Wearer"]);
    expect(data.total).toBe(1);
  });

  it("without manpackOrders: sent to the dashboard, told why, and the provider is not asked", async () => {
    const { queries } = setUp({ permissions: ["canViewManpack", "canViewFullCatalogue"] });
    const result = await settle(() => load());
    expect(locationOf(result)).toBe("/");
    expect(await toastOf(result)).toEqual({ kind: "error", message: "Your account cannot open wearer packs." });
    expect(queries).toEqual([]);
  });
});
