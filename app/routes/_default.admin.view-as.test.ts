import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { getSession } from "~/session/session.server";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, sessionCookie, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { ACT_AS_TOKEN, ADMIN_TOKEN, adminSessionHandlers } from "../../tests/mocks/upstream/admin-session";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { loader as layout } from "./_default";
import { action, loader } from "./_default.admin.view-as";
import { action as logout } from "./logout";
import { action as stop } from "./stop-view-as";

// /admin/view-as (issue 20 item 6, decision 129): the customer and user pickers, POST /api/admin/view-as with the
// admin's token, the portal session then carrying the act-as token beside the admin's own; the banner on every page;
// Stop with the admin's token; the act-as token dying gives the admin back their own session; log-out ends both.
const t = useRouteTest({ token: ADMIN_TOKEN });
let viewingCookie: string;
const VIEW_AS = {
  sessionId: "40",
  actAsToken: ACT_AS_TOKEN,
  adminToken: ADMIN_TOKEN,
  adminCustomerId: "1001",
  adminContactId: "5001",
  label: "Rory Requester of Northwind Facilities",
};
beforeAll(async () => {
  viewingCookie = await sessionCookie({ token: ACT_AS_TOKEN, viewAs: VIEW_AS } as never);
});

function setUp(options: { evolve?: boolean; actAsStatus?: number; stopStatus?: number } = {}) {
  const mock = adminSessionHandlers(options);
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/view-as", { loader, action });
const load = (query = "", cookie = t.cookie()) => route.load({ query, cookie });
const send = (form: Record<string, string>, cookie = t.cookie()) => route.send(form, { cookie });
const ctx = () => ({ params: {}, context: testLoadContext() });

/** The portal session a response set (its Set-Cookie). */
async function sessionOf(result: unknown) {
  const cookie = ((result as Response).headers.get("Set-Cookie") ?? "").split(";")[0];
  return getSession(new Request("http://portal.test/", { headers: { Cookie: cookie } }));
}

describe("/admin/view-as: who may use it", () => {
  it("a user who is not an evolve user is sent to / from the page and the post, with nothing asked of the admin API", async () => {
    const { calls } = setUp({ evolve: false });
    expect(locationOf(await load("?customerId=1001"))).toBe("/");
    expect(locationOf(await send({ customerId: "1001", userId: "2" }))).toBe("/");
    expect(calls).toEqual([]);
  });
});

describe("/admin/view-as: the pickers", () => {
  it("lists the customers (GET ?q=) and, for the chosen one, its users that are not admins", async () => {
    const { calls } = setUp();
    const data = (await load("?q=north&customerId=1001")) as Awaited<ReturnType<typeof loader>>;
    expect(data.customers).toEqual([{ id: "1001", name: "Northwind Facilities", userCount: 2 }]);
    expect(data.customer).toEqual({ id: "1001", name: "Northwind Facilities" });
    expect(data.users).toEqual([
      { id: "2", name: "Rory Requester", email: "requester@demo.test", active: true },
      { id: "3", name: "Bea Buyer", email: "bea@demo.test", active: false },
    ]);
    expect(calls.find((c) => c.path === "/api/admin/customer")?.query).toEqual({
      q: "north",
      $limit: "16",
      $skip: "0",
    });
    expect(calls.find((c) => c.path === "/api/admin/user")?.query).toEqual({
      customerId: "1001",
      isEvolveUser: "false",
      $limit: "100",
      $skip: "0",
    });
    expect(calls.every((c) => c.token === ADMIN_TOKEN)).toBe(true);
  });

  it("?userQ= narrows the chosen customer's users (name or e-mail)", async () => {
    const { calls } = setUp();
    const data = (await load("?customerId=1001&userQ=rory")) as Awaited<ReturnType<typeof loader>>;
    expect(data.users.map((u) => u.id)).toEqual(["2"]);
    expect(data.userQ).toBe("rory");
    expect(calls.find((c) => c.path === "/api/admin/user")?.query).toEqual({
      q: "rory",
      customerId: "1001",
      isEvolveUser: "false",
      $limit: "100",
      $skip: "0",
    });
  });

  it("no customer chosen: only the customer list", async () => {
    const { calls } = setUp();
    const data = (await load()) as Awaited<ReturnType<typeof loader>>;
    expect([data.customers.length, data.customer, data.users]).toEqual([2, null, []]);
    expect(calls.map((c) => c.path)).toEqual(["/api/admin/customer"]);
  });

  it("an unknown customer is the 404 page; a customerId that is no id too, asked of no one", async () => {
    setUp();
    expect((await load("?customerId=99")) as Response).toHaveProperty("status", 404);
    const { calls } = setUp();
    expect((await load("?customerId=abc")) as Response).toHaveProperty("status", 404);
    expect(calls).toEqual([]);
  });
});

describe("/admin/view-as: View as", () => {
  it("posts {customerId, userId} with the admin's token, keeps the admin's token beside the act-as token and goes to /", async () => {
    const { calls } = setUp();
    const result = await send({ customerId: "1001", userId: "2" });
    expect(locationOf(result)).toBe("/");
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/admin/view-as",
      token: ADMIN_TOKEN,
      body: { customerId: "1001", userId: "2" },
    });
    const session = await sessionOf(result);
    expect(session.get("token")).toBe(ACT_AS_TOKEN);
    expect(session.get("viewAs")).toMatchObject({
      sessionId: "40",
      actAsToken: ACT_AS_TOKEN,
      adminToken: ADMIN_TOKEN,
      label: "Rory Requester of Northwind Facilities",
    });
    expect((await toastOf(result))?.message).toBe(
      "You are now viewing the portal as Rory Requester of Northwind Facilities",
    );
  });

  it.each([
    [{ userId: "2" }, "customerId", "Choose a customer"],
    [{ customerId: "1001" }, "userId", "Choose a user to view as"],
    [{ customerId: "1001", userId: "2; drop" }, "userId", "Choose a user from the list"],
    [{ customerId: "x", userId: "2" }, "customerId", "Choose a customer from the list"],
  ])("bad input %j → 400 under %s, nothing sent", async (form, field, message) => {
    const { calls } = setUp();
    const result = (await send(form as Record<string, string>)) as {
      init: ResponseInit;
      data: { fieldErrors: Record<string, string> };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors[field]).toBe(message);
    expect(calls).toEqual([]);
  });

  it("the provider's 400 (no business unit there) goes under the user field", async () => {
    setUp();
    const result = (await send({ customerId: "1001", userId: "9" })) as {
      init: ResponseInit;
      data: { fieldErrors: Record<string, string> };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.userId).toBe("This user has no business unit at this customer");
  });

  it.each([
    ["7", "You cannot view as another admin"],
    ["3", "This user is inactive"],
  ])("a 409 (user %s) is an error toast back on the picker, the session unchanged", async (userId, message) => {
    setUp();
    const result = await send({ customerId: "1001", userId });
    expect(locationOf(result)).toBe("/admin/view-as?customerId=1001");
    expect(await toastOf(result)).toEqual({ kind: "error", message });
    expect((await sessionOf(result)).get("token")).toBe(ADMIN_TOKEN);
  });

  it("an unknown user is the 404 page", async () => {
    setUp();
    expect((await send({ customerId: "1001", userId: "99" })) as Response).toHaveProperty("status", 404);
  });
});

describe("viewing as: the banner, Stop, the act-as token dying, log-out", () => {
  it("every page's chrome carries the banner's name and customer from the act-as session; not otherwise", async () => {
    setUp();
    const viewing = await layout({ request: get("/dashboard", viewingCookie), ...ctx() });
    expect(viewing.viewingAs).toEqual({ name: "Rory Requester", customer: "Northwind Facilities" });
    const own = await layout({ request: get("/dashboard", t.cookie()), ...ctx() });
    expect(own.viewingAs).toBeNull();
  });

  it("Stop: DELETE /api/admin/view-as/40 with the admin's own token, the admin's session back, to /admin/view-as with a toast", async () => {
    const { calls } = setUp();
    const result = await t.run(stop, post("/stop-view-as", {}, viewingCookie));
    expect(locationOf(result)).toBe("/admin/view-as");
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", path: "/api/admin/view-as/40", token: ADMIN_TOKEN });
    const session = await sessionOf(result);
    expect([session.get("token"), session.get("viewAs"), session.get("contactId")]).toEqual([
      ADMIN_TOKEN,
      undefined,
      "5001",
    ]);
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "You have stopped viewing as Rory Requester of Northwind Facilities",
    });
  });

  it("Stop when the provider has already ended it (404): the admin's session back all the same", async () => {
    setUp({ stopStatus: 404 });
    const result = await t.run(stop, post("/stop-view-as", {}, viewingCookie));
    expect(locationOf(result)).toBe("/admin/view-as");
    expect((await sessionOf(result)).get("token")).toBe(ADMIN_TOKEN);
  });

  it("Stop when not viewing as anyone: home, nothing sent", async () => {
    const { calls } = setUp();
    expect(locationOf(await t.run(stop, post("/stop-view-as", {}, t.cookie())))).toBe("/");
    expect(calls).toEqual([]);
  });

  it("the act-as token answering 401: the admin's own session takes over, on /admin/view-as, not the log-in page", async () => {
    setUp({ actAsStatus: 401 });
    const result = await t.run(layout, get("/basket", viewingCookie));
    expect(locationOf(result)).toBe("/admin/view-as");
    const session = await sessionOf(result);
    expect([session.get("token"), session.get("viewAs")]).toEqual([ADMIN_TOKEN, undefined]);
    expect((await toastOf(result))?.message).toBe("The view-as session has ended. You are back in your own account.");
  });

  it("log-out while viewing as revokes the act-as token and the admin's own, and ends the portal session", async () => {
    setUp();
    const revoked: Array<string | null> = [];
    t.server.use(
      http.delete(`${UPSTREAM}/api/authentication`, ({ request }) => {
        revoked.push(request.headers.get("authorization"));
        return HttpResponse.json({ revoked: true });
      }),
    );
    const result = await t.run(logout, post("/logout", {}, viewingCookie));
    expect(locationOf(result)).toBe("/login");
    expect(revoked.sort()).toEqual([`Bearer ${ACT_AS_TOKEN}`, `Bearer ${ADMIN_TOKEN}`].sort());
  });
});
