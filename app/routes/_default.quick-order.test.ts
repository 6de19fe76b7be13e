import { describe, expect, it } from "vitest";
import { post } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { basketHandlers, emptyBasket, ITEMS } from "../../tests/mocks/upstream/basket";
import { action } from "./_default.quick-order";

const t = useRouteTest();

type Answer = {
  data:
    | {
        ok: true;
        report: Array<{ row: number; code: string; added: boolean; reason: string | null }>;
        added: number;
        kept: Array<{ text: string; reason: string }>;
      }
    | { ok: false; fieldErrors: Record<string, string> };
  init: ResponseInit;
};

function setUp(stock: Array<Record<string, unknown>> = []) {
  const mock = basketHandlers({ store: { state: { ...emptyBasket(), stock }, patches: [], reorders: [] } });
  t.signIn({}, ...mock.handlers);
  return mock.store;
}

const run = (request: Request) => t.run(action, request) as Promise<Answer>;
/** The box's lines posted as typed. */
const sendLines = (lines: string) => run(post("/quick-order", { lines }, t.cookie()));

describe("/quick-order", () => {
  it("adds the good lines in one write and reports each refused line with its reason", async () => {
    const store = setUp();
    const answer = await sendLines("hv-jkt-m, 2\nGLV-RIG,3\nNOPE,1\nHV-JKT,1\nGLV-RIG,4");
    expect(answer.init.status).toBe(200);
    if (!answer.data.ok) throw new Error("expected a report");
    expect(answer.data.report.map((l) => [l.row, l.code, l.added, l.reason])).toEqual([
      [1, "HV-JKT-M", true, null],
      [2, "GLV-RIG", false, "Quantity must be a multiple of 2"],
      [3, "NOPE", false, "No product has the code NOPE."],
      [4, "HV-JKT", false, "Choose a size or colour of Hi-Vis Jacket first."],
      [5, "GLV-RIG", true, null],
    ]);
    expect(store.patches).toHaveLength(1);
    expect(store.state.stock.map((l) => [l.productId, l.qty, l.price])).toEqual([
      ["20002", 2, 24.5],
      ["20010", 4, 6],
    ]);
  });

  it("adds a product whose price is hidden from the account, as the product page and basket do (decision 058)", async () => {
    const store = { state: { ...emptyBasket(), stock: [] }, patches: [], reorders: [] };
    const mock = basketHandlers({ store, items: [{ ...ITEMS.jacketM, price: null }] });
    t.signIn({ permissions: ["canViewFullCatalogue", "pricingHidden"] }, ...mock.handlers);
    const answer = await sendLines("HV-JKT-M,2");
    expect(answer.init.status).toBe(200);
    expect(mock.store.state.stock).toEqual([expect.objectContaining({ productId: "20002", qty: 2, price: null })]);
  });

  it("switches the basket shown to the stock basket when the wearer-pack basket was selected", async () => {
    const store = setUp();
    store.state = { ...store.state, selectedBasketType: "manpack-order-basket" };
    await sendLines("HV-JKT-M, 1");
    expect(store.patches).toEqual([
      { stock: [expect.objectContaining({ productId: "20002", qty: 1 })], selectedBasketType: "stock-order-basket" },
    ]);
  });

  it("reads an uploaded CSV file (header row skipped) instead of the typed lines", async () => {
    const store = setUp();
    const form = new FormData();
    form.set("lines", "");
    form.set("file", new File(["code,qty\nHV-JKT-M,1\n"], "lines.csv", { type: "text/csv" }));
    const request = new Request("http://portal.test/quick-order", {
      method: "POST",
      body: form,
      headers: { Cookie: t.cookie(), Origin: "http://portal.test" },
    });
    const answer = await run(request);
    expect(answer.init.status).toBe(200);
    expect(store.state.stock.map((l) => [l.productId, l.qty])).toEqual([["20002", 1]]);
  });

  it("answers 400 and writes nothing when no line could be added", async () => {
    const store = setUp();
    const answer = await sendLines("NOPE,1\nHV-JKT-M,100");
    expect(answer.init.status).toBe(400);
    expect(store.patches).toEqual([]);
    // every line stays in the box, each with its reason (issue 34 item 5)
    expect(answer.data.ok && answer.data.kept.map((l) => l.text)).toEqual(["NOPE, 1", "HV-JKT-M, 100"]);
  });

  it("after a partial failure gives back the lines that did not go in, with their reasons, in the order typed (issue 34 item 5)", async () => {
    const store = setUp();
    const answer = await sendLines("hv-jkt-m, 2\nGLV-RIG,3\nHV200-YEL-M-PLAIN, 2\none, two, three\nGLV-RIG,4");
    expect(answer.init.status).toBe(200);
    if (!answer.data.ok) throw new Error("expected a report");
    expect(answer.data.added).toBe(2);
    expect(answer.data.kept).toEqual([
      { text: "GLV-RIG, 3", reason: "Quantity must be a multiple of 2" },
      { text: "HV200-YEL-M-PLAIN, 2", reason: "No product has the code HV200-YEL-M-PLAIN." },
      { text: "one, two, three", reason: "Expected a product code and a quantity only" },
    ]);
    expect(store.state.stock.map((l) => [l.productId, l.qty])).toEqual([
      ["20002", 2],
      ["20010", 4],
    ]);
  });

  it("a line that was added is not given back: posting the box again adds nothing twice", async () => {
    const store = setUp();
    const first = await sendLines("HV-JKT-M, 1\nNOPE, 1");
    if (!first.data.ok) throw new Error("expected a report");
    const again = await sendLines(first.data.kept.map((l) => l.text).join("\n"));
    expect(again.init.status).toBe(400);
    expect(store.state.stock.map((l) => [l.productId, l.qty])).toEqual([["20002", 1]]);
  });

  it("answers 400 with a field message for an empty form", async () => {
    const store = setUp();
    const answer = await sendLines("  \n");
    expect(answer.init.status).toBe(400);
    expect(answer.data.ok ? null : answer.data.fieldErrors.lines).toBe(
      "Enter at least one product code and quantity, or upload a CSV file",
    );
    expect(store.patches).toEqual([]);
  });
});
