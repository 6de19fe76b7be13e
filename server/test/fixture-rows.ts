import type { Knex } from "knex";
import { hashPassword } from "../auth/password";
import { resetSequences } from "../db/knex";

/** The small hand-made data every test provider starts with (server/test/fixtures.ts), independent of the demo seed. */
export const PASSWORD = "workwear-demo";
export const NORTHWIND = 1001;
export const HARBOUR = 1002;
export const APEX = 1003;

/** Bo Bandb, a wearer of Harbour the wearer-pack test files add (contact 5104), each with its own department etc. */
export const BO_BANDB = {
  id: 5104,
  customer_id: HARBOUR,
  first_name: "Bo",
  last_name: "Bandb",
  grade: "Sister",
  employee_ref: "HH-0042",
  manpack_user: true,
};

let cachedHash: Promise<string> | undefined;
/** PASSWORD's hash, made once per test file (hashing is slow on purpose). */
/** A free ship method for orders over £150 (id 5), which tests of the minimum order add. */
export const FREE_CARRIAGE = {
  id: 5,
  description: "Free Delivery – orders over £150",
  shipping_flat_rate_amount: 0,
  minimum_order_amount: 150,
};

/** A saved basket's one line: two Hi-Vis Jacket M at 24.50 (tests that save a basket of their own). */
export const hiVisBasketItem = (basketId: number) => ({
  basket_id: basketId,
  item_id: 20002,
  parent_id: 20001,
  price: 24.5,
  qty: 2,
  name: "Hi-Vis Jacket M",
});

/** An order's first line: one Hi-Vis Jacket M, at the rate and ship address given. */
export const hiVisOrderLine = (
  orderId: number,
  priced: { rate: number; amount: number; ship_address_id: number | null; id?: number },
) => ({
  order_id: orderId,
  line_no: 1,
  item_id: 20002,
  parent_item_id: 20001,
  item_code: "HV-JKT-M",
  name: "Hi-Vis Jacket M",
  quantity: 1,
  ...priced,
});

export const passwordHash = (): Promise<string> => (cachedHash ??= hashPassword(PASSWORD));

/** The stock permissions every fixture user has on its unit, first in its list. */
export const ALL_STOCK = ["canViewFullCatalogue", "canViewMyCatalogue", "canViewUserCatalogue", "fullCatalogue"];
const MANPACK = ["canViewManpack", "manpackOrders", "addManpackUser"];

/** Row by row: a multi-row insert on SQLite turns a column missing from one row into NULL, not its default. */
async function insertAll(db: Knex, table: string, rows: object | object[]): Promise<void> {
  for (const row of Array.isArray(rows) ? rows : [rows]) await db(table).insert(row);
}

export async function insertFixtures(db: Knex): Promise<void> {
  const password_hash = await passwordHash();
  const created_at = "2026-01-01T00:00:00.000Z";
  await insertAll(db, "sectors", [
    { id: 1, name: "Facilities" },
    { id: 2, name: "Healthcare" },
  ]);
  await insertAll(db, "customers", [
    {
      id: NORTHWIND,
      name: "Northwind Facilities",
      sector_id: 1,
      payment_methods_json: '[{"id":0,"name":"On account"},{"id":1,"name":"Visa"}]',
    },
    { id: HARBOUR, name: "Harbour Health Trust", sector_id: 2 },
    { id: APEX, name: "Apex Rail Services", sector_id: 1 },
  ]);
  await insertAll(db, "departments", [
    { id: 301, customer_id: NORTHWIND, name: "Estates" },
    { id: 302, customer_id: HARBOUR, name: "Wards" },
    { id: 303, customer_id: NORTHWIND, name: "Old", is_inactive: true },
  ]);
  await insertAll(db, "cost_centres", [
    { id: 401, customer_id: NORTHWIND, name: "Estates CC" },
    { id: 402, customer_id: HARBOUR, name: "Wards CC" },
  ]);
  const contact = (id: number, customer_id: number, first_name: string, last_name: string, extra: object = {}) => ({
    id,
    customer_id,
    first_name,
    last_name,
    email: null,
    grade: "A",
    budget_type: "points",
    employee_ref: `E${id}`,
    department_id: customer_id === NORTHWIND ? 301 : customer_id === HARBOUR ? 302 : null,
    ...extra,
  });
  await insertAll(db, "contacts", [
    contact(5001, NORTHWIND, "Bea", "Buyer"),
    contact(5002, NORTHWIND, "Rory", "Requester"),
    contact(5003, NORTHWIND, "Ava", "Approver"),
    contact(5004, NORTHWIND, "Wes", "Wearer", { manpack_user: true }),
    contact(5005, NORTHWIND, "Ina", "Inactive", { is_inactive: true }),
    contact(5101, HARBOUR, "Bea", "Buyer"),
    contact(5102, HARBOUR, "Hal", "Harbour", { manpack_user: true }),
    contact(5103, HARBOUR, "Mo", "Manpack"),
    contact(5201, APEX, "Pat", "Punchout"),
  ]);
  const user = (id: number, email: string, first_name: string, last_name: string, extra: object = {}) => ({
    id,
    email,
    password_hash,
    first_name,
    last_name,
    created_at,
    ...extra,
  });
  await insertAll(db, "users", [
    user(1, "buyer@demo.test", "Bea", "Buyer"),
    user(2, "requester@demo.test", "Rory", "Requester"),
    user(3, "approver@demo.test", "Ava", "Approver"),
    user(4, "manpack@demo.test", "Mo", "Manpack"),
    user(5, "punchout@demo.test", "Pat", "Punchout"),
    user(6, "admin@demo.test", "Ada", "Admin", { is_evolve_user: true }),
  ]);
  const unit = (
    user_id: number,
    customer_id: number,
    contact_id: number,
    permissions: string[],
    extra: object = {},
  ) => ({
    user_id,
    customer_id,
    contact_id,
    permissions_json: JSON.stringify(permissions),
    ...extra,
  });
  const buyerPerms = [
    ...ALL_STOCK,
    ...MANPACK,
    "viewOrderHistory",
    "viewAllOrders",
    "addAddress",
    "dellAddress",
    "indAddress",
    "viewReporting",
    "addSiteUser",
  ];
  await insertAll(db, "user_customers", [
    unit(1, NORTHWIND, 5001, buyerPerms),
    unit(1, HARBOUR, 5101, buyerPerms),
    unit(2, NORTHWIND, 5002, [...ALL_STOCK, "viewOrderHistory"], { needs_approval: true, approver_user_id: 3 }),
    unit(3, NORTHWIND, 5003, [...ALL_STOCK, "viewOrderHistory", "orderApproval", "viewAllOrders"], {
      is_approver: true,
    }),
    unit(4, HARBOUR, 5103, [...MANPACK, "viewOrderHistory"]),
    unit(5, APEX, 5201, [...ALL_STOCK, "punchoutOnly"]),
  ]);
  await insertAll(db, "contact_budgets", [
    { id: 1, customer_id: NORTHWIND, contact_id: 5004, type: "Jacket", qty: 2, used_qty: 1 },
    { id: 2, customer_id: HARBOUR, contact_id: 5102, type: "Tunic", qty: 5, used_qty: 0 },
  ]);
  const address = (id: number, customer_id: number, label: string, extra: object = {}) => ({
    id,
    customer_id,
    label,
    addr1: `${label} House`,
    addr2: "",
    city: "Leeds",
    zip: "LS1 4AP",
    addr_text: `${label} House, Leeds LS1 4AP`,
    created_at,
    ...extra,
  });
  await insertAll(db, "addresses", [
    address(701, NORTHWIND, "Northwind Depot"),
    address(702, HARBOUR, "Harbour Hospital"),
    address(703, NORTHWIND, "Closed Depot", { is_inactive: true }),
    address(704, NORTHWIND, "Northwind Yard"),
    address(705, APEX, "Apex Sheds"),
  ]);
  await insertAll(db, "carriage", [
    { id: 1, description: "Standard delivery", shipping_flat_rate_amount: 5.95 },
    { id: 2, description: "Next day", shipping_flat_rate_amount: 9.95 },
    { id: 3, description: "Retired courier", shipping_flat_rate_amount: 1, is_inactive: true },
    { id: 4, description: "Harbour van", shipping_flat_rate_amount: 0, customer_id: HARBOUR },
  ]);
  await insertAll(db, "categories", [
    { id: 10, type: "full", name: "Hi-Vis", slug: "hi-vis", full_slug: "hi-vis", display_order: 1 },
    {
      id: 11,
      parent_id: 10,
      type: "full",
      name: "Jackets",
      slug: "jackets",
      full_slug: "hi-vis/jackets",
      display_order: 1,
    },
    { id: 12, type: "full", name: "Trousers", slug: "trousers", full_slug: "trousers", display_order: 2 },
    {
      id: 20,
      customer_id: NORTHWIND,
      type: "my",
      name: "Northwind Picks",
      slug: "northwind-picks",
      full_slug: "northwind-picks",
    },
    {
      id: 21,
      customer_id: HARBOUR,
      type: "my",
      name: "Harbour Picks",
      slug: "harbour-picks",
      full_slug: "harbour-picks",
    },
    { id: 22, customer_id: HARBOUR, type: "manpack", name: "Ward Packs", slug: "ward-packs", full_slug: "ward-packs" },
  ]);
  const item = (id: number, display_name: string, item_code: string, extra: Record<string, unknown> = {}) => ({
    id,
    display_name,
    item_code,
    slug: extra.parent_id ? null : item_code.toLowerCase(),
    price: 10,
    class_id: 11,
    created_at,
    search_text: `${display_name} ${item_code} ${extra.description ?? ""}`.toLowerCase(),
    ...extra,
  });
  await insertAll(db, "items", [
    item(20001, "Hi-Vis Jacket", "HV-JKT", {
      matrix_type: "parent",
      price: 24.5,
      description: "Class 3 jacket",
      en_standards_json: '["EN ISO 20471"]',
      images_json: '{"yellow":["/img/hvj-y.jpg"]}',
    }),
    item(20002, "Hi-Vis Jacket M", "HV-JKT-M", {
      parent_id: 20001,
      matrix_type: "child",
      size: "M",
      color: "Yellow",
      price: 24.5,
    }),
    item(20003, "Hi-Vis Jacket L", "HV-JKT-L", {
      parent_id: 20001,
      matrix_type: "child",
      size: "L",
      color: "Orange",
      price: 26,
    }),
    item(20010, "Work Trousers", "WK-TRS", {
      class_id: 12,
      price: 18,
      quantity_step: 2,
      minimum_sale_quantity: 2,
      in_stock: false,
      is_special_order: true,
    }),
    item(20020, "Retired Vest", "RT-VST", { class_id: 12, is_inactive: true }),
    item(20030, "Ward Tunic", "WD-TUN", { class_id: 12, price: 15.75, description: "Tunic 100% cotton" }),
  ]);
  await insertAll(db, "item_categories", [
    { item_id: 20010, category_id: 20 },
    { item_id: 20030, category_id: 22 },
  ]);
  await insertAll(db, "sector_products", [{ sector_id: 1, item_id: 20001 }]);
  await insertAll(db, "catalogues", [
    { id: 801, customer_id: NORTHWIND, type: "custom", name: "Northwind Custom" },
    { id: 802, customer_id: HARBOUR, type: "smi", name: "Harbour SMI" },
    { id: 803, customer_id: HARBOUR, type: "custom", name: "Harbour Custom" },
    { id: 804, customer_id: NORTHWIND, type: "smi", name: "Northwind SMI" },
  ]);
  await insertAll(db, "catalogue_items", [
    { catalogue_id: 801, item_id: 20030 },
    { catalogue_id: 802, item_id: 20001 },
  ]);

  const order = (
    id: number,
    customer_id: number,
    placed_by_user_id: number,
    contact_id: number,
    day: number,
    order_status: string,
    extra: Record<string, unknown> = {},
  ) => {
    const tran_id = `SO${100000 + id}`;
    const contact_name = (extra.contact_name as string) ?? "Bea Buyer";
    return {
      id,
      tran_id,
      customer_id,
      placed_by_user_id,
      contact_id,
      contact_name,
      created_date: `2026-10-${String(day).padStart(2, "0")}T10:00:00.000Z`,
      order_status,
      sub_total: 20,
      shipping_cost: 5.95,
      tax_total: 5.19,
      other_ref_num: `PO-${id}`,
      search_text: `${contact_name} PO-${id} ${tran_id}`.toLowerCase(),
      department_id: customer_id === NORTHWIND ? 301 : null,
      ...extra,
    };
  };
  await insertAll(db, "orders", [
    order(1, NORTHWIND, 1, 5001, 1, "Pending Fulfillment"),
    order(2, NORTHWIND, 1, 5001, 2, "Billed"),
    order(3, NORTHWIND, 2, 5002, 3, "Pending Approval", {
      contact_name: "Rory Requester",
      pending_web_approval: true,
      approver_user_id: 3,
    }),
    order(4, NORTHWIND, 3, 5003, 4, "Partially Fulfilled", { contact_name: "Ava Approver" }),
    order(5, HARBOUR, 1, 5101, 5, "Pending Fulfillment"),
    order(6, HARBOUR, 4, 5103, 6, "Pending Fulfillment", {
      contact_name: "Mo Manpack",
      sales_order_type_id: 1,
      employee_contact_id: 5102,
    }),
    order(7, APEX, 5, 5201, 7, "Closed", { contact_name: "Pat Punchout" }),
  ]);
  const lines = [];
  for (let o = 1; o <= 7; o++) {
    lines.push(hiVisOrderLine(o, { id: o * 10 + 1, rate: 10, amount: 10, ship_address_id: null }));
    lines.push({
      id: o * 10 + 2,
      order_id: o,
      line_no: 2,
      item_id: 20010,
      item_code: "WK-TRS",
      name: "Work Trousers",
      quantity: 2,
      rate: 5,
      amount: 10,
    });
  }
  await insertAll(db, "order_lines", lines);
  await insertAll(db, "order_ship_groups", [
    {
      id: 1,
      order_id: 1,
      address_id: 701,
      address_name: "Northwind Depot",
      address_text: "Northwind Depot House, Leeds LS1 4AP",
      shipping_method_id: 1,
    },
    {
      id: 2,
      order_id: 2,
      address_id: 704,
      address_name: "Northwind Yard",
      address_text: "Northwind Yard House, Leeds LS1 4AP",
      shipping_method_id: 1,
    },
    {
      id: 3,
      order_id: 5,
      address_id: 702,
      address_name: "Harbour Hospital",
      address_text: "Harbour Hospital House, Leeds LS1 4AP",
      shipping_method_id: 1,
    },
  ]);
  await insertAll(db, "despatches", [
    {
      id: 901,
      order_id: 2,
      tran_id: "IF900901",
      created_date: "2026-10-03T08:00:00.000Z",
      carrier: "DPD",
      tracking_number: "TRK1",
    },
    {
      id: 902,
      order_id: 5,
      tran_id: "IF900902",
      created_date: "2026-10-06T08:00:00.000Z",
      carrier: "DPD",
      tracking_number: "TRK2",
    },
  ]);
  await insertAll(db, "despatch_lines", [
    { id: 1, despatch_id: 901, order_line_id: 21, item_id: 20002, name: "Hi-Vis Jacket M", quantity: 1 },
    { id: 2, despatch_id: 902, order_line_id: 51, item_id: 20002, name: "Hi-Vis Jacket M", quantity: 1 },
  ]);
  await insertAll(db, "saved_baskets", [
    { id: 601, customer_id: NORTHWIND, user_id: 1, basket_name: "Monthly", created_at, updated_at: created_at },
    { id: 602, customer_id: HARBOUR, user_id: 1, basket_name: "Harbour monthly", created_at, updated_at: created_at },
  ]);
  await insertAll(db, "saved_basket_items", [
    { id: 1, basket_id: 601, item_id: 20002, parent_id: 20001, price: 24.5, qty: 2, name: "Hi-Vis Jacket M" },
    { id: 2, basket_id: 602, item_id: 20030, price: 15.75, qty: 1, name: "Ward Tunic" },
  ]);
  await insertAll(db, "wish_list", [
    { id: 1, customer_id: NORTHWIND, user_id: 1, item_id: 20001, created_at },
    { id: 2, customer_id: HARBOUR, user_id: 1, item_id: 20030, created_at },
  ]);
  await insertAll(db, "report_tasks", [
    // finished tasks (the queue of migration 015 leaves them alone); no orders are dated in their range
    ...[NORTHWIND, HARBOUR].map((customer_id, i) => ({
      id: i + 1,
      customer_id,
      user_id: 1,
      type: "spend-by-month",
      status: "success",
      success: true,
      attempts: 1,
      row_count: 1,
      params_json: JSON.stringify({ from: "2020-01-01", to: "2020-01-31", departments: [], employees: [] }),
      result_json: JSON.stringify([{ month: "2020-01", orders: 0, subTotal: 0 }]),
      created_at,
      started_at: created_at,
      finished_at: created_at,
    })),
  ]);
  await resetSequences(db);
}
