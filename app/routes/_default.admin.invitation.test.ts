import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import * as invitation from "../../tests/mocks/invitation-form";
import { useRouteTest, type Refusal } from "../../tests/mocks/route";
import { adminUserHandlers } from "../../tests/mocks/upstream/admin-users";
import { action, loader } from "./_default.admin.invitation";

// /admin/invitation (issue 20 item 4, decision 130): any customer (GET /api/admin/customer), any SPEC §6 permission in
// words, approver / needs approval; zod's field errors with nothing sent; the provider's 400 under its field, its 404
// under the customer; a non-evolve user refused.
const t = useRouteTest();

function setUp(options: { evolve?: boolean } = {}) {
  const mock = adminUserHandlers();
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/invitation", { loader, action });
const { load } = route;
const send = (fields: invitation.Fields) => route.send(fields);
type Refused = Refusal;

const INVITE = invitation.invitationFields(
  ["customerId", "1002"],
  ["viewReporting", "orderApproval"],
  ["isApprover", "on"],
);
const without = (name: string) => invitation.withoutField(INVITE, name);

describe("/admin/invitation: the page", () => {
  it("offers every customer and every SPEC §6 permission in words, C20's default two ticked", async () => {
    const { queries } = setUp();
    const data = (await load("?customerId=1001")) as Awaited<ReturnType<typeof loader>>;
    expect(data.customers).toEqual([
      { value: "1002", label: "Harbour Health Trust" },
      { value: "1001", label: "Northwind Facilities" },
    ]);
    expect(data.customerId).toBe("1001");
    expect(data.permissions).toHaveLength(20);
    expect(data.permissions[0]).toEqual({
      value: "canViewFullCatalogue",
      label: "Browse and order from the full catalogue",
    });
    expect(data.defaults).toEqual(["canViewFullCatalogue", "viewOrderHistory"]);
    expect(Object.fromEntries(queries.customers[0])).toEqual({ $limit: "100", $skip: "0" });
  });

  it("a customer search narrows the picker (?q); an unknown ?customerId chooses none", async () => {
    const { queries } = setUp();
    const data = (await load("?q=north&customerId=9")) as Awaited<ReturnType<typeof loader>>;
    expect(queries.customers[0].get("q")).toBe("north");
    expect(data.customers.map((c) => c.label)).toEqual(["Northwind Facilities"]);
    expect(data.customerId).toBe("");
  });

  it("a non-evolve user is sent to /", async () => {
    const { queries } = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    expect(queries.customers).toEqual([]);
  });
});

describe("/admin/invitation: the post", () => {
  it("sends exactly the invitation to the chosen customer, then 303 back with the toast", async () => {
    const { writes } = setUp();
    const result = await send(INVITE);
    expect(writes).toEqual([
      {
        method: "POST",
        path: "/api/admin/invitation",
        body: {
          customerId: "1002",
          email: "nia.new@demo.test",
          firstName: "Nia",
          lastName: "New",
          permissions: ["viewReporting", "orderApproval"],
          isApprover: true,
          needsApproval: false,
        },
      },
    ]);
    expect(locationOf(result)).toBe("/admin/invitation");
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "Invitation sent to nia.new@demo.test for Harbour Health Trust",
    });
  });

  it("nothing ticked: an empty list is sent (no permissions)", async () => {
    const { writes } = setUp();
    await send(without("permissions"));
    expect((writes[0].body as { permissions: string[] }).permissions).toEqual([]);
  });

  it.each([
    ["no customer", without("customerId"), "customerId", "Choose a customer"],
    [
      "a customer that is not an id",
      [...without("customerId"), ["customerId", "north"]],
      "customerId",
      "Choose a customer",
    ],
    ...invitation.inviteeFieldCases(INVITE, {
      noEmail: "Enter the email address",
      unknownPermission: "Choose only permissions from the list",
    }),
  ] as invitation.FieldCase[])(
    "%s: its message under the field, what was typed kept, nothing sent",
    async (_label, form, field, message) => {
      const { writes } = setUp();
      invitation.expectFieldRefusal(await send(form), { field, message, values: { isApprover: true }, writes });
    },
  );

  it("the provider's 400 (already a user or invited) under the e-mail", async () => {
    setUp();
    const result = (await send([...without("email"), ["email", "invited@demo.test"]])) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      email: "This address is already a user of this customer or has a pending invitation",
    });
    expect(result.data.formError).toBeNull();
  });

  it("a customer gone meanwhile (the provider's 404) under the customer", async () => {
    setUp();
    const result = (await send([...without("customerId"), ["customerId", "1999"]])) as Refused;
    expect(result.init.status).toBe(404);
    expect(result.data.fieldErrors).toEqual({ customerId: "That customer could not be found" });
  });

  it("a non-evolve user's post is refused and nothing is sent", async () => {
    const { writes } = setUp({ evolve: false });
    expect(locationOf(await send(INVITE))).toBe("/");
    expect(writes).toEqual([]);
  });
});
