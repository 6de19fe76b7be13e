import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { wearerAdminHandlers } from "../../tests/mocks/upstream/wearer-admin";
import { action, loader } from "./_default.add-wearer";

// /add-wearer (issue 15 item 7, decision 103): the form's choices, its field errors, the exact POST /api/contact,
// the provider's refusals under their fields, and who may use it.
const t = useRouteTest();

const ADMIN = ["canViewManpack", "manpackOrders", "addManpackUser"];

function setUp(options: { permissions?: string[]; createStatus?: number } = {}) {
  const admin = wearerAdminHandlers({ createStatus: options.createStatus });
  t.signIn({ permissions: options.permissions ?? ADMIN }, ...admin.handlers);
  return admin;
}
const load = () => loader({ request: get("/add-wearer", t.cookie()), params: {}, context: testLoadContext() });
const send = (form: Record<string, string>) => t.run(action, post("/add-wearer", form, t.cookie()));

type Refused = {
  init: ResponseInit;
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null; values: Record<string, string> };
};

const FILLED = {
  firstName: " Nia ",
  lastName: "New",
  email: "nia.new@harbour.test",
  grade: "Porter",
  employeeRef: " HH-020001 ",
  department: "302",
  costCentre: "402",
};

describe("/add-wearer: the form (issue 15 item 7)", () => {
  it("offers the customer's grades, active departments and active cost centres", async () => {
    const { queries } = setUp();
    const data = await load();
    expect(data).toEqual({
      grades: [
        { value: "Band 5 Staff Nurse", label: "Band 5 Staff Nurse" },
        { value: "Porter", label: "Porter" },
      ],
      departments: [
        { value: "302", label: "Maternity" },
        { value: "303", label: "Wards" },
      ],
      costCentres: [{ value: "402", label: "CC-310 Women's services" }],
      wearersLink: true,
    });
    expect([...queries.grade[0].keys()]).toEqual([]);
    expect(Object.fromEntries(queries.department[0])).toEqual({ isInactive: "false", $limit: "10000" });
    expect(Object.fromEntries(queries.costCentre[0])).toEqual({ isInactive: "false", $limit: "10000" });
  });

  it("links back to the wearers only for a user who may open them", async () => {
    setUp({ permissions: ["addManpackUser", "canViewFullCatalogue"] });
    expect((await load()).wearersLink).toBe(false);
  });

  it("adds the wearer with exactly the POST /api/contact body, then 303 to their page with the toast", async () => {
    const { bodies } = setUp();
    const result = await send(FILLED);
    expect(bodies).toEqual([
      {
        firstName: "Nia",
        lastName: "New",
        email: "nia.new@harbour.test",
        grade: "Porter",
        employeeRef: "HH-020001",
        department: "302",
        costCentre: "402",
        manpackUser: true,
      },
    ]);
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("/wearer-pack/5900");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Wearer added" });
  });

  it("an e-mail left blank is not sent", async () => {
    const { bodies } = setUp();
    await send({ ...FILLED, email: "  " });
    expect(bodies[0]).not.toHaveProperty("email");
  });

  it("a user who may add wearers but not open wearer packs comes back to the form, told it was added", async () => {
    setUp({ permissions: ["addManpackUser", "canViewFullCatalogue"] });
    const result = await send(FILLED);
    expect(locationOf(result)).toBe("/add-wearer");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Wearer added" });
  });

  it("an empty form: a message under each required field, the provider not asked", async () => {
    const { bodies } = setUp();
    const result = (await send({})) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      firstName: "Enter the first name",
      lastName: "Enter the last name",
      grade: "Choose a grade",
      employeeRef: "Enter the employee reference",
      department: "Choose a department",
      costCentre: "Choose a cost centre",
    });
    expect(bodies).toEqual([]);
  });

  it.each([
    ["a first name over 100 characters", { firstName: "x".repeat(101) }, "firstName", "Use at most 100 characters"],
    ["a last name of spaces", { lastName: "   " }, "lastName", "Enter the last name"],
    ["an e-mail address that is not one", { email: "nia@" }, "email", "Enter an email address like name@company.co.uk"],
    [
      "an employee reference over 100 characters",
      { employeeRef: "R".repeat(101) },
      "employeeRef",
      "Use at most 100 characters",
    ],
    ["a department id that is not an id", { department: "maternity" }, "department", "Choose a department"],
    ["no cost centre chosen", { costCentre: "" }, "costCentre", "Choose a cost centre"],
  ])("%s: its message under the field, what was typed kept, nothing sent", async (_label, change, field, message) => {
    const { bodies } = setUp();
    const form = { ...FILLED, ...change };
    const result = (await send(form)) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ [field]: message });
    expect(result.data.values).toEqual(form);
    expect(bodies).toEqual([]);
  });

  it.each([
    [
      "a duplicate employee reference",
      { employeeRef: "hh-010001" },
      "employeeRef",
      "Employee reference hh-010001 already belongs to another contact",
    ],
    ["an unknown department id", { department: "999" }, "department", "Not one of this customer's active departments"],
    [
      "an unknown cost centre id",
      { costCentre: "998" },
      "costCentre",
      "Not one of this customer's active cost centres",
    ],
    [
      "a grade that is not the customer's",
      { grade: "Astronaut" },
      "grade",
      "Astronaut is not one of this customer's grades",
    ],
  ])(
    "the provider refuses %s: 400, its reason under the field, what was typed kept",
    async (_label, change, field, message) => {
      setUp();
      const form = { ...FILLED, ...change };
      const result = (await send(form)) as Refused;
      expect(result.init.status).toBe(400);
      expect(result.data).toEqual({ ok: false, fieldErrors: { [field]: message }, formError: null, values: form });
    },
  );

  it("a refusal naming no field of the form: its message above the form, with its status", async () => {
    setUp({ createStatus: 403 });
    const result = (await send(FILLED)) as Refused;
    expect(result.init.status).toBe(403);
    expect(result.data.formError).toBe("Adding wearers is not allowed for this account");
    expect(result.data.fieldErrors).toEqual({});
  });

  it("without addManpackUser: sent to the dashboard and told why, page and post; the provider not asked", async () => {
    const { queries, bodies } = setUp({ permissions: ["canViewManpack", "manpackOrders", "canViewFullCatalogue"] });
    for (const result of [await settle(() => load()), await send(FILLED)]) {
      expect(locationOf(result)).toBe("/");
      expect(await toastOf(result)).toEqual({
        kind: "error",
        message: "Your account cannot open the Add a wearer page.",
      });
    }
    expect([queries.grade, queries.department, bodies]).toEqual([[], [], []]);
  });
});
