import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { cacheStatements, checkStatementCache, createDb, writeTracker } from "../db/knex";
import { DEEP_SKIP } from "../query/page";
import { onSqlite } from "./test-database";
import { NORTHWIND, useProvider } from "./fixtures";

// Decision 030: deep pages sought on the key from the nearer end, the orderedBy reference page taken from its
// indexes, totals kept until a table they read is written, prepared statements reused. Every answer must equal
// the plain LIMIT/OFFSET query's on the same database.

let buyer: string; // Northwind, viewAllOrders
let requester: string; // Northwind, own orders only
const EXTRA = 600;

const { p } = useProvider();
beforeAll(async () => {
  const rows = [];
  for (let i = 0; i < EXTRA; i++) {
    const id = 1000 + i;
    rows.push({
      id,
      tran_id: `SO${200000 + id}`,
      customer_id: NORTHWIND,
      placed_by_user_id: i % 7 === 0 ? 2 : 1,
      contact_id: i % 7 === 0 ? 5002 : 5001,
      contact_name: "Bea Buyer",
      created_date: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 3) * 86_400_000).toISOString(),
      ship_date: i % 5 === 0 ? null : `2025-${String((i % 12) + 1).padStart(2, "0")}-10`,
      order_status: i % 2 ? "Billed" : "Pending Fulfillment",
      sub_total: 20,
      shipping_cost: 5.95,
      tax_total: 5.19,
      other_ref_num: i % 2 ? `BULK-${i}` : `PO-${id}`,
      search_text: "",
      department_id: 301,
    });
  }
  for (let i = 0; i < rows.length; i += 100) await p.db("orders").insert(rows.slice(i, i + 100));
  buyer = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
  requester = await p.login("requester@demo.test");
});

const tranIds = (body: any) => body.data.map((o: any) => o.tranId);

/** The same page by the plain query: every Northwind order (the buyer sees them all), LIMIT/OFFSET. */
async function plainPage(
  skip: number,
  sort: Array<[string, "asc" | "desc"]>,
  where: (q: any) => void = () => {},
): Promise<string[]> {
  const q = p.db("orders").where("customer_id", NORTHWIND).select("tran_id");
  where(q);
  for (const [col, dir] of sort) q.orderBy(col, dir);
  return (await q.limit(16).offset(skip)).map((r: any) => r.tran_id);
}

describe("deep pages (sought on the key from the nearer end)", () => {
  const total = EXTRA + 4;
  const skips = [
    0,
    16,
    DEEP_SKIP - 16,
    DEEP_SKIP,
    DEEP_SKIP + 16,
    288,
    304,
    320,
    464,
    592,
    total - 16,
    total - 10,
    total - 1,
    total,
    total + 40,
  ];

  it("newest first: every page equals the plain query's, and past the end is empty", async () => {
    for (const skip of skips) {
      const { status, body } = await p.api("GET", `/api/order?$skip=${skip}`, { token: buyer });
      expect(status).toBe(200);
      expect(body).toMatchObject({ total, limit: 16, skip });
      expect(tranIds(body), `skip ${skip}`).toEqual(
        await plainPage(skip, [
          ["created_date", "desc"],
          ["id", "desc"],
        ]),
      );
    }
  });

  it("by ship date both ways (NULLs where this database puts them) and with a filter", async () => {
    for (const dir of ["asc", "desc"] as const) {
      for (const skip of skips) {
        const { body } = await p.api("GET", `/api/order?$skip=${skip}&$sort[shipDate]=${dir === "asc" ? 1 : -1}`, {
          token: buyer,
        });
        expect(tranIds(body), `${dir} skip ${skip}`).toEqual(
          await plainPage(skip, [
            ["ship_date", dir],
            ["id", dir],
          ]),
        );
      }
    }
    const billed = Number(
      (await p.db("orders").where({ customer_id: NORTHWIND, order_status: "Billed" }).count({ n: "*" }).first())!.n,
    );
    for (const skip of [DEEP_SKIP, billed - 20, billed - 5]) {
      const { body } = await p.api("GET", `/api/order?$skip=${skip}&orderStatus=Billed`, { token: buyer });
      expect(body.total).toBe(billed);
      expect(tranIds(body), `Billed skip ${skip}`).toEqual(
        await plainPage(
          skip,
          [
            ["created_date", "desc"],
            ["id", "desc"],
          ],
          (q) => q.where("order_status", "Billed"),
        ),
      );
    }
  });

  it("a caller who sees only their own orders gets only those, on deep pages too", async () => {
    const own = (q: any) => q.where("placed_by_user_id", 2);
    const { body } = await p.api("GET", "/api/order?$limit=0", { token: requester });
    const mine = Number(
      (await p.db("orders").where({ customer_id: NORTHWIND, placed_by_user_id: 2 }).count({ n: "*" }).first())!.n,
    );
    expect(body.total).toBe(mine);
    for (const skip of [0, 40, mine - 16, mine - 3]) {
      const page = await p.api("GET", `/api/order?$skip=${skip}`, { token: requester });
      expect(tranIds(page.body), `skip ${skip}`).toEqual(
        await plainPage(
          skip,
          [
            ["created_date", "desc"],
            ["id", "desc"],
          ],
          own,
        ),
      );
    }
  });
});

describe("orderedBy with many reference matches", () => {
  it("pages through the BULK- references in order, the total counted exactly", async () => {
    const bulk = (q: any) => q.where("other_ref_num", "like", "BULK-%");
    const matches = Number((await bulk(p.db("orders").where("customer_id", NORTHWIND)).count({ n: "*" }).first())!.n);
    expect(matches).toBe(EXTRA / 2);
    for (const skip of [0, 16, 160, matches - 16, matches - 4]) {
      const { body } = await p.api("GET", `/api/order?orderedBy=bulk&$skip=${skip}`, { token: buyer });
      expect(body.total).toBe(matches);
      expect(tranIds(body), `skip ${skip}`).toEqual(
        await plainPage(
          skip,
          [
            ["created_date", "desc"],
            ["id", "desc"],
          ],
          bulk,
        ),
      );
    }
    const byShipDate = await p.api("GET", "/api/order?orderedBy=BULK&$sort[shipDate]=1&$skip=32", { token: buyer });
    expect(tranIds(byShipDate.body)).toEqual(
      await plainPage(
        32,
        [
          ["ship_date", "asc"],
          ["id", "asc"],
        ],
        bulk,
      ),
    );
    const billedInRange = await p.api(
      "GET",
      "/api/order?orderedBy=bulk&orderStatus=Billed&createdDate[$gte]=2025-03-01",
      { token: buyer },
    );
    const inRange = (q: any) =>
      bulk(q).where("order_status", "Billed").where("created_date", ">=", "2025-03-01T00:00:00.000Z");
    expect(billedInRange.body.total).toBe(
      Number((await inRange(p.db("orders").where("customer_id", NORTHWIND)).count({ n: "*" }).first())!.n),
    );
    expect(tranIds(billedInRange.body)).toEqual(
      await plainPage(
        0,
        [
          ["created_date", "desc"],
          ["id", "desc"],
        ],
        inRange,
      ),
    );
  });
});

describe("kept totals are never stale and never another caller's", () => {
  const totalOf = async (query: string, token = buyer) =>
    (await p.api("GET", `/api/order?$limit=0&${query}`, { token })).body.total as number;

  it("a write through the provider's database changes the next answer", async () => {
    const before = await totalOf("orderStatus=Closed");
    expect(await totalOf("orderStatus=Closed")).toBe(before);
    await p.db("orders").where({ id: 1001 }).update({ order_status: "Closed" });
    expect(await totalOf("orderStatus=Closed")).toBe(before + 1);
    const all = await totalOf("");
    await p.db("orders").where({ id: 1002 }).delete();
    expect(await totalOf("")).toBe(all - 1);
    expect(await totalOf("orderStatus=Closed")).toBe(before + 1);
  });

  it("an order placed through the API counts at once", async () => {
    const all = await totalOf("");
    const placed = await p.api("POST", "/api/order", {
      token: buyer,
      body: { orderType: "standard", items: [{ internalId: "20002", qty: 2 }], addressId: "701", shippingMethod: "1" },
    });
    expect(placed.status).toBe(201);
    expect(await totalOf("")).toBe(all + 1);
  });

  // PostgreSQL totals are never kept, so only a SQLite file has a kept total to go stale
  it.runIf(onSqlite)("a write by another connection to the same SQLite file changes the next answer", async () => {
    const before = await totalOf("orderStatus=Cancelled");
    const other = new Database((p.db.client.config.connection as { filename: string }).filename);
    other.prepare("update orders set order_status = 'Cancelled' where id = 1003").run();
    other.close();
    expect(await totalOf("orderStatus=Cancelled")).toBe(before + 1);
  });

  it("the same query from a caller who sees less answers that caller's total", async () => {
    const everyone = await totalOf("orderStatus=Billed");
    const own = await totalOf("orderStatus=Billed", requester);
    expect(own).toBe(
      Number(
        (await p
          .db("orders")
          .where({ customer_id: NORTHWIND, placed_by_user_id: 2, order_status: "Billed" })
          .count({ n: "*" })
          .first())!.n,
      ),
    );
    expect(own).toBeLessThan(everyone);
  });
});

describe("prepared statements", () => {
  it("the start-up check passes while Knex prepares through the cache, and fails once it does not (decision 171)", async () => {
    const db = createDb({ sqliteFile: ":memory:" });
    try {
      await expect(checkStatementCache(db)).resolves.toBeUndefined();
      const conn = (await db.client.acquireConnection()) as { prepare?: unknown };
      delete conn.prepare; // better-sqlite3's own prepare again: as if Knex no longer called the wrapper
      await db.client.releaseConnection(conn);
      await expect(checkStatementCache(db)).rejects.toThrow("no longer see Knex's queries");
    } finally {
      await db.destroy();
    }
  });

  it("are reused by SQL text, least recently used dropped beyond the limit, the integer mode reset", () => {
    const db = new Database(":memory:");
    cacheStatements(db as any, 2);
    db.prepare("create table t (a integer)").run();
    const insert = db.prepare("insert into t values (?)");
    expect(db.prepare("insert into t values (?)")).toBe(insert);
    insert.run(1);
    insert.run(2);
    const select = db.prepare("select a from t order by a");
    select.safeIntegers(true);
    expect(db.prepare("select a from t order by a")).toBe(select);
    expect(select.all()).toEqual([{ a: 1 }, { a: 2 }]); // numbers again, not BigInt
    db.prepare("select count(*) from t");
    db.prepare("select 1");
    expect(db.prepare("insert into t values (?)")).not.toBe(insert); // dropped: two others used since
    db.close();
  });

  it("writes are told apart by table; anything else that writes changes every table", () => {
    const db = new Database(":memory:");
    const tracker = writeTracker();
    cacheStatements(db as any, 10, tracker);
    db.prepare("create table t (a integer)").run();
    db.prepare("create table u (a integer)").run();
    const t0 = tracker.versionOf(["t"]);
    const u0 = tracker.versionOf(["u"]);
    db.prepare("select * from t").all();
    expect(tracker.versionOf(["t"])).toBe(t0);
    db.prepare("insert into `t` values (1)").run();
    expect(tracker.versionOf(["t"])).not.toBe(t0);
    expect(tracker.versionOf(["u"])).toBe(u0);
    db.prepare('update "u" set a = 2').run();
    expect(tracker.versionOf(["u"])).not.toBe(u0);
    db.prepare("insert into t values (3) returning a").all();
    const t1 = tracker.versionOf(["t"]);
    db.prepare("insert into t values (4) returning a").all();
    expect(tracker.versionOf(["t"])).not.toBe(t1);
    const u1 = tracker.versionOf(["u"]);
    db.prepare("drop table t").run();
    expect(tracker.versionOf(["u"])).not.toBe(u1);
    db.close();
  });
});
