import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { wishListHandlers } from "../../tests/mocks/upstream/wish-list";
import { locationOf, post, sessionCookie, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { http, HttpResponse } from "msw";
import { get } from "../../tests/mocks/requests";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { itemAnswer, list } from "../../tests/mocks/upstream/items";
import { action, loader } from "./wish-list";

const t = useRouteTest();

async function send(form: Record<string, string>, options: Parameters<typeof wishListHandlers>[0] = {}) {
  t.signIn({}, ...wishListHandlers(options));
  return (await settle(async () =>
    action({ request: post("/wish-list", form, await sessionCookie()), params: {}, context: testLoadContext() }),
  )) as Response;
}

describe("/wish-list action", () => {
  it.each([
    [
      "adds, toasts 'Added to wish list successfully' and goes back",
      "add",
      "/product/hi-vis?size=M",
      "POST 20001",
      "Added to wish list successfully",
    ],
    ["removes by product id", "remove", "/search?q=vest", "DELETE 20001", "Removed from wish list successfully"],
  ])("%s", async (_case, intent, redirectTo, call, message) => {
    const calls: string[] = [];
    const result = await send({ intent, productId: "20001", redirectTo }, { calls });
    expect(calls).toEqual([call]);
    expect(locationOf(result)).toBe(redirectTo);
    expect(await toastOf(result)).toEqual({ kind: "success", message });
  });

  it("toasts 'Error occurred' when the upstream refuses, and still goes back", async () => {
    const result = await send({ intent: "add", productId: "999", redirectTo: "/product/x" }, { fail: true });
    expect(locationOf(result)).toBe("/product/x");
    expect(await toastOf(result)).toEqual({ kind: "error", message: "Error occurred" });
  });

  it("answers bad input with 400 and writes nothing", async () => {
    const calls: string[] = [];
    const result = (await send({ intent: "toggle", productId: "abc" }, { calls })) as unknown as {
      init: ResponseInit;
      data: { fieldErrors: Record<string, string> };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ intent: "Choose add or remove", productId: "Choose a product" });
    expect(calls).toEqual([]);
  });

  it("a post without a product says which is missing in words, not zod's 'Required'", async () => {
    const calls: string[] = [];
    const result = (await send({ intent: "add" }, { calls })) as unknown as {
      init: ResponseInit;
      data: { fieldErrors: Record<string, string> };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ productId: "Choose a product" });
    expect(calls).toEqual([]);
  });

  it("takes any upstream id as a product (up to 15 digits, decision 010), and refuses a longer one", async () => {
    const calls: string[] = [];
    await send({ intent: "add", productId: "123456789012345" }, { calls });
    expect(calls).toEqual(["POST 123456789012345"]);
    const result = (await send({ intent: "add", productId: "1234567890123456" }, { calls })) as unknown as {
      init: ResponseInit;
      data: { fieldErrors: Record<string, string> };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ productId: "Choose a product" });
    expect(calls).toHaveLength(1);
  });

  it("never redirects off site", async () => {
    expect(locationOf(await send({ intent: "add", productId: "1", redirectTo: "//evil.example" }))).toBe("/product/1");
  });
});

// the page (issue 17 item 5, decision 114): the session's wish list products with a quick add and remove
describe("/wish-list page", () => {
  const wished = [
    {
      id: "1",
      internalId: "20001",
      displayName: "Hi-Vis Jacket",
      itemId: "HV-J",
      slug: "hi-vis-jacket",
      price: 24.5,
      image: "/img/hv.jpg",
    },
    {
      id: "2",
      internalId: "20040",
      displayName: "Safety Gloves",
      itemId: "SG",
      slug: "safety-gloves",
      price: 4,
      image: null,
    },
  ];
  function setUp(permissions: string[], items: unknown[] = wished) {
    const session = sessionAnswer({ permissions });
    (session as { wishList: unknown }).wishList = {
      productIds: items.map((i) => (i as { internalId: string }).internalId),
      items,
    };
    const queries: URLSearchParams[] = [];
    t.server.use(
      ...authHandlers({ session }),
      http.get(`${UPSTREAM}/api/item`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          list([
            itemAnswer(20001, {}, [
              { id: 20002, options: { size: "M", color: "Yellow" } },
              { id: 20003, options: { size: "L", color: "Yellow" } },
            ]),
            itemAnswer(20040),
          ]),
        );
      }),
    );
    return queries;
  }
  const load = async () =>
    loader({ request: get("/wish-list", await sessionCookie()), params: {}, context: testLoadContext() });

  it("lists the products in the order they were added, each product's sizes for the quick add, with one item call", async () => {
    const queries = setUp(["canViewFullCatalogue"]);
    const data = await load();
    expect(data.canAdd).toBe(true);
    expect(data.rows).toEqual([
      {
        productId: "20001",
        name: "Hi-Vis Jacket",
        link: "/product/hi-vis-jacket",
        image: "/img/hv.jpg",
        price: "£24.50",
        variants: [
          { value: "20002", label: "Size: M, Colour: Yellow" },
          { value: "20003", label: "Size: L, Colour: Yellow" },
        ],
      },
      {
        productId: "20040",
        name: "Safety Gloves",
        link: "/product/safety-gloves",
        image: "/images/placeholder.svg",
        price: "£4.00",
        variants: [],
      },
    ]);
    expect(queries).toHaveLength(1);
    expect(Object.fromEntries(queries[0])).toMatchObject({
      "internalId[$in]": "20001,20040",
      includeChildren: "true",
      $limit: "2",
    });
    expect(data.chrome.navigation.length).toBeGreaterThan(0);
  });

  it("an empty wish list asks the provider for no items", async () => {
    const queries = setUp(["canViewFullCatalogue"], []);
    expect((await load()).rows).toEqual([]);
    expect(queries).toEqual([]);
  });

  it("a browse-only user sees the products without a quick add; prices hidden for pricingHidden", async () => {
    const queries = setUp(["canViewFullCatalogue", "browseOnly", "pricingHidden"]);
    const data = await load();
    expect(data.canAdd).toBe(false);
    expect(data.rows.map((r) => r.price)).toEqual([null, null]);
    expect(queries).toEqual([]);
  });
});
