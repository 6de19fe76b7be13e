import type { Knex } from "knex";
import { HARBOUR, NORTHWIND } from "./fixtures";

// Every method registered under /api/admin (decision 127), one row each with a body an admin could send: the
// admin-guard test proves each is refused to anyone but provider staff, the hostile-keys test that no key name makes
// one answer 500. Rows name promotion 1, ERP import run 1 and e-mail 1: a test using them makes them first (insertNamedRows).

export interface AdminRow {
  service: string;
  method: "find" | "get" | "create" | "patch" | "remove";
  http: string;
  path: string;
  body?: unknown;
}

// Feathers' REST transport: each service method answers one HTTP verb.
const HTTP_OF: Record<AdminRow["method"], string> = {
  find: "GET",
  get: "GET",
  create: "POST",
  patch: "PATCH",
  remove: "DELETE",
};

export const ADMIN_TABLE: AdminRow[] = (
  [
    { service: "admin/active-session", method: "find", path: "/api/admin/active-session" },
    { service: "admin/active-session", method: "remove", path: "/api/admin/active-session/1" },
    { service: "admin/login-attempt", method: "find", path: "/api/admin/login-attempt" },
    { service: "admin/user", method: "find", path: "/api/admin/user" },
    { service: "admin/user", method: "get", path: "/api/admin/user/2" },
    { service: "admin/user", method: "patch", path: "/api/admin/user/2", body: { isActive: false } },
    {
      service: "admin/user-unit",
      method: "patch",
      path: "/api/admin/user-unit/5002",
      body: { permissions: ["addSiteUser"] },
    },
    {
      service: "admin/password-reset",
      method: "create",
      path: "/api/admin/password-reset",
      body: { userId: 2 },
    },
    {
      service: "admin/invitation",
      method: "create",
      path: "/api/admin/invitation",
      body: { customerId: HARBOUR, email: "new@demo.test", firstName: "New", lastName: "Person" },
    },
    { service: "admin/admin-user", method: "find", path: "/api/admin/admin-user" },
    { service: "admin/admin-user", method: "create", path: "/api/admin/admin-user", body: { userId: 2 } },
    { service: "admin/admin-user", method: "remove", path: "/api/admin/admin-user/6" },
    { service: "admin/customer", method: "find", path: "/api/admin/customer" },
    { service: "admin/customer", method: "get", path: `/api/admin/customer/${NORTHWIND}` },
    { service: "admin/view-as", method: "find", path: "/api/admin/view-as" },
    {
      service: "admin/view-as",
      method: "create",
      path: "/api/admin/view-as",
      body: { customerId: NORTHWIND, userId: 2 },
    },
    { service: "admin/view-as", method: "remove", path: "/api/admin/view-as/1" },
    { service: "admin/order", method: "find", path: "/api/admin/order" },
    { service: "admin/order", method: "get", path: "/api/admin/order/1" },
    { service: "admin/audit", method: "find", path: "/api/admin/audit" },
    // issue 21 (decision 131)
    { service: "admin/product", method: "find", path: "/api/admin/product" },
    {
      service: "admin/my-catalogue",
      method: "find",
      path: `/api/admin/my-catalogue?customerId=${NORTHWIND}`,
    },
    {
      service: "admin/my-catalogue",
      method: "create",
      path: "/api/admin/my-catalogue",
      body: { customerId: NORTHWIND, itemId: 20030, categoryId: 20 },
    },
    {
      service: "admin/my-catalogue",
      method: "patch",
      path: `/api/admin/my-catalogue/20010?customerId=${NORTHWIND}`,
      body: { move: "down" },
    },
    {
      service: "admin/my-catalogue",
      method: "remove",
      path: `/api/admin/my-catalogue/20010?customerId=${NORTHWIND}`,
    },
    { service: "admin/category", method: "find", path: "/api/admin/category" },
    { service: "admin/category", method: "get", path: "/api/admin/category/10" },
    { service: "admin/category", method: "patch", path: "/api/admin/category/12", body: { move: "up" } },
    { service: "admin/promotion", method: "find", path: "/api/admin/promotion" },
    { service: "admin/promotion", method: "get", path: "/api/admin/promotion/1" },
    {
      service: "admin/promotion",
      method: "create",
      path: "/api/admin/promotion",
      body: { kind: "banner", title: "Sale", startsOn: "2026-11-01", endsOn: "2026-11-30" },
    },
    {
      service: "admin/promotion",
      method: "patch",
      path: "/api/admin/promotion/1",
      body: { title: "Sale!" },
    },
    { service: "admin/promotion", method: "remove", path: "/api/admin/promotion/1" },
    { service: "admin/sector", method: "find", path: "/api/admin/sector" },
    { service: "admin/erp-import", method: "find", path: "/api/admin/erp-import" },
    { service: "admin/erp-import", method: "get", path: "/api/admin/erp-import/1" },
    { service: "admin/erp-import", method: "create", path: "/api/admin/erp-import", body: {} },
    { service: "admin/erp-source", method: "find", path: "/api/admin/erp-source" },
    // issue 33 item 4 (decision 156)
    {
      service: "admin/erp-feed",
      method: "create",
      path: "/api/admin/erp-feed",
      body: { fileName: "feed.json", feed: { items: [{ itemCode: "X1", displayName: "X", price: 1 }] } },
    },
    // issue 34 item 4 (decision 165): the image's bytes are the body; without them, a 400 to an admin
    { service: "admin/promotion-image", method: "create", path: "/api/admin/promotion-image" },
    // issue 32 item 7 (decision 151)
    { service: "admin/maintenance", method: "find", path: "/api/admin/maintenance" },
    {
      service: "admin/maintenance",
      method: "create",
      path: "/api/admin/maintenance",
      body: { enabled: false, message: "Back at noon" },
    },
    // issue 32 item 1 (decision 147): every customer's addresses, to provider staff only
    { service: "admin/e-mail", method: "find", path: "/api/admin/e-mail" },
    {
      service: "admin/e-mail",
      method: "patch",
      path: "/api/admin/e-mail/1",
      body: { sendAgain: true },
    },
  ] satisfies Omit<AdminRow, "http">[]
).map((row) => ({ ...row, http: HTTP_OF[row.method] }));

/** Every row of the tables a refused admin call could write. */
export async function adminSnapshot(db: Knex) {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    "users",
    "user_customers",
    "auth_sessions",
    "audit_log",
    "password_tokens",
    "outbox",
    "contacts",
    "login_attempts",
    "categories",
    "item_categories",
    "my_catalogue_positions",
    "promotions",
    "erp_import_runs",
    "erp_feeds",
    "promotion_images",
    "items",
    "settings",
  ]) {
    out[table] = await db(table)
      .select("*")
      .then((rows) => rows.map((r) => JSON.stringify(r)).sort());
  }
  return out;
}

/** Promotion 1, ERP import run 1 and failed e-mail 1, which rows name. */
export async function insertNamedRows(db: Knex): Promise<void> {
  await db("outbox").insert({
    to_email: "buyer@demo.test",
    kind: "reset",
    subject: "Reset your password",
    body: "…",
    created_at: "2026-11-01T00:00:00.000Z",
    status: "failed",
    attempts: 8,
    last_error: "550 No such mailbox",
  });
  await db("erp_import_runs").insert({
    status: "failed",
    file: "erp-feed.json",
    queued_at: "2026-11-01T00:00:00.000Z",
    failure: "test",
  });
  await db("promotions").insert({
    kind: "banner",
    title: "Sale",
    starts_on: "2026-11-01",
    ends_on: "2026-11-30",
    audience: "all",
    position: 1,
    created_at: "2026-11-01T00:00:00.000Z",
    updated_at: "2026-11-01T00:00:00.000Z",
  });
}
