import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { get, locationOf, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { loader } from "./_default.punchedout-baskets";

// /punchedout-baskets (issue 16 item 6; decision 111): the customer's transfers, 16 a page, GET links only.
const t = useRouteTest();

const transfer = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  createdAt: "2026-11-20T09:30:00.000Z",
  user: { id: 7, firstName: "Pat", lastName: "Punchout", email: "punchout@demo.test" },
  buyerCookie: `REQ-${id}`,
  protocol: "cxml",
  status: "transferred",
  totalPence: 5299,
  lines: [
    { description: "Hi-Vis Jacket M", supplierPartId: "HVJ-100", quantity: 2, unitPricePence: 2450 },
    { description: "Work gloves", supplierPartId: "GLV-9", quantity: 1, unitPricePence: 399 },
  ],
  orderId: null,
  orderNumber: null,
  ...overrides,
});

function setUp({
  permissions = ["canViewFullCatalogue", "viewOrderHistory"],
  punchoutSession = null as string | null,
  total = 2,
  hasPunchoutProfile = true,
} = {}) {
  const queries: URLSearchParams[] = [];
  t.signIn(
    { permissions, punchoutSession, hasPunchoutProfile },
    http.get(`${UPSTREAM}/api/punchout/transfer`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const data = [
        transfer(12, { status: "ordered", orderId: 501, orderNumber: "SO-501" }),
        transfer(11, { status: "awaiting-approval", user: null, buyerCookie: null }),
      ];
      return HttpResponse.json({ total, limit: Number(query.get("$limit")), skip: Number(query.get("$skip")), data });
    }),
  );
  return queries;
}

async function load(path = "/punchedout-baskets") {
  const request = get(path, await sessionCookie());
  return t.run(loader, request);
}

type Page = Awaited<ReturnType<typeof loader>>;

describe("/punchedout-baskets", () => {
  it("lists the transfers: date, user, procurement reference, lines, total, status with the order", async () => {
    const queries = setUp();
    const page = (await load()) as Page;
    expect(queries.map((q) => [q.get("$limit"), q.get("$skip")])).toEqual([["16", "0"]]);
    expect(page.total).toBe(2);
    expect(page.pages).toBe(1);
    expect(page.transfers[0]).toEqual({
      id: "12",
      date: "20.11.26",
      user: "Pat Punchout",
      reference: "REQ-12",
      lineCount: 2,
      lines: [
        { key: "0-HVJ-100", text: "2 × Hi-Vis Jacket M (HVJ-100) at £24.50" },
        { key: "1-GLV-9", text: "1 × Work gloves (GLV-9) at £3.99" },
      ],
      total: "£52.99",
      status: "Ordered",
      order: { id: "501", number: "SO-501" },
    });
    expect(page.transfers[1]).toMatchObject({
      user: "Unknown",
      reference: "",
      status: "Awaiting approval",
      order: null,
    });
  });

  it("pages by 16: page 3 asks $skip 32; a bad page number is page 1", async () => {
    const queries = setUp({ total: 40 });
    const page = (await load("/punchedout-baskets?page=3")) as Page;
    expect(page.page).toBe(3);
    expect(page.pages).toBe(3);
    await load("/punchedout-baskets?page=abc");
    expect(queries.map((q) => q.get("$skip"))).toEqual(["32", "0"]);
  });

  it("without viewOrderHistory: home, the provider never asked", async () => {
    const queries = setUp({ permissions: ["canViewFullCatalogue"] });
    expect(locationOf(await load())).toBe("/");
    expect(queries).toEqual([]);
  });

  it("a customer without a punchout profile: home, the provider never asked (issue 34 item 3, decision 161)", async () => {
    const queries = setUp({ hasPunchoutProfile: false });
    expect(locationOf(await load())).toBe("/");
    expect(queries).toEqual([]);
  });

  it("within a punchout session: home", async () => {
    const queries = setUp({ punchoutSession: "po-1" });
    expect(locationOf(await load())).toBe("/");
    expect(queries).toEqual([]);
  });

  it("a provider 403 is its error page, not a list", async () => {
    setUp();
    t.server.use(
      http.get(`${UPSTREAM}/api/punchout/transfer`, () =>
        HttpResponse.json({ name: "Forbidden", message: "You may not see order history", code: 403 }, { status: 403 }),
      ),
    );
    const result = (await load()) as Response;
    expect(result.status).toBe(403);
  });
});
