import { beforeAll, describe, expect, it } from "vitest";
import { addUser, NORTHWIND, useProvider } from "./fixtures";

/** Issue 17 items 3 and 4: new addresses' postcodes (app/domain/postcode.ts, one rule for portal and provider) and scoping. */
let typist: string;
const { p, tokens } = useProvider({
  buyer: { email: "buyer@demo.test", contactId: 5001 },
});
beforeAll(async () => {
  await addUser(p.db, "typist@account.test", [
    { customerId: NORTHWIND, permissions: ["canViewFullCatalogue", "customAddressOnly"] },
  ]);
  typist = await p.login("typist@account.test");
});

const POSTCODE = 'Invalid value at field "zip": Enter a UK postcode, like SW1A 1AA, or a BFPO number, like BFPO 801';
const addresses = async () => (await p.db("addresses").count({ n: "*" }).first())!.n;

describe.each([
  ["/api/customer-address", () => tokens.buyer],
  ["/api/custom-addresses", () => typist],
])("POST %s", (path, token) => {
  it("normalises the postcode: `sw1a1aa` is stored as `SW1A 1AA`, BFPO and the Crown dependencies too", async () => {
    for (const [typed, stored] of [
      ["sw1a1aa", "SW1A 1AA"],
      [" ls1  4ap ", "LS1 4AP"],
      ["bfpo 0801", "BFPO 801"],
      ["je23ab", "JE2 3AB"],
    ]) {
      const res = await p.api("POST", path, {
        token: token(),
        body: { label: `Site ${typed}`, addressee: "Stores", addr1: "1 Test Street", city: "London", zip: typed },
      });
      expect(res.status).toBe(201);
      expect(res.body.details).toMatchObject({ zip: stored, addressee: "Stores" });
      expect(res.body.details.addrText).toContain(stored);
      expect((await p.db("addresses").where("id", Number(res.body.internalId)).first("zip")).zip).toBe(stored);
    }
  });

  it("refuses a malformed postcode at zip with the portal's words, nothing written", async () => {
    const before = await addresses();
    for (const zip of ["", "12345", "SW1A", "QQ1 1AA", "BFPO 0", "SW1A 1AA!"]) {
      const res = await p.api("POST", path, {
        token: token(),
        body: { label: "Bad", addr1: "1 Test Street", city: "London", zip },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ name: "BadRequest", message: POSTCODE, data: { field: "zip" } });
    }
    expect(await addresses()).toBe(before);
  });

  it("label, addr1 and city are required (400 at the field), nothing written", async () => {
    const before = await addresses();
    const full = { label: "Depot", addr1: "1 Test Street", city: "London", zip: "SW1A 1AA" };
    for (const field of ["label", "addr1", "city", "zip"] as const) {
      for (const body of [
        { ...full, [field]: undefined },
        { ...full, [field]: "   " },
      ]) {
        const res = await p.api("POST", path, { token: token(), body });
        expect(res.status).toBe(400);
        expect(res.body.data.field).toBe(field);
        expect(res.body.message).toMatch(new RegExp(`^Invalid value at field "${field}": `));
      }
    }
    expect(await addresses()).toBe(before);
  });
});

describe("PATCH /api/customer-address/:id", () => {
  it("another customer's address is a 404 and stays as it was; one's own is retired", async () => {
    const res = await p.api("PATCH", "/api/customer-address/702", { token: tokens.buyer, body: { isInactive: true } });
    expect(res.status).toBe(404);
    expect((await p.db("addresses").where("id", 702).first("is_inactive")).is_inactive).toBeFalsy();
    expect((await p.api("GET", "/api/customer-address/702", { token: tokens.buyer })).status).toBe(404);
    const own = await p.api("PATCH", "/api/customer-address/704", { token: tokens.buyer, body: { isInactive: true } });
    expect(own.status).toBe(200);
    expect(own.body.details.custrecord4.value).toBe(true);
  });
});
