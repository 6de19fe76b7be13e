import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { contentHandlers } from "../../tests/mocks/upstream/content";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { itemAnswer, itemHandlers, list } from "../../tests/mocks/upstream/items";
import { get, sessionCookie } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { loader } from "./_default.dashboard";

const server = useUpstreamMock();

type Overrides = Parameters<typeof sessionAnswer>[0];

async function open(overrides: Overrides, options: Parameters<typeof contentHandlers>[0] = {}, itemQueries: URLSearchParams[] = []) {
  const session = sessionAnswer(overrides);
  session.account.sector = { internalId: "1", name: "Facilities", products: ["101", "102"] } as never;
  server.use(
    ...authHandlers({ session }),
    ...contentHandlers(options),
    ...itemHandlers({
      seen: itemQueries,
      answer: (q) =>
        q.get("internalId[$in]")
          ? list([itemAnswer(101), itemAnswer(102)])
          : list([101, 201, 202, 203, 204, 205, 206, 207].map((id) => itemAnswer(id))),
    }),
    http.get(`${UPSTREAM}/api/order`, () => HttpResponse.json({ total: 3, limit: 0, skip: 0, data: [] })),
  );
  return loader({ request: get("/dashboard", await sessionCookie()), params: {}, context: testLoadContext() });
}

describe("/dashboard", () => {
  it("fills the first banner from sector products then general items, de-duplicated, and the second after skipping 4", async () => {
    const queries: URLSearchParams[] = [];
    const data = await open({ permissions: ["canViewFullCatalogue"] }, {}, queries);
    const first = data.banners.first.map((c) => c.productId);
    expect(first).toHaveLength(4);
    expect(first.slice(0, 2).sort()).toEqual(["101", "102"]);
    expect(first.slice(2)).toEqual(["201", "202"]);
    expect(data.banners.second.map((c) => c.productId)).toEqual(["204", "205", "206", "207"]);
    expect(queries.find((q) => q.get("internalId[$in]"))?.get("internalId[$in]")).toBe("101,102");
  });

  it("lists contacts; wp_contact_only limits them to the user's own", async () => {
    const queries: URLSearchParams[] = [];
    const all = await open({}, { contactQueries: queries });
    expect(all.contacts.list.map((c) => c.name)).toEqual(["Bea Buyer", "Rory Requester"]);
    expect(queries[0].get("currentContactOnly")).toBeNull();
    const own = await open({ setting: { wp_contact_only: true } }, { contactQueries: queries });
    expect(own.contacts.list.map((c) => c.name)).toEqual(["Bea Buyer"]);
    expect(queries[1].get("currentContactOnly")).toBe("true");
  });

  it("shows pending approvals to approvers only, and quick links by permission", async () => {
    const approver = await open({ permissions: ["canViewFullCatalogue", "orderApproval"], setting: { isApprover: true } });
    expect(approver.pendingApprovals).toBe(3);
    expect(approver.quickLinks.map((l) => l.to)).toContain("/order-to-approve");
    expect(approver.quickLinks.map((l) => l.to)).toContain("/saved-punchout-baskets");
    expect(approver.punchoutBasketsToApprove).toBe(0);
    const buyer = await open({ permissions: ["canViewFullCatalogue"] });
    expect(buyer.pendingApprovals).toBeNull();
    expect(buyer.punchoutBasketsToApprove).toBeNull();
    expect(buyer.quickLinks.map((l) => l.to)).not.toContain("/saved-punchout-baskets");
    expect(buyer.quickLinks.map((l) => l.to)).toContain("/categories/full");
    expect(buyer.quickLinks.map((l) => l.to)).not.toContain("/categories/my");
  });

  it("still shows when the news fails (SPEC §8: logged, left empty)", async () => {
    const data = await open({}, { newsFails: true });
    expect(data.news).toEqual([]);
  });

  it("shows no product banners to a user without a stock catalogue", async () => {
    const queries: URLSearchParams[] = [];
    const data = await open({ permissions: ["canViewManpack"] }, {}, queries);
    expect(data.banners).toEqual({ first: [], second: [] });
    expect(queries).toEqual([]);
  });
});
