import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { ADMIN_TOKEN, useAdminSessionRoute } from "../../tests/mocks/upstream/admin-session";
import { action, loader } from "./_default.admin.manage-admin-users";

// /admin/manage-admin-users (issue 20 item 5, decision 129): GET /api/admin/admin-user, the grant picker GET
// /api/admin/user?q=&isEvolveUser=false, grant (POST /api/admin/admin-user) and revoke (DELETE /api/admin/admin-user/:id)
// with the provider's 409s as error toasts; evolve users only.
const { setUp, load, send, expectNonEvolveUserRefused, expectBadInputRefused } = useAdminSessionRoute(
  "/admin/manage-admin-users",
  {
    loader,
    action,
  },
);

describe("/admin/manage-admin-users", () => {
  it("a user who is not an evolve user is sent to / from the page and the posts; nothing asked, nothing changed", async () => {
    await expectNonEvolveUserRefused([
      { intent: "grant", userId: "2" },
      { intent: "revoke", userId: "8" },
    ]);
  });

  it("lists the admins; without ?q no user search is made", async () => {
    const { calls } = setUp();
    const data = await load();
    expect(data.admins.map((a) => [a.id, a.name, a.email, a.active])).toEqual([
      ["7", "Ada Admin", "admin@demo.test", true],
      ["8", "Sam Second", "second.admin@demo.test", true],
    ]);
    expect(data.admins[1].lastLogin).toBe("Never");
    expect(data.candidates).toBeNull();
    expect(calls.map((c) => [c.path, c.query])).toEqual([["/api/admin/admin-user", { $limit: "50", $skip: "0" }]]);
  });

  it("?q= searches the users who are not admins", async () => {
    const { calls } = setUp();
    const data = await load("?q=rory");
    expect(data.candidates).toEqual([
      {
        id: "2",
        name: "Rory Requester",
        email: "requester@demo.test",
        active: true,
        customers: "Northwind Facilities",
      },
    ]);
    expect(calls.find((c) => c.path === "/api/admin/user")?.query).toEqual({
      q: "rory",
      isEvolveUser: "false",
      $limit: "16",
      $skip: "0",
    });
  });

  it("grant: POST {userId}, back with a toast", async () => {
    const { calls } = setUp();
    const result = await send({ intent: "grant", userId: "2" });
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/admin/admin-user",
      token: ADMIN_TOKEN,
      body: { userId: "2" },
    });
    expect(locationOf(result)).toBe("/admin/manage-admin-users");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Rory Requester is now an admin" });
  });

  it("revoke: DELETE /api/admin/admin-user/:id, back with a toast", async () => {
    const { calls } = setUp();
    const result = await send({ intent: "revoke", userId: "8" });
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", path: "/api/admin/admin-user/8" });
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Sam Second is no longer an admin" });
  });

  it.each([
    [{ intent: "revoke", userId: "7" }, {}, "You cannot revoke your own admin rights"],
    [{ intent: "revoke", userId: "8" }, { lastAdmin: true }, "At least one active admin must remain"],
    [{ intent: "grant", userId: "7" }, {}, "This user is already an admin"],
    [{ intent: "grant", userId: "3" }, {}, "This user is inactive: reactivate them first"],
  ])("%j: the provider's 409 is an error toast", async (form, options, message) => {
    setUp(options);
    const result = await send(form);
    expect(locationOf(result)).toBe("/admin/manage-admin-users");
    expect(await toastOf(result)).toEqual({ kind: "error", message });
  });

  it("an unknown user is the 404 page", async () => {
    setUp();
    expect((await send({ intent: "grant", userId: "99" })) as Response).toHaveProperty("status", 404);
  });

  it.each([{ intent: "grant" }, { intent: "grant", userId: "me" }, { intent: "promote", userId: "2" }])(
    "bad input %j → 400, nothing sent",
    (form) => expectBadInputRefused(form as Record<string, string>),
  );
});
