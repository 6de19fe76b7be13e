import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Knex } from "knex";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../auth/password";
import { createDb, migrate } from "../knex";
import { seed, seedWithPlan } from "./index";
import { catalogueImages } from "./images";
import { ORDER_STATUSES } from "./orders";
import { DEMO_PASSWORD } from "./organisations";
import { onPostgres, onSqlite, testDatabase } from "../../test/test-database";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
const opened: Knex[] = [];

async function freshDb(name: string): Promise<Knex> {
  const db = createDb({ sqliteFile: path.join(dir, `${name}.sqlite`) });
  opened.push(db);
  await migrate(db);
  return db;
}

/** Every table's rows in a stable order; password hashes carry a random salt, so they are left out. */
async function dump(db: Knex): Promise<Record<string, unknown[]>> {
  const tables = (await db.raw(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'knex_%' order by name",
  )) as { name: string }[];
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const rows = (await db.raw(`select * from "${name}" order by 1, 2`)) as Record<string, unknown>[];
    out[name] = rows.map(({ password_hash: _, ...rest }) => rest);
  }
  return out;
}

let db: Knex;

beforeAll(async () => {
  db = await freshDb("demo");
  await seed(db, { scale: "demo" });
});

afterAll(async () => {
  await Promise.all(opened.map((d) => d.destroy()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function membership(email: string, customer: string) {
  const row = await db("user_customers as uc")
    .join("users as u", "u.id", "uc.user_id")
    .join("customers as c", "c.id", "uc.customer_id")
    .where({ "u.email": email, "c.name": customer })
    .first("uc.*", "u.is_evolve_user");
  expect(row, `${email} on ${customer}`).toBeDefined();
  return { ...row, permissions: JSON.parse(row.permissions_json) as string[] };
}

/** An order inserted after the seed, to see which id it gets. */
const NEW_ORDER = {
  tran_id: "SO-NEW",
  customer_id: 1001,
  created_date: "2026-11-21T00:00:00.000Z",
  order_status: "Pending Fulfillment",
};

describe.runIf(onSqlite)("demo seed", () => {
  it("is deterministic: seeding twice gives identical data", async () => {
    const again = await freshDb("again");
    await seed(again, { scale: "demo" });
    expect(await dump(again)).toEqual(await dump(db));
  });

  it("gives every demo account the password workwear-demo", async () => {
    const users = await db("users").select("email", "password_hash");
    expect(users).toHaveLength(8);
    for (const u of users) expect(await verifyPassword(DEMO_PASSWORD, u.password_hash), u.email).toBe(true);
    expect(await verifyPassword("wrong-password", users[0].password_hash)).toBe(false);
  });

  it("gives the buyer every stock and manpack permission on Northwind and Harbour, and nothing restrictive", async () => {
    for (const customer of ["Northwind Facilities", "Harbour Health Trust"]) {
      const m = await membership("buyer@demo.test", customer);
      expect(m.permissions).toEqual(
        expect.arrayContaining([
          "canViewFullCatalogue",
          "canViewMyCatalogue",
          "canViewUserCatalogue",
          "canViewManpack",
          "manpackOrders",
          "fullCatalogue",
          "addSiteUser",
          "viewOrderHistory",
          "viewReporting",
          "addManpackUser",
          "dellAddress",
          "indAddress",
          "addAddress",
          "viewAllOrders",
          "amendOrderDeliveryAddress",
        ]),
      );
      for (const p of ["orderApproval", "customAddressOnly", "pricingHidden", "punchoutOnly", "browseOnly"])
        expect(m.permissions).not.toContain(p);
    }
    expect(await db("user_customers").where({ user_id: 1 }).count({ n: "*" }).first()).toEqual({ n: 2 });
  });

  it("sets up the requester, the approver and the other demo roles", async () => {
    const requester = await membership("requester@demo.test", "Northwind Facilities");
    const approver = await membership("approver@demo.test", "Northwind Facilities");
    expect(requester.needs_approval).toBe(1);
    expect(requester.approver_user_id).toBe(approver.user_id);
    expect(requester.permissions).toEqual(expect.arrayContaining(["canViewFullCatalogue", "viewOrderHistory"]));
    expect(requester.permissions).not.toContain("orderApproval");
    expect(approver.is_approver).toBe(1);
    expect(approver.permissions).toEqual(
      expect.arrayContaining(["orderApproval", "viewOrderHistory", "viewAllOrders", "canViewFullCatalogue"]),
    );

    const manpack = await membership("manpack@demo.test", "Harbour Health Trust");
    expect(manpack.permissions).toEqual(expect.arrayContaining(["canViewManpack", "manpackOrders"]));
    for (const p of ["canViewFullCatalogue", "canViewMyCatalogue", "canViewUserCatalogue"])
      expect(manpack.permissions).not.toContain(p);

    const punchout = await membership("punchout@demo.test", "Apex Rail Services");
    expect(punchout.permissions).toEqual(expect.arrayContaining(["punchoutOnly", "canViewFullCatalogue"]));

    const browse = await membership("browse@demo.test", "Northwind Facilities");
    expect(browse.permissions).toContain("browseOnly");
    expect(browse.permissions).not.toContain("orderApproval");

    const admin = await db("users").where({ email: "admin@demo.test" }).first();
    expect(admin.is_evolve_user).toBe(1);
  });

  it("has a user with pricingHidden on Northwind and Harbour, seeded after the others so their ids stay (decision 059)", async () => {
    for (const customer of ["Northwind Facilities", "Harbour Health Trust"]) {
      const m = await membership("prices-hidden@demo.test", customer);
      expect(m.permissions).toEqual(
        expect.arrayContaining(["pricingHidden", "canViewFullCatalogue", "viewOrderHistory"]),
      );
      for (const p of ["browseOnly", "punchoutOnly", "orderApproval"]) expect(m.permissions).not.toContain(p);
      expect(m.needs_approval).toBe(0);
      // after every contact seeded before it: the wearers' and orderers' ids did not move
      const last = await db("contacts").where({ customer_id: m.customer_id }).max({ id: "id" }).first();
      expect(m.contact_id).toBe(last?.id);
    }
    const memberships = await db("user_customers").orderBy("id").select("user_id");
    expect(memberships.slice(-2).map((r) => r.user_id)).toEqual([8, 8]);
    const contacts = await db("contacts").where({ customer_id: 1001 }).whereNotNull("email").orderBy("id").pluck("id");
    expect(contacts.slice(0, 5)).toEqual([5001, 5002, 5003, 5004, 5005]);
  });

  it("covers every SPEC §4 status row for Northwind, plus web-rejected and pending-web-approval", async () => {
    const rows: { order_status: string; n: number }[] = await db("orders")
      .where({ customer_id: 1001 })
      .select("order_status")
      .count({ n: "*" })
      .groupBy("order_status");
    const statuses = rows.map((r) => r.order_status);
    for (const status of ORDER_STATUSES) expect(statuses, status).toContain(status);
    const total = rows.reduce((s, r) => s + Number(r.n), 0);
    expect(total).toBeGreaterThanOrEqual(300);
    expect((await db("orders").where({ customer_id: 1001, web_rejected: true }).first())?.rejection_note).toBeTruthy();
    const awaiting = await db("orders").where({
      customer_id: 1001,
      pending_web_approval: true,
      order_status: "Pending Approval",
      placed_by_user_id: 2,
    });
    expect(awaiting.length).toBeGreaterThanOrEqual(5);
    for (const o of awaiting) expect(o.approver_user_id).toBe(3);
  });

  it("has despatches with tracking, and wearer packs with one or several ship groups", async () => {
    const shipped = await db("despatches as d")
      .join("orders as o", "o.id", "d.order_id")
      .where("o.order_status", "Fully Billed")
      .first("d.*");
    expect(shipped.tracking_number).toMatch(/\w{10,}/);
    const packs = await db("orders as o")
      .where({ "o.sales_order_type_id": 1, "o.customer_id": 1002 })
      .select("o.id")
      .select(db.raw("(select count(*) from order_ship_groups g where g.order_id = o.id) as groups"));
    expect(packs.length).toBeGreaterThan(50);
    expect(packs.some((p) => Number(p.groups) > 1)).toBe(true);
    const packPlacers = await db("orders as o")
      .join("user_customers as uc", (j) =>
        j.on("uc.user_id", "o.placed_by_user_id").andOn("uc.customer_id", "o.customer_id"),
      )
      .where("o.sales_order_type_id", 1)
      .distinct("uc.permissions_json");
    for (const { permissions_json } of packPlacers) expect(JSON.parse(permissions_json)).toContain("manpackOrders");
    const orphanOrders = await db("orders as o")
      .whereNotExists(db("order_lines as l").whereRaw("l.order_id = o.id"))
      .count({ n: "*" })
      .first();
    expect(orphanOrders).toEqual({ n: 0 });
  });

  it("seeds the catalogue: matrix variants, gloves in tens, sector products, per-customer catalogues, images on disk", async () => {
    const children = await db("items").where({ matrix_type: "child" }).count({ n: "*" }).first();
    expect(Number(children?.n)).toBeGreaterThan(300);
    const glove = await db("items").where({ item_code: "GL100" }).first();
    expect(glove.quantity_step).toBe(10);
    expect(await db("items").whereNotNull("leg_length").first()).toBeDefined();
    // codes are never cut (issue 34 item 5): every variant's code ends in its whole size and leg length
    const legged = await db("items")
      .where({ matrix_type: "child" })
      .whereNotNull("leg_length")
      .select("item_code", "size", "leg_length");
    expect(legged.length).toBeGreaterThan(0);
    const whole = (option: string) => option.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
    for (const v of legged) expect(v.item_code).toContain(`-${whole(v.size)}-${whole(v.leg_length)}`);
    expect(legged.map((v) => v.item_code)).toContain("WT100-GRE-36-29SHORT");
    expect(await db("items").where({ item_code: "PP110-BLA-ONESIZE" }).first()).toBeDefined();
    expect((await db("sector_products").distinct("sector_id")).length).toBe(2);
    const harbourTunics = await db("item_categories as ic")
      .join("categories as c", "c.id", "ic.category_id")
      .join("items as i", "i.id", "ic.item_id")
      .where({ "c.customer_id": 1002, "c.type": "my", "i.item_code": "HC100" });
    expect(harbourTunics).toHaveLength(1);
    const northwindTunics = await db("item_categories as ic")
      .join("categories as c", "c.id", "ic.category_id")
      .join("items as i", "i.id", "ic.item_id")
      .where({ "c.customer_id": 1001, "i.item_code": "HC100" });
    expect(northwindTunics).toHaveLength(0);
    const images = catalogueImages();
    const publicDir = path.resolve(__dirname, "../../../public");
    for (const { default_image } of await db("items").distinct("default_image")) {
      expect(images.has(default_image), default_image).toBe(true);
      expect(fs.readFileSync(path.join(publicDir, default_image), "utf8")).toBe(images.get(default_image));
    }
  });

  it("seeds content, baskets and the banner block", async () => {
    const banner = await db("wp_pages").where({ slug: "banner-block" }).first();
    expect(JSON.parse(banner.acf_json).flexible_content.length).toBeGreaterThan(0);
    expect(await db("saved_baskets").where({ checked_out: true }).first()).toBeDefined();
    expect(await db("saved_baskets").where({ is_punchout: true }).first()).toBeDefined();
    expect(await db("wish_list").first()).toBeDefined();
    expect(await db("carriage").count({ n: "*" }).first()).toEqual({ n: 3 });
    expect((await db("wp_post_terms").distinct("term_id")).length).toBeGreaterThan(1);
    expect(await db("training_guides").first()).toBeDefined();
  });
});

describe.runIf(onSqlite)("demo wearer packs (issue 15 item 9, decision 097)", () => {
  for (const [name, id] of [
    ["Northwind Facilities", 1001],
    ["Harbour Health Trust", 1002],
  ] as const) {
    it(`${name}: at least 40 active wearers across grades, budgets of both kinds, one nearly out, one past its reset date, one inactive`, async () => {
      const wearers = await db("contacts").where({ customer_id: id, manpack_user: true, is_inactive: false });
      expect(wearers.length, name).toBeGreaterThanOrEqual(40);
      expect(new Set(wearers.map((w) => w.grade)).size).toBeGreaterThanOrEqual(4);
      expect(
        await db("contacts").where({ customer_id: id, manpack_user: true, is_inactive: true }).first(),
      ).toBeDefined();
      const budgets = await db("contact_budgets").where("customer_id", id);
      const types = new Set(budgets.map((b) => b.type));
      expect(types).toContain("Points");
      expect([...types].filter((t) => t !== "Points").length).toBeGreaterThanOrEqual(3);
      for (const b of budgets) expect(b.allocation_type).toBe(b.type);
      expect(budgets.find((b) => b.type === "Tops")?.allocation_type_name).toBe("Shirts and tops");
      // every active wearer has budgets; one has exactly 1 left of each, one is spent but past its reset date
      for (const w of wearers)
        expect(
          budgets.some((b) => b.contact_id === w.id),
          `${w.first_name} ${w.last_name}`,
        ).toBe(true);
      const byContact = (cid: number) => budgets.filter((b) => b.contact_id === cid);
      expect(wearers.some((w) => byContact(w.id).every((b) => b.qty - b.used_qty === 1))).toBe(true);
      expect(
        wearers.some((w) => byContact(w.id).every((b) => b.reset_date < "2026-11-20" && b.used_qty === b.qty)),
      ).toBe(true);
      // a wearer never has a points budget beside quantity ones
      for (const w of wearers) {
        const kinds = new Set(byContact(w.id).map((b) => b.type === "Points"));
        expect(kinds.size).toBe(1);
      }
    });
  }

  it("entitles grades to different ranges, from the customer's wearer-pack catalogue, and one wearer to an item of their own", async () => {
    const range = async (customerId: number, grade: string) =>
      (await db("entitlements as e")
        .join("items as i", "i.id", "e.item_id")
        .where({ "e.customer_id": customerId, "e.grade": grade })
        .orderBy("i.item_code")
        .pluck("i.item_code")) as string[];
    const porters = await range(1002, "Porter");
    const nurses = await range(1002, "Band 5 Staff Nurse");
    const engineers = await range(1001, "Multi-Skilled Engineer");
    const supervisors = await range(1001, "Site Supervisor");
    expect(nurses).toEqual(expect.arrayContaining(["HC100", "HC200", "HC210", "ST110"]));
    expect(porters).toContain("PS100");
    expect(porters).not.toContain("HC100");
    expect(nurses).not.toContain("PS100");
    expect(engineers).toEqual(expect.arrayContaining(["FR100", "SB100", "PP100"]));
    expect(supervisors).not.toContain("FR100");
    expect(new Set([porters.join(), nurses.join(), engineers.join(), supervisors.join()]).size).toBe(4);
    const outside = await db("entitlements as e")
      .whereNotExists(
        db("item_categories as ic")
          .join("categories as c", "c.id", "ic.category_id")
          .whereRaw("ic.item_id = e.item_id")
          .whereRaw("c.customer_id = e.customer_id")
          .where("c.type", "manpack"),
      )
      .count({ n: "*" })
      .first();
    expect(outside).toEqual({ n: 0 });
    const own = await db("entitlements").whereNotNull("contact_id").where("customer_id", 1002);
    expect(own).toHaveLength(1);
  });
});

/** Wearer-pack order lines whose wearer is not entitled to the item (their grade's or their own; a variant with its parent). */
async function linesNotEntitled(d: Knex): Promise<number> {
  const row = await d("order_lines as l")
    .join("orders as o", "o.id", "l.order_id")
    .join("contacts as c", "c.id", "l.employee_contact_id")
    .where("o.sales_order_type_id", 1)
    .whereNotExists(
      d("entitlements as e")
        .whereRaw("e.customer_id = o.customer_id")
        .where((w) => {
          w.whereRaw("e.item_id = l.item_id").orWhereRaw("e.item_id = l.parent_item_id");
        })
        .where((w) => {
          w.whereRaw("e.grade = c.grade").orWhereRaw("e.contact_id = c.id");
        }),
    )
    .count({ n: "*" })
    .first();
  return Number(row?.n);
}

describe.runIf(onSqlite)("demo wearer-pack orders (issue 15 item 8, decision 104)", () => {
  it("every line of a seeded wearer-pack order is one its wearer is entitled to, and names its wearer", async () => {
    const packLines = await db("order_lines as l")
      .join("orders as o", "o.id", "l.order_id")
      .where("o.sales_order_type_id", 1)
      .count({ n: "*" })
      .first();
    expect(Number(packLines?.n)).toBeGreaterThan(500);
    expect(await linesNotEntitled(db)).toBe(0);
    const unnamed = await db("order_lines as l")
      .join("orders as o", "o.id", "l.order_id")
      .where("o.sales_order_type_id", 1)
      .whereNull("l.employee_contact_id")
      .count({ n: "*" })
      .first();
    expect(Number(unnamed?.n)).toBe(0);
    // every customer with wearers has entitlements, so each of its wearer-pack orders was checked
    for (const id of [1001, 1002])
      expect(await db("entitlements").where("customer_id", id).first(), String(id)).toBeDefined();
  });
});

describe.runIf(onSqlite)("large seed path, scaled down", () => {
  it("grows the catalogue and streams orders in chunks", async () => {
    const small = await freshDb("large-small");
    const messages: string[] = [];
    await seedWithPlan(
      small,
      { items: 3_000, orders: { northwind: 2_500, harbour: 1_200, apex: 700 }, chunk: 900 },
      (m) => messages.push(m),
    );
    const count = async (table: string) => Number((await small(table).count({ n: "*" }).first())?.n);
    expect(await count("items")).toBeGreaterThanOrEqual(3_000);
    expect(await count("orders")).toBe(4_400);
    expect(await count("order_lines")).toBeGreaterThan(4_400);
    expect(await count("users")).toBe(8);
    expect(messages.at(-1)).toMatch(/done/);
    expect(await linesNotEntitled(small)).toBe(0);
    // new rows after the seed get fresh ids
    const [{ id }] = await small("orders").insert(NEW_ORDER).returning("id");
    expect(id).toBe(4_401);
  });
});

describe.runIf(onPostgres)("demo seed on PostgreSQL", () => {
  it("writes the same rows as on SQLite, and later inserts get fresh ids", async () => {
    const target = testDatabase();
    if (target.kind !== "postgres") throw new Error("runs in the provider-postgres project only");
    const url = target.url;
    const schema = `seed_${randomBytes(6).toString("hex")}`;
    const admin = createDb({ databaseUrl: url });
    await admin.raw(`create schema "${schema}"`);
    await admin.destroy();
    const pg = createDb({ databaseUrl: url, searchPath: schema });
    try {
      await migrate(pg);
      await seed(pg, { scale: "demo" });
      for (const table of [
        "users",
        "user_customers",
        "contacts",
        "items",
        "orders",
        "order_lines",
        "order_ship_groups",
        "despatches",
        "wp_pages",
      ]) {
        const [a, b] = await Promise.all([pg(table).count({ n: "*" }).first(), db(table).count({ n: "*" }).first()]);
        expect(Number(a?.n), table).toBe(Number(b?.n));
      }
      const [{ id }] = await pg("orders").insert(NEW_ORDER).returning("id");
      expect(id).toBe(Number((await db("orders").max({ m: "id" }).first())?.m) + 1);
    } finally {
      await pg.raw(`drop schema "${schema}" cascade`);
      await pg.destroy();
    }
  });
});
