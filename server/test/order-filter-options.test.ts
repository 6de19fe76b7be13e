import { beforeAll, describe, expect, it } from "vitest";
import { HARBOUR, NORTHWIND, useProvider } from "./fixtures";

// GET /api/order-filter-options (issue 13 item 2, decision 094): the order history's contacts, departments and
// addresses in one call, scoped exactly as the three separate calls scope them.
const { p } = useProvider();
beforeAll(async () => {
  await p.db("addresses").insert({
    id: 790,
    customer_id: NORTHWIND,
    kind: "custom",
    label: "Typed at checkout",
    addr1: "1 Road",
    addr2: "",
    city: "Leeds",
    zip: "LS1 1AA",
    addr_text: "",
    created_at: "2026-01-01T00:00:00.000Z",
  });
});

async function as(email: string, contactId?: string): Promise<string> {
  const token = await p.login(email);
  if (contactId) expect((await p.api("POST", "/api/select-customer", { token, body: { contactId } })).status).toBe(201);
  return token;
}

/** What the three separate calls answer, reduced to what the one call sends. */
async function separately(token: string, query = "") {
  const get = async (path: string) => {
    const res = await p.api("GET", `${path}${query}`, { token });
    expect(res.status).toBe(200);
    return res.body.data as any[];
  };
  const [contacts, departments, addresses] = await Promise.all([
    get("/api/contact?isInactive=false&$limit=10000"),
    get("/api/department?isInactive=false&$limit=10000"),
    get("/api/customer-address?$limit=10000&details.custrecord4.value[$ne]=true"),
  ]);
  return {
    contacts: contacts.map((c) => ({ internalId: c.internalId, firstName: c.firstName, lastName: c.lastName })),
    departments: departments.map((d) => ({ internalId: d.internalId, name: d.name })),
    addresses: addresses.map((a) => ({ internalId: a.internalId, label: a.label })),
  };
}

describe("GET /api/order-filter-options", () => {
  it("answers the selected customer's active contacts, departments and delivery addresses, sorted as the lists are", async () => {
    const token = await as("buyer@demo.test", "5001");
    const res = await p.api("GET", "/api/order-filter-options", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      contacts: [
        { internalId: "5003", firstName: "Ava", lastName: "Approver" },
        { internalId: "5001", firstName: "Bea", lastName: "Buyer" },
        { internalId: "5002", firstName: "Rory", lastName: "Requester" },
        { internalId: "5004", firstName: "Wes", lastName: "Wearer" },
      ],
      departments: [{ internalId: "301", name: "Estates" }],
      addresses: [
        { internalId: "701", label: "Northwind Depot" },
        { internalId: "704", label: "Northwind Yard" },
      ],
    });
    expect(res.body).toEqual(await separately(token));
  });

  it("another business unit of the same user gets that unit's, as the separate calls do", async () => {
    const token = await as("buyer@demo.test", "5101");
    const res = await p.api("GET", "/api/order-filter-options", { token });
    expect(res.status).toBe(200);
    expect(res.body.departments).toEqual([{ internalId: "302", name: "Wards" }]);
    expect(res.body.addresses).toEqual([{ internalId: "702", label: "Harbour Hospital" }]);
    expect(res.body.contacts.map((c: any) => c.internalId)).toEqual(["5101", "5102", "5103"]);
    expect(res.body).toEqual(await separately(token));
  });

  it("a wp_contact_only user gets only their own contact (SPEC §6), the unit's departments and addresses", async () => {
    await p.db("user_customers").where({ user_id: 2, customer_id: NORTHWIND }).update({ wp_contact_only: true });
    try {
      const token = await as("requester@demo.test");
      const res = await p.api("GET", "/api/order-filter-options", { token });
      expect(res.status).toBe(200);
      expect(res.body.contacts).toEqual([{ internalId: "5002", firstName: "Rory", lastName: "Requester" }]);
      expect(res.body.departments).toEqual([{ internalId: "301", name: "Estates" }]);
      expect(res.body.addresses.map((a: any) => a.internalId)).toEqual(["701", "704"]);
      expect(res.body).toEqual(await separately(token));
    } finally {
      await p.db("user_customers").where({ user_id: 2, customer_id: NORTHWIND }).update({ wp_contact_only: false });
    }
  });

  it("provider staff act for the customer they name, and must name one", async () => {
    const token = await as("admin@demo.test");
    const res = await p.api("GET", `/api/order-filter-options?customerId=${HARBOUR}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await separately(token, `&customerId=${HARBOUR}`));
    const none = await p.api("GET", "/api/order-filter-options", { token });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/customerId is required/);
  });

  it("refuses another customer's unit (403) and an unknown customer (404)", async () => {
    const requester = await as("requester@demo.test");
    const foreign = await p.api("GET", `/api/order-filter-options?customerId=${HARBOUR}`, { token: requester });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe("Only provider staff may act for another customer");
    // the buyer's other unit too, while this one is selected
    const buyer = await as("buyer@demo.test", "5001");
    expect((await p.api("GET", `/api/order-filter-options?customerId=${HARBOUR}`, { token: buyer })).status).toBe(403);
    expect((await p.api("GET", `/api/order-filter-options?customerId=${NORTHWIND}`, { token: buyer })).status).toBe(
      200,
    );
    const admin = await as("admin@demo.test");
    expect((await p.api("GET", "/api/order-filter-options?customerId=9999", { token: admin })).status).toBe(404);
  });

  it("without a session is a 401; with no business unit selected a 403", async () => {
    const anonymous = await p.api("GET", "/api/order-filter-options");
    expect(anonymous.status).toBe(401);
    const stale = await p.api("GET", "/api/order-filter-options", { token: "not-a-session" });
    expect(stale.status).toBe(401);
    const unselected = await p.api("GET", "/api/order-filter-options", { token: await as("buyer@demo.test") });
    expect(unselected.status).toBe(403);
    expect(unselected.body.message).toMatch(/Select a business unit first/);
  });

  it("refuses any query parameter with a 400 naming it", async () => {
    const token = await as("buyer@demo.test", "5001");
    for (const query of ["$limit=5", "isInactive=true", "contacts[$in]=5005"]) {
      const res = await p.api("GET", `/api/order-filter-options?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/^Unknown query parameter "/);
    }
  });

  it("lists none of another customer's records, nor inactive or typed addresses", async () => {
    const token = await as("buyer@demo.test", "5001");
    const res = await p.api("GET", "/api/order-filter-options", { token });
    const ids = [...res.body.contacts, ...res.body.departments, ...res.body.addresses].map((r: any) => r.internalId);
    for (const foreign of ["5101", "5102", "5201", "302", "702", "705", "5005", "303", "703", "790"])
      expect(ids).not.toContain(foreign);
  });
});
