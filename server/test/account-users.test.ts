import { describe, expect, it } from "vitest";
import { addUser, ALL_STOCK, HARBOUR, NORTHWIND, useProvider } from "./fixtures";

/** Decision 112: GET /api/site-user, the selected customer's site users (issue 17 item 2). */
const { p, tokens } = useProvider({
  buyer: { email: "buyer@demo.test", contactId: 5001 },
});

const list = async (token: string, query = "") => p.api("GET", `/api/site-user${query}`, { token });

describe("GET /api/site-user", () => {
  it("the customer's users only, by last name then first name, with their unit's permissions and settings and last log-in", async () => {
    const res = await list(tokens.buyer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, skip: 0 });
    expect(res.body.data.map((u: any) => u.email)).toEqual([
      "approver@demo.test",
      "buyer@demo.test",
      "requester@demo.test",
    ]);
    const [approver, me, requester] = res.body.data;
    expect(me).toEqual({
      id: "1",
      firstName: "Bea",
      lastName: "Buyer",
      email: "buyer@demo.test",
      lastLoginAt: "2026-11-21T09:00:00.000Z",
      isActive: true,
      isApprover: false,
      needsApproval: false,
      permissions: expect.arrayContaining(["addSiteUser", "addAddress"]),
    });
    expect(approver).toMatchObject({
      id: "3",
      lastLoginAt: null,
      isApprover: true,
      needsApproval: false,
      permissions: [...ALL_STOCK, "viewOrderHistory", "orderApproval", "viewAllOrders"],
    });
    expect(requester).toMatchObject({ id: "2", isApprover: false, needsApproval: true });
  });

  it("the last log-in is the latest successful one; a failed one does not count", async () => {
    p.clock.advance(60_000);
    await p.login("approver@demo.test");
    const at = p.clock.now.toISOString();
    p.clock.advance(60_000);
    expect(
      (
        await p.api("POST", "/api/authentication", {
          body: { strategy: "local", email: "Approver@demo.test", password: "wrong-password" },
        })
      ).status,
    ).toBe(401);
    const approver = (await list(tokens.buyer)).body.data.find((u: any) => u.id === "3");
    expect(approver.lastLoginAt).toBe(at);
  });

  it("an inactive user is listed as not active; a new one sorts in by name", async () => {
    const u = await addUser(p.db, "zed@site.test", [{ customerId: NORTHWIND, permissions: [] }]);
    await p.db("users").where("id", u.userId).update({ first_name: "Zed", last_name: "Able", is_inactive: true });
    const res = await list(tokens.buyer);
    expect(res.body.total).toBe(4);
    expect(res.body.data[0]).toMatchObject({
      id: String(u.userId),
      firstName: "Zed",
      lastName: "Able",
      isActive: false,
      permissions: [],
      lastLoginAt: null,
    });
  });

  it("pages with $limit and $skip; q finds by name or e-mail, any case", async () => {
    const page = await list(tokens.buyer, "?$limit=1&$skip=1");
    expect(page.body).toMatchObject({ total: 4, limit: 1, skip: 1 });
    expect(page.body.data.map((u: any) => u.lastName)).toEqual(["Approver"]);
    expect((await list(tokens.buyer, "?q=rory")).body.data.map((u: any) => u.id)).toEqual(["2"]);
    expect((await list(tokens.buyer, "?q=BEA%20BUY")).body.data.map((u: any) => u.id)).toEqual(["1"]);
    expect((await list(tokens.buyer, "?q=site.test")).body.total).toBe(1);
    expect((await list(tokens.buyer, "?q=%25")).body.total).toBe(0);
    expect((await list(tokens.buyer, "?q=harbour")).body.total).toBe(0);
  });

  it("another business unit's users: the Harbour unit lists its own; a Northwind caller gets a Harbour user as 404", async () => {
    const harbour = await p.login("buyer@demo.test");
    await p.api("POST", "/api/select-customer", { token: harbour, body: { contactId: "5101" } });
    expect((await list(harbour)).body.data.map((u: any) => u.email)).toEqual(["buyer@demo.test", "manpack@demo.test"]);
    expect((await p.api("GET", "/api/site-user/4", { token: tokens.buyer })).status).toBe(404);
    expect((await p.api("GET", "/api/site-user/5", { token: tokens.buyer })).status).toBe(404);
    expect((await p.api("GET", "/api/site-user/2", { token: tokens.buyer })).body).toMatchObject({
      id: "2",
      email: "requester@demo.test",
    });
  });

  it("403 without addSiteUser; 401 without a session; an unknown parameter is a 400", async () => {
    expect((await list(await p.login("requester@demo.test"))).status).toBe(403);
    expect((await p.api("GET", "/api/site-user/1", { token: await p.login("requester@demo.test") })).status).toBe(403);
    expect((await p.api("GET", "/api/site-user")).status).toBe(401);
    expect((await list(tokens.buyer, "?role=admin")).status).toBe(400);
  });

  it("provider staff acting for a customer see its users, themselves not among them", async () => {
    const admin = await p.login("admin@demo.test");
    const res = await list(admin, `?customerId=${HARBOUR}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: any) => u.email)).toEqual(["buyer@demo.test", "manpack@demo.test"]);
  });
});
