import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, sessionCookie } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { adminPromoHandlers } from "../../tests/mocks/upstream/admin-promo";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { cmsHandlers } from "../../tests/mocks/upstream/cms";
import { contentHandlers } from "../../tests/mocks/upstream/content";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { itemAnswer, itemHandlers, list } from "../../tests/mocks/upstream/items";
import { orderHandlers } from "../../tests/mocks/upstream/orders";
import { loader } from "./_default.dashboard";

// The customers' dashboard with /admin/promo's promotions (issue 21 item 3, decision 134): GET /api/promotion's live
// banners become the hero's slides (link, else the product's page), its live featured products the first banner in
// the admin's order (≤ 4, one GET /api/item?internalId[$in]=); none of a kind live → that part as before.
const server = useUpstreamMock();

type Live = NonNullable<Parameters<typeof adminPromoHandlers>[0]>["live"];
async function open(live: Live) {
  const session = sessionAnswer({ permissions: ["canViewFullCatalogue"] });
  session.account.sector = { internalId: "1", name: "Facilities", products: ["101", "102"] } as never;
  const itemQueries: URLSearchParams[] = [];
  const promo = adminPromoHandlers({ live });
  server.use(
    ...authHandlers({ session }),
    ...contentHandlers({}),
    ...cmsHandlers(),
    ...promo.handlers,
    ...itemHandlers({
      seen: itemQueries,
      answer: (q) =>
        q.get("internalId[$in]")
          ? list(
              q
                .get("internalId[$in]")!
                .split(",")
                .map((id) => itemAnswer(Number(id)))
                .reverse(),
            )
          : list([101, 201, 202, 203, 204, 205, 206, 207].map((id) => itemAnswer(id))),
    }),
    ...orderHandlers([], { lists: [], patches: [] }),
  );
  const data = await loader({
    request: get("/dashboard", await sessionCookie()),
    params: {},
    context: testLoadContext(),
  });
  return { data, itemQueries, promoQueries: promo.queries.live };
}
const banner = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  kind: "banner",
  title: `Banner ${id}`,
  text: `Text ${id}`,
  image: null,
  link: null,
  itemId: null,
  ...more,
});
const featured = (id: string, itemId: string) => ({
  id,
  kind: "featured",
  title: `Featured ${id}`,
  text: "",
  image: null,
  link: null,
  itemId,
});

describe("/dashboard with promotions", () => {
  it("live banners are the hero's slides in the admin's order; a banner without a link links its product", async () => {
    const { data, promoQueries } = await open([
      banner("1", { link: "/categories/hi-vis", image: "/images/winter.jpg" }),
      banner("2", { itemId: "301" }),
    ]);
    expect(promoQueries).toHaveLength(1);
    expect(data.hero).toEqual([
      { heading: "Banner 1", text: "Text 1", image: "/images/winter.jpg", link: "/categories/hi-vis" },
      { heading: "Banner 2", text: "Text 2", image: null, link: "/product/301" },
    ]);
  });

  it("live featured products fill the first banner in the admin's order (at most 4)", async () => {
    const { data, itemQueries } = await open([
      featured("1", "305"),
      featured("2", "304"),
      featured("3", "303"),
      featured("4", "302"),
      featured("5", "301"),
    ]);
    expect(itemQueries.find((q) => q.has("internalId[$in]"))?.get("internalId[$in]")).toBe("305,304,303,302");
    expect(data.banners.first.map((c) => c.productId)).toEqual(["305", "304", "303", "302"]);
  });

  it("no promotion live: the CMS hero and the sector products as before", async () => {
    const { data, itemQueries } = await open([]);
    expect(data.hero.map((s) => s.heading)).toEqual(["Winter hi-vis in stock", "Gloves & hands", "Christmas delivery"]);
    expect(itemQueries.find((q) => q.has("internalId[$in]"))?.get("internalId[$in]")).toBe("101,102");
  });
});
