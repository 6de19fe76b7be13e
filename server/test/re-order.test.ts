// Issue 15 item 8 (decision 104): reordering a wearer-pack order answers packs that can be ordered as they are — a
// wearer's lines they are no longer entitled to, and an inactive wearer's lines, are left out and listed in `dropped`
// with the reason; an order's lines name their wearer (itemList.item[].employee.name).
import { beforeAll, describe, expect, it } from "vitest";
import { BO_BANDB, HARBOUR, useProvider } from "./fixtures";

let manpack: string; // Harbour (contact 5103, user 4): canViewManpack, manpackOrders; sees the orders they placed
let buyer: string; // Northwind selected

const line = (
  id: number,
  line_no: number,
  item_id: number,
  parent_item_id: number | null,
  name: string,
  employee_contact_id: number,
) => ({
  id,
  order_id: 60,
  line_no,
  item_id,
  parent_item_id,
  item_code: null,
  name,
  quantity: 2,
  rate: 10,
  amount: 20,
  employee_contact_id,
  ship_address_id: 702,
  ship_address_name: "Harbour Hospital",
});

const { p } = useProvider();
beforeAll(async () => {
  [manpack, buyer] = await Promise.all([p.login("manpack@demo.test"), p.login("buyer@demo.test")]);
  await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
  await p.db("contacts").insert([
    { ...BO_BANDB, is_inactive: false },
    {
      id: 5105,
      customer_id: HARBOUR,
      first_name: "Lee",
      last_name: "Leaver",
      grade: "A",
      employee_ref: "HH-0043",
      manpack_user: true,
      is_inactive: true,
    },
  ]);
  await p.db("orders").insert({
    id: 60,
    tran_id: "SO100060",
    customer_id: HARBOUR,
    placed_by_user_id: 4,
    contact_id: 5103,
    contact_name: "Mo Manpack",
    created_date: "2026-10-20T10:00:00.000Z",
    order_status: "Pending Fulfillment",
    sales_order_type_id: 1,
    sub_total: 100,
    shipping_cost: 5.95,
    tax_total: 21.19,
    search_text: "mo manpack so100060",
  });
  await p
    .db("order_lines")
    .insert([
      line(601, 1, 20030, null, "Ward Tunic", 5102),
      line(602, 2, 20010, null, "Work Trousers", 5102),
      line(603, 3, 20002, 20001, "Hi-Vis Jacket M", 5102),
      line(604, 4, 20030, null, "Ward Tunic", 5104),
      line(605, 5, 20030, null, "Ward Tunic", 5105),
    ]);
  await p.db("order_ship_groups").insert({
    id: 60,
    order_id: 60,
    address_id: 702,
    address_name: "Harbour Hospital",
    address_text: "Harbour Hospital House, Leeds LS1 4AP",
    shipping_method_id: 1,
  });
});

const reOrder = (orderId: string, token = manpack) => p.api("POST", "/api/re-order", { token, body: { orderId } });
const packsOf = (body: any) =>
  Object.fromEntries(body.packs.map((pack: any) => [pack.employeeId, pack.data.map((l: any) => l.productId)]));

describe("POST /api/re-order of a wearer-pack order", () => {
  it("without entitlements set up: every active wearer's lines, one pack each; the inactive wearer's left out with the reason", async () => {
    const res = await reOrder("60");
    expect(res.status).toBe(201);
    expect(res.body.orderType).toBe("manpack");
    expect(packsOf(res.body)).toEqual({ "5102": ["20030", "20010", "20002"], "5104": ["20030"] });
    expect(res.body.dropped).toEqual([
      {
        internalId: "20030",
        name: "Ward Tunic",
        employeeId: "5105",
        reason: "Lee Leaver is no longer an active wearer",
      },
    ]);
  });

  it("leaves out the lines a wearer is no longer entitled to (a variant counts with its parent), naming the wearer and the product", async () => {
    await p.db("entitlements").insert([
      { customer_id: HARBOUR, grade: "A", contact_id: null, item_id: 20030 },
      { customer_id: HARBOUR, grade: null, contact_id: 5102, item_id: 20001 },
      { customer_id: HARBOUR, grade: "Sister", contact_id: null, item_id: 20010 },
    ]);
    try {
      const res = await reOrder("60");
      expect(res.status).toBe(201);
      expect(packsOf(res.body)).toEqual({ "5102": ["20030", "20002"] });
      expect(res.body.dropped).toEqual([
        {
          internalId: "20010",
          name: "Work Trousers",
          employeeId: "5102",
          reason: "Hal Harbour is no longer entitled to Work Trousers",
        },
        {
          internalId: "20030",
          name: "Ward Tunic",
          employeeId: "5104",
          reason: "Bo Bandb is no longer entitled to Ward Tunic",
        },
        {
          internalId: "20030",
          name: "Ward Tunic",
          employeeId: "5105",
          reason: "Lee Leaver is no longer an active wearer",
        },
      ]);
      // what is answered is what an order takes: the packs placed as they are → 201
      const order = await p.api("POST", "/api/order", {
        token: manpack,
        body: {
          orderType: "manpack",
          packs: res.body.packs.map((pack: any) => ({
            contactId: pack.employeeId,
            items: pack.data.map((l: any) => ({ internalId: l.productId, qty: l.qty })),
            addressId: "702",
            shippingMethod: "4",
          })),
        },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
    } finally {
      await p.db("entitlements").where("customer_id", HARBOUR).delete();
    }
  });

  it("a product gone is named (with its wearer), a wearer gone from the customer is dropped with the reason", async () => {
    await p.db("items").where("id", 20010).update({ is_inactive: true });
    await p.db("order_lines").where("id", 604).update({ employee_contact_id: 5001 }); // a Northwind contact
    try {
      const res = await reOrder("60");
      expect(packsOf(res.body)).toEqual({ "5102": ["20030", "20002"] });
      expect(res.body.dropped).toEqual([
        { internalId: "20010", name: "Work Trousers", employeeId: "5102" },
        {
          internalId: "20030",
          name: "Ward Tunic",
          employeeId: "5001",
          reason: "Ward Tunic: its wearer is no longer a contact of this customer",
        },
        {
          internalId: "20030",
          name: "Ward Tunic",
          employeeId: "5105",
          reason: "Lee Leaver is no longer an active wearer",
        },
      ]);
    } finally {
      await p.db("items").where("id", 20010).update({ is_inactive: false });
      await p.db("order_lines").where("id", 604).update({ employee_contact_id: 5104 });
    }
  });

  it("a stock order is answered as before: no wearer checks, a product gone named without a reason", async () => {
    await p.db("items").where("id", 20010).update({ is_inactive: true });
    try {
      const res = await reOrder("1", buyer);
      expect(res.status).toBe(201);
      expect(res.body.dropped).toEqual([{ internalId: "20010", name: "Work Trousers" }]);
    } finally {
      await p.db("items").where("id", 20010).update({ is_inactive: false });
    }
  });
});

describe("GET /api/order/{id}: a wearer-pack order's lines name their wearer", () => {
  it("employee {internalId, name} on each line, also in a listing with includeExtraData", async () => {
    const res = await p.api("GET", "/api/order/60", { token: manpack });
    expect(res.status).toBe(200);
    expect(res.body.itemList.item.map((l: any) => l.employee)).toEqual([
      { internalId: "5102", name: "Hal Harbour" },
      { internalId: "5102", name: "Hal Harbour" },
      { internalId: "5102", name: "Hal Harbour" },
      { internalId: "5104", name: "Bo Bandb" },
      { internalId: "5105", name: "Lee Leaver" },
    ]);
    const list = await p.api("GET", "/api/order?includeExtraData=true&$limit=50", { token: manpack });
    const listed = list.body.data.find((o: any) => o.internalId === "60");
    expect(listed.itemList.item[3].employee).toEqual({ internalId: "5104", name: "Bo Bandb" });
  });
});
