import { describe, expect, it } from "vitest";
import { changeLines } from "~/admin/admin-users.server";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminUserHandlers } from "../../tests/mocks/upstream/admin-users";
import { action, loader } from "./_default.admin.user.$userId";

// /admin/user/{userId} (issue 20 item 3, decision 130): the user, their units with every permission as a checkbox in
// words, saved per unit with PATCH /api/admin/user-unit/:contactId; deactivate / reactivate; a password reset; recent
// log-ins and audit entries in words; an unknown id → 404; 409s as error toasts; a non-evolve user refused.
const t = useRouteTest();

function setUp(options: { evolve?: boolean; lastAdmin?: boolean } = {}) {
  const mock = adminUserHandlers({ lastAdmin: options.lastAdmin });
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/user/:userId", { loader, action });
const load = (userId: string) => route.load({ params: { userId } });
const send = (userId: string, fields: Array<[string, string]>) => route.send(fields, { params: { userId } });
type Refused = {
  init: ResponseInit;
  data: { ok: false; contactId: string | null; fieldErrors: Record<string, string>; formError: string | null };
};

const UNIT: Array<[string, string]> = [
  ["intent", "unit"],
  ["contactId", "5001"],
  ["permissions", "canViewFullCatalogue"],
  ["permissions", "viewReporting"],
  ["permissions", "viewReporting"],
  ["needsApproval", "on"],
];

describe("/admin/user/{userId}: the page", () => {
  it("shows the user, each unit's permissions in words with the held ones ticked, log-ins and audit in words", async () => {
    setUp();
    const data = (await load("2")) as Awaited<ReturnType<typeof loader>>;
    expect(data.user).toMatchObject({
      id: "2",
      name: "First2 Last2",
      email: "person2@demo.test",
      isActive: true,
      isAdmin: false,
      created: "05.01.26",
      activeSessions: 1,
      isSelf: false,
    });
    expect(data.units.map((u) => u.customer)).toEqual(["Harbour Health Trust", "Northwind Facilities"]);
    const northwind = data.units[1];
    expect(northwind.permissions).toHaveLength(20);
    expect(northwind.permissions.filter((p) => p.held).map((p) => p.label)).toEqual([
      "Browse and order from the full catalogue",
      "See the order history",
    ]);
    expect([northwind.contactId, northwind.isApprover, northwind.needsApproval, northwind.wpContactOnly]).toEqual([
      "5001",
      true,
      false,
      false,
    ]);
    expect(data.logins.map((l) => l.outcome)).toEqual(["Succeeded", "Failed"]);
    expect(data.audit[0]).toMatchObject({
      admin: "Ada Admin",
      asUser: null,
      customer: "Northwind Facilities",
      summary: "Permissions changed in Northwind Facilities",
      changes: ["Given: See the order history", "Approver: No → Yes"],
    });
    expect(data.audit[1]).toMatchObject({ asUser: "First2 Last2", summary: "patch basket-session", changes: [] });
  });

  it.each(["99", "abc", "0x1"])("user %s: 404", async (userId) => {
    setUp();
    const result = (await load(userId)) as Response;
    expect(result.status).toBe(404);
  });

  it("a non-evolve user is sent to /", async () => {
    setUp({ evolve: false });
    expect(locationOf(await load("2"))).toBe("/");
  });
});

describe("/admin/user/{userId}: the posts", () => {
  it("saves a unit: PATCH user-unit with the ticked permissions (each once) and the three settings, 303 back with a toast", async () => {
    const { writes } = setUp();
    const result = await send("2", UNIT);
    expect(writes).toEqual([
      {
        method: "PATCH",
        path: "/api/admin/user-unit/5001",
        body: {
          permissions: ["canViewFullCatalogue", "viewReporting"],
          isApprover: false,
          needsApproval: true,
          wpContactOnly: false,
        },
      },
    ]);
    expect(locationOf(result)).toBe("/admin/user/2");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Saved: Northwind Facilities" });
  });

  it("nothing ticked: an empty list is sent (every permission taken away)", async () => {
    const { writes } = setUp();
    await send("2", [
      ["intent", "unit"],
      ["contactId", "5101"],
      ["wpContactOnly", "on"],
    ]);
    expect(writes[0].body).toEqual({ permissions: [], isApprover: false, needsApproval: false, wpContactOnly: true });
  });

  it.each([
    [
      "a permission that is none",
      [...UNIT, ["permissions", "rootAccess"]],
      { permissions: "Choose only permissions from the list" },
    ],
    ["no unit", UNIT.filter(([k]) => k !== "contactId"), { contactId: "Choose a business unit" }],
    [
      "a unit that is not an id",
      [...UNIT.filter(([k]) => k !== "contactId"), ["contactId", "50x"]],
      { contactId: "Choose a business unit" },
    ],
  ] as Array<[string, Array<[string, string]>, Record<string, string>]>)(
    "%s: 400, nothing sent",
    async (_label, fields, errors) => {
      const { writes } = setUp();
      const result = (await send("2", fields)) as Refused;
      expect(result.init.status).toBe(400);
      expect(result.data.fieldErrors).toEqual(errors);
      expect(writes).toEqual([]);
    },
  );

  it("a unit that is no longer the user's: an error toast", async () => {
    setUp();
    const result = await send("2", [...UNIT.filter(([k]) => k !== "contactId"), ["contactId", "5999"]]);
    expect(await toastOf(result)).toEqual({
      kind: "error",
      message: "That business unit could not be found. Reload the page and try again.",
    });
  });

  it("deactivates and reactivates: PATCH {isActive}", async () => {
    const { writes } = setUp();
    const off = await send("2", [["intent", "deactivate"]]);
    expect(await toastOf(off)).toEqual({
      kind: "success",
      message: "First2 Last2 is deactivated: their sessions have ended",
    });
    const on = await send("2", [["intent", "reactivate"]]);
    expect(await toastOf(on)).toEqual({ kind: "success", message: "First2 Last2 is active again" });
    expect(writes.map((w) => [w.method, w.path, w.body])).toEqual([
      ["PATCH", "/api/admin/user/2", { isActive: false }],
      ["PATCH", "/api/admin/user/2", { isActive: true }],
    ]);
  });

  it.each([
    ["oneself", "1", {}, "You cannot deactivate yourself"],
    ["the last admin", "2", { lastAdmin: true }, "At least one active admin must remain"],
  ])("deactivating %s: the provider's 409 as an error toast", async (_label, userId, options, message) => {
    setUp(options);
    const result = await send(userId, [["intent", "deactivate"]]);
    expect(locationOf(result)).toBe(`/admin/user/${userId}`);
    expect(await toastOf(result)).toEqual({ kind: "error", message });
  });

  it("sends a password reset: POST {userId}; an inactive user's 409 as an error toast", async () => {
    const { writes } = setUp();
    expect(await toastOf(await send("2", [["intent", "reset"]]))).toEqual({
      kind: "success",
      message: "A password reset link was sent to person2@demo.test",
    });
    expect(writes[0]).toEqual({ method: "POST", path: "/api/admin/password-reset", body: { userId: "2" } });
    expect(await toastOf(await send("3", [["intent", "reset"]]))).toEqual({
      kind: "error",
      message: "This user is inactive: reactivate them first",
    });
  });

  it("an unknown user: 404; an unknown intent: an error toast, nothing sent", async () => {
    const { writes } = setUp();
    expect(((await send("99", [["intent", "reset"]])) as Response).status).toBe(404);
    expect(((await send("abc", [["intent", "reset"]])) as Response).status).toBe(404);
    expect(await toastOf(await send("2", [["intent", "promote"]]))).toEqual({
      kind: "error",
      message: "Choose what to do.",
    });
    expect(writes.filter((w) => w.path !== "/api/admin/password-reset")).toEqual([]);
  });

  it("a non-evolve user's post is refused and nothing is sent", async () => {
    const { writes } = setUp({ evolve: false });
    expect(locationOf(await send("2", [["intent", "deactivate"]]))).toBe("/");
    expect(writes).toEqual([]);
  });
});

describe("audit changes in words", () => {
  it("names permissions given and taken away in SPEC §6's words, settings as Yes/No, one line per change", () => {
    expect(
      changeLines(
        { permissions: ["viewReporting", "addAddress"], needsApproval: true, wpContactOnly: false },
        { permissions: ["addAddress", "orderApproval"], needsApproval: false, wpContactOnly: false },
      ),
    ).toEqual([
      "Given: Approve or reject orders waiting for approval",
      "Taken away: See reports",
      "Orders need approval: Yes → No",
    ]);
    expect(changeLines(null, { isActive: true })).toEqual(["Active: Yes"]);
    expect(changeLines({ qty: 2 }, null)).toEqual(["Qty: was 2"]);
    expect(changeLines(null, null)).toEqual([]);
  });
});
