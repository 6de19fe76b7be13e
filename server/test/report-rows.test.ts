import type { Knex } from "knex";
import { beforeAll, describe, expect, it } from "vitest";
import { runReport, type ReportParams, type ReportScope } from "../services/reports";
import { monthsBetween } from "../services/reports/params";
import { slices } from "../services/reports/slices";
import { HARBOUR, NORTHWIND, useProvider } from "./fixtures";

/**
 * Decision 122: the seven reports' rows on known data — the test fixtures (Northwind orders 1–4 on 1–4 October 2026,
 * £20 each, lines: 1 × Hi-Vis Jacket M £10 and 2 × Work Trousers £10) and a few rows added here.
 */
let db: Knex;
const NOW = new Date("2026-11-21T09:00:00.000Z");
const ALL: ReportScope = { customerId: NORTHWIND, placedByUserId: null };
const params = (o: Partial<ReportParams> = {}): ReportParams => ({
  from: "2026-09-01",
  to: "2026-10-31",
  departments: [],
  employees: [],
  ...o,
});
const run = (type: Parameters<typeof runReport>[1], o: Partial<ReportParams> = {}, scope = ALL) =>
  runReport(db, type, scope, params(o), { now: NOW });

const order = (id: number, extra: Record<string, unknown>) => ({
  id,
  tran_id: `SO${200000 + id}`,
  customer_id: NORTHWIND,
  contact_name: "Test",
  sub_total: 0,
  search_text: "",
  ...extra,
});

// without its queue workers (as role `api`): the tests run reports and workers themselves
const { p } = useProvider({}, { backgroundWork: false });
beforeAll(async () => {
  db = p.db;
  // rejected by Ava (approver, user 3) six hours after it was placed: web-rejected, so out of the spend, in the turnaround
  await db("orders").insert(
    order(11, {
      placed_by_user_id: 1,
      contact_id: 5001,
      created_date: "2026-10-10T10:00:00.000Z",
      order_status: "Closed",
      sub_total: 50,
      department_id: 301,
      web_rejected: true,
      decision: "rejected",
      decided_at: "2026-10-10T16:00:00.000Z",
      decided_by_user_id: 3,
    }),
  );
  // a wearer pack for Wes Wearer (the wearer on its line), placed by Rory (user 2), approved by Ava after 24 hours, no department
  await db("orders").insert(
    order(12, {
      placed_by_user_id: 2,
      contact_id: 5002,
      created_date: "2026-09-15T10:00:00.000Z",
      order_status: "Pending Fulfillment",
      sub_total: 30,
      sales_order_type_id: 1,
      decision: "approved",
      decided_at: "2026-09-16T10:00:00.000Z",
      decided_by_user_id: 3,
    }),
  );
  await db("order_lines").insert({
    id: 121,
    order_id: 12,
    line_no: 1,
    item_id: 20030,
    item_code: "WD-TUN",
    name: "Ward Tunic",
    quantity: 3,
    rate: 15.75,
    amount: 47.25,
    employee_contact_id: 5004,
  });
  await db("contacts").where("id", 5001).update({ cost_centre_id: 401 });
  await db("contact_budgets").insert([
    { id: 11, customer_id: NORTHWIND, contact_id: 5004, type: "Points", qty: 100, used_qty: 40 },
    // due to reset on 1 January 2026 (yearly): read on 21 November 2026 it is unused, next reset 1 January 2027
    {
      id: 12,
      customer_id: NORTHWIND,
      contact_id: 5004,
      type: "Trousers",
      qty: 2,
      used_qty: 2,
      reset_days: 365,
      reset_date: "2026-01-01",
      allocation_type: "quantity",
      allocation_type_name: "Trousers",
    },
  ]);
});

describe("report rows (decision 122)", () => {
  it("orders by status: orders and spend per status as stored; web-rejected orders left out", async () => {
    expect(await run("orders-by-status")).toEqual([
      { status: "Billed", orders: 1, subTotal: 20 },
      { status: "Partially Fulfilled", orders: 1, subTotal: 20 },
      { status: "Pending Approval", orders: 1, subTotal: 20 },
      { status: "Pending Fulfillment", orders: 2, subTotal: 50 },
    ]);
  });

  it("spend by month: one row per month of the range, empty months included; both dates inclusive", async () => {
    expect(await run("spend-by-month", { from: "2026-07-01", to: "2026-10-01" })).toEqual([
      { month: "2026-07", orders: 0, subTotal: 0 },
      { month: "2026-08", orders: 0, subTotal: 0 },
      { month: "2026-09", orders: 1, subTotal: 30 },
      { month: "2026-10", orders: 1, subTotal: 20 },
    ]);
  });

  it("top products: by quantity, then amount, with the item's code and name", async () => {
    expect(await run("top-products")).toEqual([
      { itemId: "20010", code: "WK-TRS", name: "Work Trousers", quantity: 8, amount: 40 },
      { itemId: "20002", code: "HV-JKT-M", name: "Hi-Vis Jacket M", quantity: 4, amount: 40 },
      { itemId: "20030", code: "WD-TUN", name: "Ward Tunic", quantity: 3, amount: 47.25 },
    ]);
  });

  it("spend by department, orders without one as 'No department'", async () => {
    expect(await run("spend-by-department")).toEqual([
      { departmentId: "301", department: "Estates", orders: 4, subTotal: 80 },
      { departmentId: null, department: "No department", orders: 1, subTotal: 30 },
    ]);
  });

  it("spend by cost centre: the wearer's, else the ordering contact's; none as 'No cost centre'", async () => {
    expect(await run("spend-by-cost-centre")).toEqual([
      { costCentreId: null, costCentre: "No cost centre", orders: 3, subTotal: 70 },
      { costCentreId: "401", costCentre: "Estates CC", orders: 2, subTotal: 40 },
    ]);
  });

  it("allowance usage: per wearer and budget, points only for a points budget, a passed reset date applied", async () => {
    const wes = { contactId: "5004", wearer: "Wes Wearer", employeeRef: "E5004" };
    expect(await run("allowance-usage")).toEqual([
      {
        ...wes,
        allocationType: "Jacket",
        allocationTypeName: "Jacket",
        used: 1,
        left: 1,
        points: null,
        pointsUsed: null,
        pointsLeft: null,
        resetDate: null,
      },
      {
        ...wes,
        allocationType: "Points",
        allocationTypeName: "Points",
        used: 40,
        left: 60,
        points: 100,
        pointsUsed: 40,
        pointsLeft: 60,
        resetDate: null,
      },
      {
        ...wes,
        allocationType: "quantity",
        allocationTypeName: "Trousers",
        used: 0,
        left: 2,
        points: null,
        pointsUsed: null,
        pointsLeft: null,
        resetDate: "2027-01-01",
      },
    ]);
    // another customer's wearers are never in it
    expect(
      (
        await runReport(db, "allowance-usage", { customerId: HARBOUR, placedByUserId: null }, params(), { now: NOW })
      ).map((r) => r.contactId),
    ).toEqual(["5102"]);
  });

  it("approval turnaround: per approver, approvals and rejections, hours from placing to the decision", async () => {
    expect(await run("approval-turnaround")).toEqual([
      {
        approverId: "3",
        approver: "Ava Approver",
        decided: 2,
        approved: 1,
        rejected: 1,
        averageHours: 15,
        longestHours: 24,
      },
    ]);
  });

  it("filters: departments; employees through the order or one of its lines", async () => {
    expect((await run("orders-by-status", { departments: ["301"] })).map((r) => r.orders)).toEqual([1, 1, 1, 1]);
    expect(await run("orders-by-status", { employees: ["5004"] })).toEqual([
      { status: "Pending Fulfillment", orders: 1, subTotal: 30 },
    ]);
    expect(await run("allowance-usage", { employees: ["5001"] })).toEqual([]);
    expect(await run("allowance-usage", { departments: ["303"] })).toEqual([]);
  });

  it("without viewAllOrders: the caller's own orders, and the wearers of their own wearer-pack orders", async () => {
    const bea: ReportScope = { customerId: NORTHWIND, placedByUserId: 1 };
    const rory: ReportScope = { customerId: NORTHWIND, placedByUserId: 2 };
    expect(await run("orders-by-status", {}, bea)).toEqual([
      { status: "Billed", orders: 1, subTotal: 20 },
      { status: "Pending Fulfillment", orders: 1, subTotal: 20 },
    ]);
    expect(await run("allowance-usage", {}, bea)).toEqual([]);
    expect((await run("allowance-usage", {}, rory)).map((r) => r.allocationType)).toEqual([
      "Jacket",
      "Points",
      "quantity",
    ]);
    expect(await run("approval-turnaround", {}, bea)).toEqual([
      {
        approverId: "3",
        approver: "Ava Approver",
        decided: 1,
        approved: 0,
        rejected: 1,
        averageHours: 6,
        longestHours: 6,
      },
    ]);
  });

  it("the range helpers: week slices cover every day once; months in order", () => {
    expect(slices("2026-10-01", "2026-10-20")).toEqual([
      ["2026-10-01", "2026-10-07"],
      ["2026-10-08", "2026-10-14"],
      ["2026-10-15", "2026-10-20"],
    ]);
    expect(slices("2026-10-01", "2026-10-01")).toEqual([["2026-10-01", "2026-10-01"]]);
    expect(monthsBetween("2025-11-15", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});
