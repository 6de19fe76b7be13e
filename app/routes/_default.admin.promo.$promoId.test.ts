import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest, type Refusal } from "../../tests/mocks/route";
import { adminPromoHandlers, promotion } from "../../tests/mocks/upstream/admin-promo";
import { action, loader } from "./_default.admin.promo.$promoId";
import { action as newAction, loader as newLoader } from "./_default.admin.promo.new";

// /admin/promo/new and /admin/promo/{id} (issue 21 item 3, decision 134): the form's values (dates as the date inputs take them), the
// sector, customer and product pickers; create (POST) and save (PATCH) with exactly the fields, the audience's sector
// or customer only with it; zod's refusals (dates by date-fns) under their fields with nothing sent; the provider's
// 400 and 404 under theirs; an unknown promotion the 404 page; delete; a non-evolve user refused.
const t = useRouteTest();

function setUp(options: { evolve?: boolean } = {}) {
  const mock = adminPromoHandlers();
  mock.promotions.set(
    "3",
    promotion(3, {
      audience: "customer",
      customer: { id: "1001", name: "Northwind Facilities" },
      item: { id: "20002", itemCode: "HV200", displayName: "Hi-Vis Jacket" },
    }),
  );
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const newPromo = t.route("/admin/promo/new", { loader: newLoader, action: newAction });
const promo = t.route("/admin/promo/:promoId", { loader, action });
const load = (promoId: string, query = "") =>
  promoId === "new" ? newPromo.load(query) : promo.load({ query, params: { promoId } });
const send = (promoId: string, fields: Array<[string, string]>) =>
  promoId === "new" ? newPromo.send(fields) : promo.send(fields, { params: { promoId } });
type Data = Awaited<ReturnType<typeof loader>>;
type Refused = Refusal<Record<string, string>>;

const BANNER: Array<[string, string]> = [
  ["intent", "save"],
  ["kind", "banner"],
  ["title", " Winter warmers "],
  ["text", "Fleeces for the cold months"],
  ["image", "/images/winter.jpg"],
  ["link", ""],
  ["itemId", "20001"],
  ["startsOn", "01.12.26"],
  ["endsOn", "2026-12-24"],
  ["audience", "sector"],
  ["sectorId", "1"],
  ["customerId", "1002"],
];
const changed = (field: string, value: string) =>
  [...BANNER.filter(([k]) => k !== field), [field, value]] as Array<[string, string]>;

describe("/admin/promo/{id}: the form's page", () => {
  it("a promotion's values as the form shows them, its product and customer offered, the sectors and customers", async () => {
    const { queries } = setUp();
    const data = (await load("3")) as Data;
    expect(data.values).toEqual({
      kind: "banner",
      title: "Promotion 3",
      text: "Text 3",
      image: "",
      link: "",
      itemId: "20002",
      startsOn: "2026-11-20",
      endsOn: "2026-11-30",
      audience: "customer",
      sectorId: "",
      customerId: "1001",
    });
    expect(data.products).toEqual([{ value: "20002", label: "Hi-Vis Jacket (HV200)" }]);
    expect(data.sectors).toEqual([
      { value: "2", label: "Facilities" },
      { value: "1", label: "Healthcare" },
    ]);
    expect(data.customers.map((c) => c.label)).toEqual(["Harbour Health Trust", "Northwind Facilities"]);
    expect(queries.products).toEqual([]);
  });

  it("new: empty values; ?productQ= finds products (16) and ?customerQ= narrows the customers", async () => {
    const { queries } = setUp();
    const data = (await load("new", "?productQ=vest&customerQ=harb")) as Data;
    expect(data.promoId).toBeNull();
    expect(data.values).toMatchObject({ kind: "banner", title: "", audience: "all" });
    expect(Object.fromEntries(queries.products[0])).toEqual({ q: "vest", $limit: "16", $skip: "0" });
    expect(data.products).toEqual([{ value: "20001", label: "Hi-Vis Vest (HV100)" }]);
    expect(queries.customers[0].get("q")).toBe("harb");
  });

  it("an unknown promotion, or one that is not an id, is the 404 page", async () => {
    setUp();
    for (const id of ["99", "abc"]) {
      const thrown = (await load(id)) as Response;
      expect(thrown).toBeInstanceOf(Response);
      expect(thrown.status).toBe(404);
    }
  });

  it("a non-evolve user is sent to /", async () => {
    const { queries } = setUp({ evolve: false });
    expect(locationOf(await load("3"))).toBe("/");
    expect(queries.sectors).toEqual([]);
  });
});

describe("/admin/promo/new and /{id}: the posts", () => {
  /** BANNER's fields as the provider is sent them, besides the kind and the audience (dates as YYYY-MM-DD). */
  const BANNER_SENT = {
    title: "Winter warmers",
    text: "Fleeces for the cold months",
    image: "/images/winter.jpg",
    link: null,
    itemId: "20001",
    startsOn: "2026-12-01",
    endsOn: "2026-12-24",
  };

  it("create: POST with every field (dates as YYYY-MM-DD, the sector only), then the list with a toast", async () => {
    const { writes } = setUp();
    const result = await send("new", BANNER);
    expect(writes).toEqual([
      {
        method: "POST",
        path: "/api/admin/promotion",
        body: {
          kind: "banner",
          ...BANNER_SENT,
          audience: "sector",
          sectorId: "1",
        },
      },
    ]);
    expect(locationOf(result)).toBe("/admin/promo");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Promotion 'Winter warmers' created" });
  });

  it("save: PATCH without the kind, the customer only with audience customer", async () => {
    const { writes } = setUp();
    const result = await send("3", [
      ...changed("audience", "customer").filter(([k]) => k !== "kind"),
      ["kind", "featured"],
    ]);
    expect(writes).toEqual([
      {
        method: "PATCH",
        path: "/api/admin/promotion/3",
        body: {
          ...BANNER_SENT,
          audience: "customer",
          customerId: "1002",
        },
      },
    ]);
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Promotion 'Winter warmers' saved" });
  });

  it("audience all: neither sector nor customer is sent", async () => {
    const { writes } = setUp();
    await send("3", changed("audience", "all"));
    expect(writes[0].body).not.toHaveProperty("sectorId");
    expect(writes[0].body).not.toHaveProperty("customerId");
  });

  const SITE_PATH = "Enter a path on this site, starting with / (for example /categories/hi-vis)";
  const without = (field: string, form: Array<[string, string]>) => form.filter(([k]) => k !== field);
  it.each([
    ["no kind on creation", changed("kind", ""), "kind", "Choose a banner or a featured product"],
    ["no title", changed("title", "  "), "title", "Enter a title"],
    ["a title over 120 characters", changed("title", "x".repeat(121)), "title", "Use at most 120 characters"],
    ["an image that is not a site path", changed("image", "https://evil.test/x.png"), "image", SITE_PATH],
    ["a link starting //", changed("link", "//evil.test"), "link", SITE_PATH],
    ["a product that is not an id", changed("itemId", "HV100"), "itemId", "Choose a product from the list"],
    ["no start date", changed("startsOn", ""), "startsOn", "Enter the start date"],
    [
      "a start date that is none",
      changed("startsOn", "31.02.26"),
      "startsOn",
      "Enter the start date as a date, for example 30.11.26",
    ],
    [
      "the end before the start",
      changed("endsOn", "30.11.26"),
      "endsOn",
      "The end date must be on or after the start date",
    ],
    ["an audience that is none", changed("audience", "everyone"), "audience", "Choose who sees it"],
    ["audience sector without a sector", changed("sectorId", ""), "sectorId", "Choose the sector"],
    [
      "audience customer without a customer",
      without("customerId", changed("audience", "customer")),
      "customerId",
      "Choose the customer",
    ],
    [
      "a featured product without a product",
      without("itemId", changed("kind", "featured")),
      "itemId",
      "Choose the product to feature",
    ],
  ] as Array<[string, Array<[string, string]>, string, string]>)(
    "%s: its message under the field, what was typed kept, nothing sent",
    async (_label, form, field, message) => {
      const { writes } = setUp();
      const result = (await send("new", form)) as Refused;
      expect(result.init.status).toBe(400);
      expect(result.data.fieldErrors).toEqual({ [field]: message });
      expect(result.data.values).toMatchObject({ text: "Fleeces for the cold months" });
      expect(writes).toEqual([]);
    },
  );

  it("the provider's 400 (a variant) under the product", async () => {
    setUp();
    const result = (await send("new", changed("itemId", "20011"))) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ itemId: "must be a product, not a variant" });
    expect(result.data.formError).toBeNull();
  });

  it("the provider's 404 about a sector or a customer under that field", async () => {
    setUp();
    let result = (await send("new", changed("sectorId", "9"))) as Refused;
    expect(result.init.status).toBe(404);
    expect(result.data.fieldErrors).toEqual({ sectorId: "That sector could not be found" });
    result = (await send(
      "new",
      [...changed("audience", "customer"), ["customerId", "1999"]].filter(
        ([k, v]) => !(k === "customerId" && v === "1002"),
      ) as Array<[string, string]>,
    )) as Refused;
    expect(result.data.fieldErrors).toEqual({ customerId: "That customer could not be found" });
  });

  it("saving a promotion deleted meanwhile is the 404 page", async () => {
    setUp();
    const thrown = (await send("99", BANNER)) as Response;
    expect(thrown.status).toBe(404);
  });

  it("delete: DELETE, then the list with a toast", async () => {
    const { writes } = setUp();
    const result = await send("3", [["intent", "delete"]]);
    expect(writes).toEqual([{ method: "DELETE", path: "/api/admin/promotion/3", body: {} }]);
    expect(locationOf(result)).toBe("/admin/promo");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Promotion 'Promotion 3' deleted" });
  });

  it("a non-evolve user's post is refused and nothing is sent", async () => {
    const { writes } = setUp({ evolve: false });
    expect(locationOf(await send("new", BANNER))).toBe("/");
    expect(writes).toEqual([]);
  });
});
