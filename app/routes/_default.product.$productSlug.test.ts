import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { clearCategoryTrees } from "~/catalogue/category-tree.server";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { categoryHandlers } from "../../tests/mocks/upstream/categories";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { itemAnswer, itemHandlers, list } from "../../tests/mocks/upstream/items";
import { basketHandlers } from "../../tests/mocks/upstream/basket";
import { get, locationOf, post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { GRID_NOT_READ, GRID_NOTHING_TYPED, GRID_REFUSED, NO_STOCK_ORDERING } from "~/catalogue/product.server";
import { action, loader } from "./_default.product.$productSlug";

const t = useRouteTest();
// every test its own upstream answers: no category tree kept from the one before
beforeEach(clearCategoryTrees);

const jacket = itemAnswer(20, { hasFinish: false, quantityStep: 5, minimumSaleQuantity: 10 }, [
  { id: 21, options: { size: "M", color: "Yellow" }, price: 24.5 },
  { id: 22, options: { size: "L", color: "Yellow" }, price: 24.5 },
  { id: 23, options: { size: "2XL", color: "Orange" }, price: 26.5 },
]);
// a garment with a further option: the grid is for the leg length chosen on the page
const trousers = itemAnswer(40, {}, [
  { id: 41, options: { size: "32", color: "Navy", legLength: "Regular" } },
  { id: 42, options: { size: "34", color: "Navy", legLength: "Regular" } },
  { id: 43, options: { size: "32", color: "Navy", legLength: "Tall" } },
  { id: 44, options: { size: "34", color: "Navy", legLength: "Tall" } },
]);
const bySlug = (slug: string | null) => list([jacket, trousers].filter((item) => item.slug === slug));

type Data = Awaited<ReturnType<typeof loader>>;

async function open(path: string, permissions = ["canViewFullCatalogue"], seen: URLSearchParams[] = []) {
  t.server.use(
    ...authHandlers({
      session: { ...sessionAnswer({ permissions }), wishList: { productIds: ["20"] } } as ReturnType<
        typeof sessionAnswer
      >,
    }),
    ...categoryHandlers(),
    ...itemHandlers({
      seen,
      answer: (q) => {
        if (q.get("slug")) return bySlug(q.get("slug"));
        return list([itemAnswer(30), itemAnswer(31)]);
      },
    }),
  );
  const slug = new URL(`http://x${path}`).pathname.split("/")[2];
  return settle(async () =>
    loader({ request: get(path, await sessionCookie()), params: { productSlug: slug }, context: testLoadContext() }),
  );
}

describe("/product/{productSlug}", () => {
  it("answers 404 for an unknown slug", async () => {
    expect(((await open("/product/no-such-thing")) as Response).status).toBe(404);
  });

  it("offers the options and no add-to-basket until they resolve to a simple", async () => {
    const data = (await open("/product/product-20")) as Data;
    expect(data.product.pickers.map((p) => [p.name, p.values])).toEqual([
      ["size", ["M", "L", "2XL"]],
      ["color", ["Yellow", "Orange"]],
    ]);
    expect(data.product.orderable).toBeNull();
    expect(data.product).toMatchObject({
      price: 10,
      fromPrice: true,
      inWishList: true,
      stockLabel: "In stock",
      nextDayDelivery: true,
    });
  });

  it("resolves the chosen options to the simple, its price and the item's quantity rules", async () => {
    const data = (await open("/product/product-20?size=2XL")) as Data;
    expect(data.product.chosen).toEqual({ size: "2XL", color: "Orange" });
    expect(data.product.orderable).toEqual({ internalId: "23", step: 5, minimum: 10 });
    expect(data.product).toMatchObject({ price: 26.5, fromPrice: false, productCode: "P20-23" });
  });

  it("hides prices for pricingHidden accounts", async () => {
    const data = (await open("/product/product-20?size=M&color=Yellow", [
      "canViewFullCatalogue",
      "pricingHidden",
    ])) as Data;
    expect(data.product.price).toBeNull();
    expect(data.alternatives.every((c) => c.fromPrice === null)).toBe(true);
    // decision 058: hidden, not missing — the one wording, never an amount or nothing
    expect(data.product.priceText).toBe("Price on application");
    expect(data.alternatives.every((c) => c.priceText === "Price on application")).toBe(true);
  });

  it("asks for 8 alternatives in the same category and 4 in-stock products from its parent category", async () => {
    const seen: URLSearchParams[] = [];
    const data = (await open("/product/product-20", ["canViewMyCatalogue"], seen)) as Data;
    const [alternatives, together] = seen.filter((q) => !q.get("slug"));
    expect(Object.fromEntries(alternatives)).toMatchObject({
      "class.internalId": "12",
      "internalId[$ne]": "20",
      scope: "my",
      $limit: "8",
    });
    // asked together with the alternatives, so it asks for 4 more than the 8 alternatives it may have to leave out
    expect(Object.fromEntries(together)).toMatchObject({
      "class.internalId": "10",
      "internalId[$ne]": "20",
      inStock: "true",
      $limit: "12",
    });
    expect(data.alternatives.map((c) => c.productId)).toEqual(["30", "31"]);
    expect(data.boughtTogether).toEqual([]);
  });

  it("skips alternatives for a user with no catalogue scope (SPEC §8)", async () => {
    const seen: URLSearchParams[] = [];
    const data = (await open("/product/product-20", ["canViewManpack"], seen)) as Data;
    expect(data.alternatives).toEqual([]);
    expect(seen.filter((q) => !q.get("slug"))).toEqual([]);
  });
});

describe("/product/{productSlug} action: add to basket in one post (decision 062)", () => {
  type Refusal = {
    data: { ok: false; fieldErrors: Record<string, string>; formError: string | null; posted?: unknown };
    init: ResponseInit;
  };

  async function add(form: Record<string, string>, permissions = ["canViewFullCatalogue"]) {
    const basket = basketHandlers({ items: jacket.simples });
    t.signIn({ permissions }, ...itemHandlers({ answer: (q) => bySlug(q.get("slug")) }), ...basket.handlers);
    const result = await settle(async () =>
      action({
        request: post("/product/product-20?size=M", form, await sessionCookie()),
        params: { productSlug: "product-20" },
        context: testLoadContext(),
      }),
    );
    return { result, store: basket.store };
  }

  it("one post with the options and the quantity adds the variant they resolve to and shows it on the page", async () => {
    const { result, store } = await add({ size: "L", color: "Yellow", qty: "15" });
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("/product/product-20?size=L&color=Yellow");
    expect(store.patches).toEqual([
      { stock: [expect.objectContaining({ productId: "22", parentId: "20", qty: 15, price: 24.5 })] },
    ]);
  });

  it("an option with one value needs no choice", async () => {
    const { result, store } = await add({ size: "2XL", qty: "10" });
    expect(locationOf(result)).toBe("/product/product-20?size=2XL&color=Orange");
    expect(store.patches).toEqual([{ stock: [expect.objectContaining({ productId: "23", qty: 10 })] }]);
  });

  it("a missing option is a field error on that option, 400 on the product page, nothing written", async () => {
    const { result, store } = await add({ size: "", color: "Yellow", qty: "10" });
    const answer = result as Refusal;
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ size: "Choose a size" });
    expect(answer.data.formError).toBe("Choose size to add Product 20 to your basket.");
    expect(answer.data.posted).toEqual({ options: { color: "Yellow" }, qty: "10" });
    expect(store.patches).toEqual([]);
  });

  it("a combination that does not exist is refused on the page, nothing written", async () => {
    const { result, store } = await add({ size: "2XL", color: "Yellow", qty: "10" });
    expect((result as Refusal).init.status).toBe(400);
    expect((result as Refusal).data.formError).toBe(
      "Product 20 is not made in that combination of options. Choose another.",
    );
    expect(store.patches).toEqual([]);
  });

  it("the basket's own refusal (a quantity off the step) stays on the page, nothing written", async () => {
    const { result, store } = await add({ size: "M", color: "Yellow", qty: "12" });
    expect((result as Refusal).init.status).toBe(400);
    expect((result as Refusal).data.formError).toMatch(/5/);
    expect(store.patches).toEqual([]);
  });

  it("a browse-only account is refused with 403, nothing written", async () => {
    const { result, store } = await add({ size: "M", color: "Yellow", qty: "10" }, [
      "canViewFullCatalogue",
      "browseOnly",
    ]);
    expect((result as Refusal).init.status).toBe(403);
    expect(store.patches).toEqual([]);
  });

  it("an unknown product is a 404", async () => {
    const basket = basketHandlers({ items: jacket.simples });
    t.signIn({}, ...itemHandlers({ answer: () => list([]) }), ...basket.handlers);
    const result = await settle(async () =>
      action({
        request: post("/product/nope", { qty: "1" }, await sessionCookie()),
        params: { productSlug: "nope" },
        context: testLoadContext(),
      }),
    );
    expect((result as Response).status).toBe(404);
    expect(basket.store.patches).toEqual([]);
  });
});

describe("/product/{productSlug}: the size-and-colour grid (decision 168)", () => {
  it("shows sizes as rows and colours as columns, each cell's field, label, stock and price; not made is no field", async () => {
    const data = (await open("/product/product-20")) as Data;
    expect(data.grid?.colours).toEqual(["Yellow", "Orange"]);
    expect(data.grid?.rows.map((row) => [row.size, ...row.cells.map((c) => c.field)])).toEqual([
      ["M", "qty-21", null],
      ["L", "qty-22", null],
      ["2XL", null, "qty-23"],
    ]);
    expect(data.grid?.rows[2].cells[1]).toEqual({
      colour: "Orange",
      field: "qty-23",
      label: "Quantity, size 2XL, colour Orange",
      step: 5,
      minimum: 10,
      stockLabel: "In stock",
      priceText: "£26.50",
    });
  });

  it("shows no prices in the grid to a prices-hidden account", async () => {
    const data = (await open("/product/product-20", ["canViewFullCatalogue", "pricingHidden"])) as Data;
    expect(data.grid?.rows.flatMap((row) => row.cells.map((c) => ("priceText" in c ? c.priceText : null)))).toEqual(
      Array(6).fill(null),
    );
  });

  it("with a further option, asks for it first, then shows the grid for the one chosen", async () => {
    const before = (await open("/product/product-40?size=32")) as Data;
    expect(before.grid).toBeNull();
    expect(before.gridAfter).toEqual(["leg length"]);
    const after = (await open("/product/product-40?legLength=Tall")) as Data;
    expect(after.gridAfter).toEqual([]);
    expect(after.grid?.fixed).toEqual(["Leg length: Tall"]);
    expect(after.grid?.rows.map((row) => [row.size, ...row.cells.map((c) => c.field)])).toEqual([
      ["32", "qty-43"],
      ["34", "qty-44"],
    ]);
    expect(((await open("/product/product-20")) as Data).gridAfter).toEqual([]);
  });

  it.each([
    ["a wearer-pack-only user (no stock ordering)", ["canViewManpack", "manpackOrders"]],
    ["a browse-only user", ["canViewFullCatalogue", "browseOnly"]],
  ])("offers no grid to %s", async (_who, permissions) => {
    expect(((await open("/product/product-20", permissions)) as Data).grid).toBeNull();
  });
});

describe("/product/{productSlug} action: the grid's one post (decision 168)", () => {
  type GridAnswer = {
    data: { ok: false; form: "grid"; fieldErrors: Record<string, string>; formError: string; typed: object };
    init: ResponseInit;
  };
  const basketAnswer = {
    selectedBasketType: "stock-order-basket",
    stock: [],
    manpack: [],
    instructions: { stock: "", manpack: "" },
    version: 3,
  };

  async function addGrid(
    form: Record<string, string>,
    {
      permissions = ["canViewFullCatalogue"],
      provider = () => HttpResponse.json(basketAnswer, { status: 201 }),
      path = "/product/product-20",
    } = {},
  ) {
    const sent: unknown[] = [];
    t.signIn(
      { permissions },
      ...itemHandlers({ answer: (q) => bySlug(q.get("slug")) }),
      http.post(`${UPSTREAM}/api/basket-lines`, async ({ request }) => {
        sent.push(await request.json());
        return provider();
      }),
    );
    const result = await settle(async () =>
      action({
        request: post(path, { intent: "grid", ...form }, await sessionCookie()),
        params: { productSlug: new URL(`http://x${path}`).pathname.split("/")[2] },
        context: testLoadContext(),
      }),
    );
    return { result, sent, answer: result as GridAnswer };
  }

  it("adds every cell with a quantity as its own line in one call, row by row, and answers 303 with a toast", async () => {
    const { result, sent } = await addGrid({ "qty-23": "15", "qty-22": "", "qty-21": "10" });
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("/product/product-20");
    expect((result as Response).headers.get("Set-Cookie")).toBeTruthy();
    expect(sent).toEqual([
      {
        lines: [
          { productId: "21", qty: 10 },
          { productId: "23", qty: 15 },
        ],
      },
    ]);
  });

  it("with a further option, adds the cells of the one the page chose and goes back to that page", async () => {
    const path = "/product/product-40?legLength=Regular&size=32";
    const { result, sent } = await addGrid({ "qty-41": "2", "qty-42": "3" }, { path });
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe(path);
    expect(sent).toEqual([
      {
        lines: [
          { productId: "41", qty: 2 },
          { productId: "42", qty: 3 },
        ],
      },
    ]);
  });

  it("with a further option, a cell of another choice (or none chosen) is not this page's grid: 400, nothing sent", async () => {
    const other = await addGrid({ "qty-43": "2" }, { path: "/product/product-40?legLength=Regular" });
    expect(other.answer.init.status).toBe(400);
    expect(other.answer.data).toMatchObject({ form: "grid", formError: GRID_NOT_READ });
    const none = await addGrid({ "qty-41": "2" }, { path: "/product/product-40" });
    expect(none.answer.init.status).toBe(400);
    expect(other.sent).toEqual([]);
    expect(none.sent).toEqual([]);
  });

  it("a cell off the item's rules is refused in its cell, the others keep what was typed, nothing is sent", async () => {
    const { answer, sent } = await addGrid({ "qty-21": "10", "qty-22": "12", "qty-23": "5" });
    expect(answer.init.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      form: "grid",
      fieldErrors: { "qty-22": "Quantity must be a multiple of 5", "qty-23": "Quantity must be at least 10" },
      formError: GRID_REFUSED,
      typed: { "qty-21": "10", "qty-22": "12", "qty-23": "5" },
    });
    expect(sent).toEqual([]);
  });

  it("every cell blank or 0 is a clear message, nothing sent", async () => {
    const { answer, sent } = await addGrid({ "qty-21": "0", "qty-22": "", "qty-23": "00" });
    expect(answer.init.status).toBe(400);
    expect(answer.data.formError).toBe(GRID_NOTHING_TYPED);
    expect(sent).toEqual([]);
  });

  it.each([
    ["a variant of another product", { "qty-99": "1" }, GRID_NOT_READ],
    ["a cell longer than any quantity", { "qty-21": "1".repeat(21) }, GRID_NOT_READ],
    ["letters in a cell", { "qty-21": "ten" }, GRID_REFUSED],
  ])("bad input (%s) is a 400 on the grid, nothing sent", async (_case, form, message) => {
    const { answer, sent } = await addGrid(form);
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({ form: "grid", formError: message });
    expect(sent).toEqual([]);
  });

  it("the provider's refusal of a line is shown in that line's cell", async () => {
    const { answer, sent } = await addGrid(
      { "qty-21": "10", "qty-23": "95" },
      {
        provider: () =>
          HttpResponse.json(
            {
              name: "BadRequest",
              message: "Nothing was added: 1 line was refused (…)",
              code: 400,
              errors: {
                "lines.1.qty": "You already have 5 of Product 20 in your basket; a basket line cannot be more than 99.",
              },
            },
            { status: 400 },
          ),
      },
    );
    expect(sent).toHaveLength(1);
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      "qty-23": "You already have 5 of Product 20 in your basket; a basket line cannot be more than 99.",
    });
    expect(answer.data.formError).toBe(GRID_REFUSED);
  });

  it("the provider's refusal of the whole add (a read-only punchout basket) is shown above the grid", async () => {
    const { answer } = await addGrid(
      { "qty-21": "10" },
      {
        provider: () =>
          HttpResponse.json(
            { name: "Forbidden", message: "This punchout session is read-only", code: 403 },
            { status: 403 },
          ),
      },
    );
    expect(answer.init.status).toBe(403);
    expect(answer.data).toMatchObject({ fieldErrors: {}, formError: "This punchout session is read-only" });
  });

  it.each([
    ["a wearer-pack-only user", ["canViewManpack", "manpackOrders"], NO_STOCK_ORDERING],
    [
      "a browse-only user",
      ["canViewFullCatalogue", "browseOnly"],
      "Your account can browse the catalogue but not order.",
    ],
  ])("refuses %s with 403, nothing sent", async (_who, permissions, message) => {
    const { answer, sent } = await addGrid({ "qty-21": "10" }, { permissions });
    expect(answer.init.status).toBe(403);
    expect(answer.data.formError).toBe(message);
    expect(sent).toEqual([]);
  });
});
