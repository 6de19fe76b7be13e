import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { addressAnswer, addressHandlers } from "../../tests/mocks/upstream/addresses";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_default.manage-delivery-addresses";

// /manage-delivery-addresses (issue 17 item 4, decision 114): the customer's addresses (SPEC §7 parameters, search,
// 16 a page), the typed ones apart, customAddressOnly, and removing an address (dellAddress).
const t = useRouteTest();

const ADMIN = ["canViewFullCatalogue", "addAddress", "dellAddress"];

function setUp(
  options: { permissions?: string[]; customer?: ReturnType<typeof addressAnswer>[]; punchoutSession?: string } = {},
) {
  const mock = addressHandlers({ customer: options.customer });
  const session = sessionAnswer({
    permissions: options.permissions ?? ADMIN,
    punchoutSession: options.punchoutSession ?? null,
  });
  t.signIn(session, ...mock.handlers);
  return mock;
}
const load = (search = "") =>
  loader({ request: get(`/manage-delivery-addresses${search}`, t.cookie()), params: {}, context: testLoadContext() });
const send = (form: Record<string, string>, search = "") =>
  t.run(action, post(`/manage-delivery-addresses${search}`, form, t.cookie()));

const many = Array.from({ length: 20 }, (_, i) =>
  addressAnswer(String(800 + i), `Site ${String(i + 1).padStart(2, "0")}`),
);

describe("/manage-delivery-addresses: the list (issue 17 item 4)", () => {
  it("the customer's active addresses by label, 16 a page, and the typed ones apart", async () => {
    const { queries } = setUp();
    const data = await load();
    expect(data.customer).toEqual({
      total: 2,
      page: 1,
      pageCount: 1,
      rows: [
        {
          id: "701",
          label: "Leeds depot",
          addressee: "Goods in",
          text: "701 Mill Lane, Leeds, LS1 4AP",
          isDefault: true,
        },
        {
          id: "702",
          label: "York site",
          addressee: "Goods in",
          text: "702 Mill Lane, Leeds, YO1 7HH",
          isDefault: false,
        },
      ],
    });
    expect(data.custom.map((r) => r.label)).toEqual(["Typed at checkout"]);
    expect(data.canDeactivate).toBe(true);
    expect(data.addLink).toBe(true);
    expect(Object.fromEntries(queries.customer[0])).toEqual({
      "details.custrecord4.value[$ne]": "true",
      "$sort[label]": "1",
      $limit: "16",
      $skip: "0",
    });
    expect(Object.fromEntries(queries.custom[0])).toEqual({
      "details.custrecord4.value[$ne]": "true",
      "$sort[label]": "1",
      $limit: "10000",
      $skip: "0",
    });
  });

  it("searches by label or postcode and pages with $skip; a page past the end is the last page", async () => {
    const { queries } = setUp({ customer: many });
    const second = await load("?q=%20site%20&page=2");
    expect(second.q).toBe("site");
    expect(second.customer?.page).toBe(2);
    expect(second.customer?.rows.map((r) => r.label)).toEqual(["Site 17", "Site 18", "Site 19", "Site 20"]);
    expect(Object.fromEntries(queries.customer[0])).toMatchObject({
      "$or[0][label][$match]": "site",
      "$or[1][zip][$match]": "site",
      $skip: "16",
    });
    const past = await load("?page=9");
    expect(past.customer?.page).toBe(2);
    expect(queries.customer.at(-1)?.get("$skip")).toBe("16");
  });

  it("a user with customAddressOnly sees only the typed addresses; the customer's list is not asked for", async () => {
    const { queries } = setUp({ permissions: ["canViewFullCatalogue", "customAddressOnly"] });
    const data = await load();
    expect(data.customer).toBeNull();
    expect(data.custom).toHaveLength(1);
    expect(data.canDeactivate).toBe(false);
    expect(data.addLink).toBe(false);
    expect(queries.customer).toEqual([]);
  });
});

describe("/manage-delivery-addresses: removing an address (dellAddress)", () => {
  it("PATCH /api/customer-address/:id {isInactive: true}, then 303 back to the same list with the toast", async () => {
    const { patches } = setUp();
    const result = await send({ intent: "deactivate", addressId: "702" }, "?q=york&page=1");
    expect(patches).toEqual([{ id: "702", body: { isInactive: true } }]);
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("/manage-delivery-addresses?q=york&page=1");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Delivery address removed" });
  });

  it("another customer's id: the provider's 404, said in an error toast", async () => {
    setUp();
    const result = await send({ intent: "deactivate", addressId: "555" });
    expect(locationOf(result)).toBe("/manage-delivery-addresses");
    expect(await toastOf(result)).toEqual({ kind: "error", message: "That address was not found" });
  });

  it("bad input: 400, nothing sent", async () => {
    const { patches } = setUp();
    const result = (await send({ intent: "delete", addressId: "abc" })) as unknown as { init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(patches).toEqual([]);
  });

  it("without dellAddress: the post is refused (403, the access table's actionNeeds) and the provider not asked; the page still opens", async () => {
    const { patches } = setUp({ permissions: ["canViewFullCatalogue", "addAddress"] });
    const result = await send({ intent: "deactivate", addressId: "702" });
    expect((result as Response).status).toBe(403);
    expect(patches).toEqual([]);
    expect((await load()).canDeactivate).toBe(false);
  });

  it("within a punchout session: page and post refused (sent to the dashboard, told why), the provider not asked", async () => {
    const { patches, queries } = setUp({ punchoutSession: "ps-1" });
    for (const result of [await settle(() => load()), await send({ intent: "deactivate", addressId: "702" })]) {
      expect(locationOf(result)).toBe("/");
      expect(await toastOf(result)).toEqual({
        kind: "error",
        message: "Your account cannot open the delivery addresses.",
      });
    }
    expect(patches).toEqual([]);
    expect(queries.customer).toEqual([]);
  });
});
