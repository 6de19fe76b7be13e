import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, settle, toastOf } from "../../tests/mocks/requests";
import * as invitation from "../../tests/mocks/invitation-form";
import { useRouteTest, type Refusal } from "../../tests/mocks/route";
import { siteUserHandlers } from "../../tests/mocks/upstream/site-users";
import { action, loader } from "./_default.add-site-user";

// /add-site-user (issue 17 item 2, decision 113): the invite form limited to the inviter's permissions, the exact
// POST /api/invitation, the pending invitations with resend (PATCH) and revoke (DELETE), the site users 16 a page,
// the provider's refusals under their fields, and who may use it.
const t = useRouteTest();

const INVITER = ["canViewFullCatalogue", "viewOrderHistory", "addSiteUser"];

function setUp(options: { permissions?: string[]; approver?: boolean; users?: number; status?: number } = {}) {
  const permissions = options.permissions ?? INVITER;
  const mock = siteUserHandlers({ users: options.users, inviterHolds: permissions, status: options.status });
  t.signIn({ permissions, setting: { isApprover: options.approver ?? false } }, ...mock.handlers);
  return mock;
}
const load = (query = "") =>
  loader({ request: get(`/add-site-user${query}`, t.cookie()), params: {}, context: testLoadContext() });

/** A form post with repeated fields (the permission checkboxes); without the cookie, as nobody logged in. */
const send = (fields: Array<[string, string]>, withCookie = true) =>
  t.run(action, post("/add-site-user", fields, withCookie ? t.cookie() : undefined));
type Refused = Refusal;

const INVITE = invitation.invitationFields(
  ["intent", "invite"],
  ["canViewFullCatalogue", "viewOrderHistory"],
  ["needsApproval", "on"],
);
const without = (name: string) => invitation.withoutField(INVITE, name);

describe("/add-site-user: the page (issue 17 item 2)", () => {
  it("offers the inviter's own permissions in words, the pending invitations and page 1 of the site users", async () => {
    const { queries } = setUp();
    const data = await load();
    expect(data.permissions).toEqual([
      { value: "canViewFullCatalogue", label: "Browse and order from the full catalogue" },
      { value: "addSiteUser", label: "Invite colleagues and see the site users" },
      { value: "viewOrderHistory", label: "See the order history" },
    ]);
    expect(data.approverOffered).toBe(false);
    expect(data.invitations.map((i) => [i.email, i.expired, i.sent, i.expires, i.invitedBy])).toEqual([
      ["invitee901@demo.test", false, "21.11.26", "28.11.26", "Bea Buyer"],
      ["invitee902@demo.test", true, "21.11.26", "01.11.26", "Bea Buyer"],
    ]);
    expect(data.users[0]).toEqual({
      id: "11",
      name: "First1 Last01",
      email: "user1@demo.test",
      lastLogin: "Never",
      active: true,
    });
    expect(data.users[1].lastLogin).toBe("20.11.26");
    expect(Object.fromEntries(queries.users[0])).toEqual({ $limit: "16", $skip: "0" });
    expect(Object.fromEntries(queries.invitations[0])).toEqual({ $limit: "16", $skip: "0" });
  });

  it("an approver may make an approver", async () => {
    setUp({ approver: true });
    expect((await load()).approverOffered).toBe(true);
  });

  it("pages the site users 16 at a time with ?page; past the end is the last page, asked again", async () => {
    const { queries } = setUp({ users: 20 });
    const second = await load("?page=2");
    expect([second.page, second.pageCount, second.total, second.users.length]).toEqual([2, 2, 20, 4]);
    expect(queries.users.at(-1)?.get("$skip")).toBe("16");
    const past = await load("?page=9");
    expect(past.page).toBe(2);
    expect(queries.users.at(-1)?.get("$skip")).toBe("16");
    expect((await load("?page=abc")).page).toBe(1);
  });
});

describe("/add-site-user: invite (POST /api/invitation)", () => {
  it("sends exactly the typed invitation, then 303 back with the toast", async () => {
    const { writes } = setUp();
    const result = await send(INVITE);
    expect(writes.map((w) => [w.method, w.path, w.body])).toEqual([
      [
        "POST",
        "/api/invitation",
        {
          email: "nia.new@demo.test",
          firstName: "Nia",
          lastName: "New",
          permissions: ["canViewFullCatalogue", "viewOrderHistory"],
          isApprover: false,
          needsApproval: true,
        },
      ],
    ]);
    expect(locationOf(result)).toBe("/add-site-user");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Invitation sent to nia.new@demo.test" });
  });

  it("no permission ticked: an empty list is sent", async () => {
    const { writes } = setUp();
    await send(without("permissions"));
    expect((writes[0].body as { permissions: string[] }).permissions).toEqual([]);
  });

  it.each([
    ...invitation.inviteeFieldCases(INVITE, {
      noEmail: "Enter your colleague's email address",
      unknownPermission: "Choose only permissions from the list: you can give only what you hold yourself",
    }),
    [
      "a permission the inviter lacks",
      [...INVITE, ["permissions", "viewReporting"]],
      "permissions",
      "Choose only permissions from the list: you can give only what you hold yourself",
    ],
    [
      "approver, by an inviter who is not one",
      [...INVITE, ["isApprover", "on"]],
      "isApprover",
      "Only an approver can make a colleague an approver",
    ],
  ] as invitation.FieldCase[])(
    "%s: its message under the field, what was typed kept, nothing sent",
    async (_label, form, field, message) => {
      const { writes } = setUp();
      invitation.expectFieldRefusal(await send(form), { field, message, values: { needsApproval: true }, writes });
    },
  );

  it.each([
    [
      "an address already invited",
      [...without("email"), ["email", "invitee901@demo.test"]],
      "email",
      "This address is already a user of this customer or has a pending invitation",
    ],
    [
      "an address already a user",
      [...without("email"), ["email", "user2@demo.test"]],
      "email",
      "This address is already a user of this customer or has a pending invitation",
    ],
  ] as Array<[string, Array<[string, string]>, string, string]>)(
    "the provider refuses %s: 400, its reason under the field",
    async (_label, form, field, message) => {
      setUp();
      const result = (await send(form)) as Refused;
      expect(result.init.status).toBe(400);
      expect(result.data.fieldErrors).toEqual({ [field]: message });
    },
  );

  it("the provider refuses a permission (its rule, not only the form's): under the permissions", async () => {
    // the session says the inviter holds viewReporting, the provider says not
    const mock = siteUserHandlers({ inviterHolds: INVITER });
    t.signIn({ permissions: [...INVITER, "viewReporting"] }, ...mock.handlers);
    const result = (await send([...INVITE, ["permissions", "viewReporting"]])) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.permissions).toBe("You cannot grant viewReporting, which you do not hold");
  });

  it("a refusal naming no field: above the form with its status", async () => {
    setUp({ status: 403 });
    const result = (await send(INVITE)) as Refused;
    expect(result.init.status).toBe(403);
    expect(result.data.formError).toBe("You may not manage site users");
  });
});

describe("/add-site-user: resend and revoke (contract 3)", () => {
  it("resend: PATCH {resend: true}, then back with the toast", async () => {
    const { writes } = setUp();
    const result = await send([
      ["intent", "resend"],
      ["invitationId", "901"],
    ]);
    expect(writes.map((w) => [w.method, w.path, w.body])).toEqual([["PATCH", "/api/invitation/901", { resend: true }]]);
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "A new invitation link was sent to invitee901@demo.test",
    });
  });

  it("revoke: DELETE, then back with the toast", async () => {
    const { writes } = setUp();
    const result = await send([
      ["intent", "revoke"],
      ["invitationId", "902"],
    ]);
    expect(writes.map((w) => [w.method, w.path])).toEqual([["DELETE", "/api/invitation/902"]]);
    expect(locationOf(result)).toBe("/add-site-user");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Invitation revoked: its link no longer works" });
  });

  it.each(["resend", "revoke"])(
    "%s of another customer's invitation (404): back with an error toast",
    async (intent) => {
      setUp();
      const result = await send([
        ["intent", intent],
        ["invitationId", "777"],
      ]);
      expect(locationOf(result)).toBe("/add-site-user");
      expect(await toastOf(result)).toEqual({
        kind: "error",
        message: "That invitation could not be found. It may have been accepted or revoked.",
      });
    },
  );

  it.each(["", "abc", "1/../2"])(
    "an invitation id %j that is not one: back with the error toast, nothing sent",
    async (id) => {
      const { writes } = setUp();
      const result = await send([
        ["intent", "revoke"],
        ["invitationId", id],
      ]);
      expect(await toastOf(result)).toMatchObject({ kind: "error" });
      expect(writes).toEqual([]);
    },
  );

  it("an unknown intent: 400 above the form, nothing sent", async () => {
    const { writes } = setUp();
    const result = (await send([["intent", "delete-everyone"]])) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe("Choose what to do");
    expect(writes).toEqual([]);
  });
});

describe("/add-site-user: who may use it", () => {
  it("without addSiteUser: sent to the dashboard and told why, page and post; the provider not asked", async () => {
    const { queries, writes } = setUp({ permissions: ["canViewFullCatalogue", "viewOrderHistory"] });
    for (const result of [await settle(() => load()), await send(INVITE)]) {
      expect(locationOf(result)).toBe("/");
      expect(await toastOf(result)).toEqual({
        kind: "error",
        message: "Your account cannot open the Add a site user page.",
      });
    }
    expect([queries.users, queries.invitations, writes]).toEqual([[], [], []]);
  });
});
