import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearCategoryTrees } from "~/catalogue/category-tree.server";
import { testLoadContext } from "~/http/context";
import { setUpstreamCachingForTests } from "~/upstream/cache.server";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { categoryHandlers } from "../../tests/mocks/upstream/categories";
import { cmsHandlers } from "../../tests/mocks/upstream/cms";
import { contentHandlers } from "../../tests/mocks/upstream/content";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { orderAnswer, orderHandlers } from "../../tests/mocks/upstream/orders";
import { get, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader as layout } from "./_default";
import { loader as orderHistory } from "./_default.order-history._index";
import { loader as productCategory } from "./_default.product-category";

// Upstream calls per page (issue 13 item 2, decisions 044 and 094): the default layout's loader and the route's, for one
// request.
const t = useRouteTest();

let calls: string[] = [];
const record = ({ request }: { request: Request }) =>
  void calls.push(`${request.method} ${new URL(request.url).pathname}`);
beforeEach(() => {
  calls = [];
  clearCategoryTrees();
  t.server.events.on("request:start", record);
});
afterEach(() => {
  t.server.events.removeListener("request:start", record);
  setUpstreamCachingForTests(false);
});

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: ReturnType<typeof testLoadContext>;
}) => Promise<unknown>;

/** The upstream calls one page load makes (layout and route loaders share the request, as Remix runs them). */
async function callsFor(route: Loader, path: string, token = "token-1"): Promise<string[]> {
  calls = [];
  const request = get(path, await sessionCookie({ token }));
  const args = { request, params: {}, context: testLoadContext() };
  await Promise.all([(layout as Loader)(args), route(args)]);
  return [...calls].sort();
}

const GUARD = ["GET /api/maintenance-status", "GET /api/session"];
// one call for the history's contacts, departments and depots (decision 094; before it, three: 6 calls a first load)
const FILTER_OPTIONS = ["GET /api/order-filter-options"];
// the footer's links and the site banner: one call, kept a minute per process (decision 119)
const CMS = ["GET /api/wp/v2/pages"];
// the header's unread news count: the posts total, one call kept a minute per process (decision 118)
const NEWS = ["GET /api/wp/v2/posts"];

describe("the order history's upstream calls", () => {
  beforeEach(() => t.signIn({}, ...orderHandlers([orderAnswer()]), ...cmsHandlers(), ...contentHandlers()));

  it("without the caches: the guard, the orders and the filter options on every load (4)", async () => {
    for (let i = 0; i < 2; i++) {
      expect(await callsFor(orderHistory, "/order-history")).toEqual(
        [...GUARD, "GET /api/order", ...FILTER_OPTIONS, ...CMS, ...NEWS].sort(),
      );
    }
  });

  it("with them: 5 on the business unit's first load, then only the orders within the seconds the guard answers live", async () => {
    setUpstreamCachingForTests(true);
    expect(await callsFor(orderHistory, "/order-history")).toEqual(
      [...GUARD, "GET /api/order", ...FILTER_OPTIONS, ...CMS, ...NEWS].sort(),
    );
    expect(await callsFor(orderHistory, "/order-history?page=2")).toEqual(["GET /api/order"]);
  });

  it("another business unit's first load while the maintenance status is warm: its session, the orders, its filter options (3)", async () => {
    setUpstreamCachingForTests(true);
    const harbour = {
      ...sessionAnswer({ customers: 2 }),
      selectedCustomer: sessionAnswer({ customers: 2 }).customers[1],
    };
    t.server.use(
      http.get(`${UPSTREAM}/api/session`, ({ request }) =>
        request.headers.get("authorization") === "Bearer token-2" ? HttpResponse.json(harbour) : undefined,
      ),
    );
    await callsFor(orderHistory, "/order-history");
    expect(await callsFor(orderHistory, "/order-history", "token-2")).toEqual(
      ["GET /api/order", ...FILTER_OPTIONS, "GET /api/session"].sort(),
    );
  });

  it("a colleague in the same business unit: their own session and the orders, no more than 3", async () => {
    setUpstreamCachingForTests(true);
    t.server.use(
      http.get(`${UPSTREAM}/api/session`, ({ request }) =>
        request.headers.get("authorization") === "Bearer token-2"
          ? HttpResponse.json({
              ...sessionAnswer(),
              user: { id: 2, email: "colleague@demo.test", firstName: "Col", lastName: "League" },
            })
          : undefined,
      ),
    );
    await callsFor(orderHistory, "/order-history");
    const colleague = await callsFor(orderHistory, "/order-history", "token-2");
    expect(colleague).toEqual(["GET /api/order", "GET /api/session"]);
    expect(colleague.length).toBeLessThanOrEqual(3);
  });
});

describe("the filter options are kept per business unit", () => {
  const contacts = (unit: string) => [
    { internalId: unit === "1001" ? "5004" : "6004", firstName: `Staff of ${unit}`, lastName: "" },
  ];
  const otherOptions = {
    departments: [{ internalId: "301", name: "Facilities" }],
    addresses: [{ internalId: "701", label: "Northwind Depot" }],
  };

  beforeEach(() => {
    setUpstreamCachingForTests(true);
    const selectedBy: Record<string, ReturnType<typeof sessionAnswer>> = {
      "token-1": sessionAnswer(),
      "token-2": { ...sessionAnswer({ customers: 2 }), selectedCustomer: sessionAnswer({ customers: 2 }).customers[1] },
      "token-3": sessionAnswer({ setting: { wp_contact_only: true } }),
    };
    const tokenOf = (request: Request) => (request.headers.get("authorization") ?? "").replace("Bearer ", "");
    // msw tries the handlers of one use() in order: these first
    t.server.use(
      http.get(`${UPSTREAM}/api/session`, ({ request }) => HttpResponse.json(selectedBy[tokenOf(request)])),
      http.get(`${UPSTREAM}/api/order-filter-options`, ({ request }) => {
        const session = selectedBy[tokenOf(request)];
        const unit = session.selectedCustomer!.internalId;
        // a contact-only user is sent only themselves
        const data = session.setting.wp_contact_only
          ? [{ internalId: "5001", firstName: "Only", lastName: "Me" }]
          : contacts(unit);
        return HttpResponse.json({ contacts: data, ...otherOptions });
      }),
      ...authHandlers(),
      ...orderHandlers([orderAnswer()]),
    );
  });

  async function employees(token: string) {
    const request = get("/order-history", await sessionCookie({ token }));
    const data = (await orderHistory({ request, params: {}, context: testLoadContext() })) as {
      options: { employees: Array<{ label: string }> };
    };
    return data.options.employees.map((e) => e.label);
  }

  it("another business unit gets its own, and a contact-only user in the same unit gets only themselves", async () => {
    expect(await employees("token-1")).toEqual(["Staff of 1001"]);
    expect(await employees("token-2")).toEqual(["Staff of 1002"]);
    expect(await employees("token-3")).toEqual(["Only Me"]);
    expect(await employees("token-1")).toEqual(["Staff of 1001"]);
    expect(calls.filter((c) => c === "GET /api/order-filter-options")).toHaveLength(3);
  });
});

describe("a catalogue page's upstream calls (/product-category)", () => {
  beforeEach(() => t.signIn({}, ...categoryHandlers(), ...cmsHandlers(), ...contentHandlers()));

  it("without the caches: everything on every load, the category tree included (decision 157)", async () => {
    const everything = [...GUARD, "GET /api/userCategory", ...CMS, ...NEWS].sort();
    expect(await callsFor(productCategory, "/product-category")).toEqual(everything);
    expect(await callsFor(productCategory, "/product-category")).toEqual(everything);
  });

  it("with them: nothing upstream on a second load within the seconds the guard answers live", async () => {
    setUpstreamCachingForTests(true);
    expect(await callsFor(productCategory, "/product-category")).toHaveLength(5);
    expect(await callsFor(productCategory, "/product-category")).toEqual([]);
  });
});
