// Decision 010's known gap, closed (decision 121): a routed id beyond the tables' 32-bit range names no row, and is
// answered 404 on both databases (PostgreSQL used to answer 400 where SQLite answered 404).
import { beforeAll, describe, expect, it } from "vitest";
import { useProvider } from "./fixtures";

const { p, tokens } = useProvider({
  token: "buyer@demo.test",
});
beforeAll(async () => {
  await p.api("POST", "/api/select-customer", { token: tokens.token, body: { contactId: "5001" } });
});

const BEYOND = ["2147483648", "999999999999999"];

describe("a routed id beyond 2147483647", () => {
  it.each([
    "order",
    "despatch",
    "saved-basket",
    "wish-list",
    "customer-address",
    "carriage",
    "contact",
    "item",
    "training-guides",
    "invitation",
    "site-user",
  ])("GET /api/%s/:id → 404", async (service) => {
    for (const id of BEYOND) {
      const res = await p.api("GET", `/api/${service}/${id}`, { token: tokens.token });
      expect(res.status, `${service}/${id} → ${JSON.stringify(res.body)}`).toBe(404);
    }
  });

  it("a write to it → 404, nothing written", async () => {
    const addresses = await p.db("addresses").count({ n: "*" }).first();
    for (const id of BEYOND) {
      expect(
        (await p.api("PATCH", `/api/customer-address/${id}`, { token: tokens.token, body: { isInactive: true } }))
          .status,
      ).toBe(404);
      expect(
        (await p.api("PATCH", `/api/order/${id}`, { token: tokens.token, body: { addressId: "701" } })).status,
      ).toBe(404);
      expect((await p.api("DELETE", `/api/invitation/${id}`, { token: tokens.token })).status).toBe(404);
    }
    expect(await p.db("addresses").count({ n: "*" }).first()).toEqual(addresses);
  });

  it("the largest id in range is still asked for: an unknown one is a 404 as before", async () => {
    expect((await p.api("GET", "/api/order/2147483647", { token: tokens.token })).status).toBe(404);
  });
});
