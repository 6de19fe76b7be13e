import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { addressHandlers } from "../../tests/mocks/upstream/addresses";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_default.add-delivery-address";

// /add-delivery-address (issue 17 item 3, decision 114): the form's rules (the postcode normalised before the call),
// the exact POST /api/customer-address, the provider's refusals under their fields, and who may use it.
const t = useRouteTest();

const ADMIN = ["canViewFullCatalogue", "addAddress", "dellAddress"];

function setUp(options: { permissions?: string[]; forbid?: boolean; inPunchout?: boolean } = {}) {
  const mock = addressHandlers({ forbid: options.forbid });
  const session = sessionAnswer({
    permissions: options.permissions ?? ADMIN,
    punchoutSession: options.inPunchout ? "ps-1" : null,
  });
  t.signIn(session, ...mock.handlers);
  return mock;
}
const load = () =>
  loader({ request: get("/add-delivery-address", t.cookie()), params: {}, context: testLoadContext() });
const send = (form: Record<string, string>) => t.run(action, post("/add-delivery-address", form, t.cookie()));

type Refused = {
  init: ResponseInit;
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null; values: Record<string, string> };
};

const FILLED = {
  label: " Leeds stores ",
  addressee: "Goods in",
  addr1: "1 Mill Lane",
  addr2: "",
  city: "Leeds",
  zip: "ls14ap",
};

describe("/add-delivery-address (issue 17 item 3)", () => {
  it("the page links back to the list for a user who may open it", async () => {
    setUp();
    expect(await load()).toEqual({ listLink: true });
  });

  it("adds with exactly the POST /api/customer-address body (postcode normalised, blanks left out), then 303 to the list with the toast", async () => {
    const { bodies } = setUp();
    const result = await send(FILLED);
    expect(bodies).toEqual([
      { label: "Leeds stores", addressee: "Goods in", addr1: "1 Mill Lane", city: "Leeds", zip: "LS1 4AP" },
    ]);
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("/manage-delivery-addresses");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Delivery address added" });
  });

  it("a BFPO number is a postcode too", async () => {
    const { bodies } = setUp();
    await send({ ...FILLED, zip: "bfpo 0801" });
    expect(bodies[0].zip).toBe("BFPO 801");
  });

  it("an empty form: a message under each required field, the provider not asked", async () => {
    const { bodies } = setUp();
    const result = (await send({})) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      label: "Enter a name for the address",
      addr1: "Enter the first line of the address",
      city: "Enter the town or city",
      zip: "Enter the postcode",
    });
    expect(bodies).toEqual([]);
  });

  it("a malformed postcode: the message under the postcode, what was typed kept, nothing sent", async () => {
    const { bodies } = setUp();
    const form = { ...FILLED, zip: "LS1 4A" };
    const result = (await send(form)) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      fieldErrors: { zip: "Enter a UK postcode, like SW1A 1AA, or a BFPO number, like BFPO 801" },
      formError: null,
      values: form,
    });
    expect(bodies).toEqual([]);
  });

  it("the provider refuses a field: its reason under that field, with its status", async () => {
    setUp();
    const form = { ...FILLED, label: "Leeds depot" };
    const result = (await send(form)) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ label: "Another address is already called that" });
    expect(result.data.values).toEqual(form);
  });

  it("a refusal naming no field: its message above the form", async () => {
    setUp({ forbid: true });
    const result = (await send(FILLED)) as Refused;
    expect(result.init.status).toBe(403);
    expect(result.data.formError).toBe("This account may not change delivery addresses");
  });

  it.each([
    [
      "without addAddress: sent to the dashboard and told why",
      { permissions: ["canViewFullCatalogue", "dellAddress"] },
    ],
    ["within a punchout session: refused like any account screen", { inPunchout: true }],
  ])("%s, page and post; the provider not asked", async (_case, options) => {
    const { bodies } = setUp(options);
    for (const result of [await settle(() => load()), await send(FILLED)]) {
      expect(locationOf(result)).toBe("/");
      expect(await toastOf(result)).toEqual({
        kind: "error",
        message: "Your account cannot open the Add a delivery address page.",
      });
    }
    expect(bodies).toEqual([]);
  });
});
