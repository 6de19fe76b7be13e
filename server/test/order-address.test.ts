import { beforeAll, describe, expect, it } from "vitest";
import { NORTHWIND, useProvider } from "./fixtures";

let buyer: string;
let requester: string;
let manpack: string;
const { p } = useProvider();
beforeAll(async () => {
  const unit = await p.db("user_customers").where({ user_id: 1, customer_id: NORTHWIND }).first();
  const perms = [...JSON.parse(unit.permissions_json), "amendOrderDeliveryAddress"];
  await p
    .db("user_customers")
    .where({ user_id: 1, customer_id: NORTHWIND })
    .update({ permissions_json: JSON.stringify(perms) });
  buyer = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
  [requester, manpack] = await Promise.all(["requester@demo.test", "manpack@demo.test"].map((e) => p.login(e)));
});

describe("PATCH /api/order/:id {addressId}", () => {
  it("moves an undespatched order to another address of the customer: order, ship group and lines", async () => {
    const res = await p.api("PATCH", "/api/order/1", { token: buyer, body: { addressId: "704" } });
    expect(res.status).toBe(200);
    expect(res.body.shippingAddress).toMatchObject({ internalId: "704" });
    expect(res.body.shipGroupList.shipGroup[0]).toMatchObject({
      destinationAddressRef: { internalId: "704" },
      addressName: "Northwind Yard",
    });
    expect(res.body.itemList.item.every((l: any) => l.shipAddress?.internalId === "704")).toBe(true);
  });

  it("refuses once something is despatched (409), changing nothing", async () => {
    const before = await p.db("orders").where("id", 2).first();
    const res = await p.api("PATCH", "/api/order/2", { token: buyer, body: { addressId: "701" } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already been despatched/);
    expect(await p.db("orders").where("id", 2).first()).toEqual(before);
  });

  it("refuses another customer's, inactive or unknown address (400 naming addressId)", async () => {
    for (const addressId of ["702", "703", "999999", "abc"]) {
      const res = await p.api("PATCH", "/api/order/1", { token: buyer, body: { addressId } });
      expect(res.status).toBe(400);
      expect(res.body.data?.field).toBe("addressId");
    }
  });

  it("needs amendOrderDeliveryAddress (403) and a visible order (404)", async () => {
    expect((await p.api("PATCH", "/api/order/3", { token: requester, body: { addressId: "701" } })).status).toBe(403);
    expect((await p.api("PATCH", "/api/order/1", { token: manpack, body: { addressId: "702" } })).status).toBe(404);
  });

  it("the approval decision still works on the same endpoint", async () => {
    const approver = await p.login("approver@demo.test");
    expect((await p.api("PATCH", "/api/order/3", { token: approver, body: { decision: "approve" } })).status).toBe(200);
  });
});
