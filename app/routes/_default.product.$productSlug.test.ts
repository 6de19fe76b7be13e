import { beforeEach, describe, expect, it } from "vitest";
import { clearCategoryTrees } from "~/catalogue/category-tree.server";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { categoryHandlers } from "../../tests/mocks/upstream/categories";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { itemAnswer, itemHandlers, list } from "../../tests/mocks/upstream/items";
import { get, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { loader } from "./_default.product.$productSlug";

const server = useUpstreamMock();
// every test its own upstream answers: no category tree kept from the one before
beforeEach(clearCategoryTrees);

const jacket = itemAnswer(20, { hasFinish: false, quantityStep: 5, minimumSaleQuantity: 10 }, [
  { id: 21, options: { size: "M", color: "Yellow" }, price: 24.5 },
  { id: 22, options: { size: "L", color: "Yellow" }, price: 24.5 },
  { id: 23, options: { size: "2XL", color: "Orange" }, price: 26.5 },
]);

type Data = Awaited<ReturnType<typeof loader>>;

async function open(path: string, permissions = ["canViewFullCatalogue"], seen: URLSearchParams[] = []) {
  server.use(
    ...authHandlers({ session: { ...sessionAnswer({ permissions }), wishList: { productIds: ["20"] } } as ReturnType<typeof sessionAnswer> }),
    ...categoryHandlers(),
    ...itemHandlers({
      seen,
      answer: (q) => {
        if (q.get("slug")) return list(q.get("slug") === jacket.slug ? [jacket] : []);
        return list([itemAnswer(30), itemAnswer(31)]);
      },
    }),
  );
  const slug = new URL(`http://x${path}`).pathname.split("/")[2];
  return settle(async () => loader({ request: get(path, await sessionCookie()), params: { productSlug: slug }, context: testLoadContext() }));
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
    expect(data.product).toMatchObject({ price: 10, fromPrice: true, inWishList: true, stockLabel: "In stock", nextDayDelivery: true });
  });

  it("resolves the chosen options to the simple, its price and the item's quantity rules", async () => {
    const data = (await open("/product/product-20?size=2XL")) as Data;
    expect(data.product.chosen).toEqual({ size: "2XL", color: "Orange" });
    expect(data.product.orderable).toEqual({ internalId: "23", step: 5, minimum: 10 });
    expect(data.product).toMatchObject({ price: 26.5, fromPrice: false, productCode: "P20-23" });
  });

  it("hides prices for pricingHidden accounts", async () => {
    const data = (await open("/product/product-20?size=M&color=Yellow", ["canViewFullCatalogue", "pricingHidden"])) as Data;
    expect(data.product.price).toBeNull();
    expect(data.alternatives.every((c) => c.fromPrice === null)).toBe(true);
  });

  it("asks for 8 alternatives in the same category and 4 in-stock products from its parent category", async () => {
    const seen: URLSearchParams[] = [];
    const data = (await open("/product/product-20", ["canViewMyCatalogue"], seen)) as Data;
    const [alternatives, together] = seen.filter((q) => !q.get("slug"));
    expect(Object.fromEntries(alternatives)).toMatchObject({ "class.internalId": "12", "internalId[$ne]": "20", scope: "my", $limit: "8" });
    // asked together with the alternatives, so it asks for 4 more than the 8 alternatives it may have to leave out
    expect(Object.fromEntries(together)).toMatchObject({ "class.internalId": "10", "internalId[$ne]": "20", inStock: "true", $limit: "12" });
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
