import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { sqliteFileOf } from "../db/knex";
import { findDuplicateCodes, REPAIR_COMMAND } from "../db/duplicate-codes";
import { mergeDuplicateCodes } from "../services/merge-duplicate-codes";
import * as m020 from "../db/migrations/020_catalogue_codes_and_erp_feeds";
import { NORTHWIND, useProvider } from "./fixtures";
import { onSqlite } from "./test-database";

/**
 * Issue 33 item 1 (decision 155): one code, one catalogue row. Migration 020 makes items.item_code unique and stops,
 * naming the codes and the repair command, on a database that has a code twice; the repair merges each code's rows
 * into its oldest, moving every reference, in one transaction. The duplicates are made as the race of issue 33 made
 * them: a second copy of a product and its variant, with orders, baskets and links of their own (the index taken away
 * by migration 020's own `down`).
 */

const { p } = useProvider({}, { backgroundWork: false });

const now = "2026-11-21T09:00:00.000Z";

/** The duplicate: HV-JKT again (20101) with its own HV-JKT-M (20102), each with references of its own. */
async function makeDuplicates(lineId: number) {
  await m020.down(p.db);
  await p.db("basket_sessions").where({ user_id: 2, customer_id: NORTHWIND }).delete();
  await p.db("items").insert([
    { id: 20101, display_name: "Hi-Vis Jacket", item_code: "HV-JKT", slug: "hv-jkt-2", created_at: now },
    {
      id: 20102,
      parent_id: 20101,
      matrix_type: "child",
      display_name: "Hi-Vis Jacket M",
      item_code: "HV-JKT-M",
      created_at: now,
    },
  ]);
  await p.db("order_lines").insert({
    id: lineId,
    order_id: 1,
    line_no: 3,
    item_id: 20102,
    parent_item_id: 20101,
    item_code: "HV-JKT-M",
    name: "Hi-Vis Jacket M",
    quantity: 4,
    rate: 10,
    amount: 40,
  });
  // twins of links the oldest rows have (dropped) and links they have not (moved)
  await p.db("catalogue_items").insert([
    { catalogue_id: 802, item_id: 20101 },
    { catalogue_id: 803, item_id: 20101 },
  ]);
  await p.db("wish_list").insert({ customer_id: NORTHWIND, user_id: 1, item_id: 20101, created_at: now });
  await p.db("saved_basket_items").insert({ basket_id: 601, item_id: 20102, parent_id: 20101, qty: 1, name: "x" });
  await p.db("basket_sessions").insert({
    customer_id: NORTHWIND,
    user_id: 2,
    punchout_session: "",
    version: 3,
    updated_at: now,
    state_json: JSON.stringify({
      selectedBasketType: "stock-order-basket",
      stock: [{ productId: "20102", parentId: "20101", qty: 2 }],
      manpack: [],
      instructions: { stock: "", manpack: "" },
    }),
  });
}

const itemMonth = (itemId: number) =>
  p.db("report_item_months").where({ customer_id: NORTHWIND, item_id: itemId }).sum({ q: "quantity" }).first();

describe("unique item codes", () => {
  it("a duplicate code is refused by the database once migration 020 ran", async () => {
    await expect(
      p.db("items").insert({ display_name: "Again", item_code: "WK-TRS", slug: "again", created_at: now }),
    ).rejects.toThrow(/unique/i);
  });

  it("the migration stops on duplicates naming them and the command; the merge keeps the oldest and moves everything", async () => {
    await makeDuplicates(9001);
    const before = Number((await itemMonth(20002))?.q ?? 0);
    expect(await findDuplicateCodes(p.db)).toEqual([
      { code: "HV-JKT", ids: [20001, 20101] },
      { code: "HV-JKT-M", ids: [20002, 20102] },
    ]);
    const refusal = await m020.up(p.db).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).toBe(
      "Migration 020 stopped: 2 item codes name more than one catalogue row: HV-JKT (items 20001, 20101); " +
        `HV-JKT-M (items 20002, 20102). Nothing was changed. Merge them with \`${REPAIR_COMMAND}\` (it keeps each ` +
        "code's oldest row and moves everything that pointed at the others to it), then start the provider or run " +
        "`npm run provider -- migrate` again.",
    );

    const reports = await mergeDuplicateCodes(p.db);
    expect(reports).toEqual([
      {
        code: "HV-JKT",
        kept: 20001,
        removed: [20101],
        moved: {
          variants: 1,
          "order lines (product)": 1,
          "saved basket lines (product)": 1,
          "catalogue links dropped (the kept item had them)": 1,
          "catalogue links": 1,
          "wish-list entries dropped (the kept item had them)": 1,
          "basket lines": 1,
        },
      },
      {
        code: "HV-JKT-M",
        kept: 20002,
        removed: [20102],
        moved: { "order lines": 1, "saved basket lines": 1, "basket lines": 1 },
      },
    ]);
    expect(await p.db("items").whereIn("id", [20101, 20102]).pluck("id")).toEqual([]);
    expect(await p.db("order_lines").where("id", 9001).first("item_id", "parent_item_id")).toEqual({
      item_id: 20002,
      parent_item_id: 20001,
    });
    expect(await p.db("catalogue_items").where("item_id", 20001).orderBy("catalogue_id").pluck("catalogue_id")).toEqual(
      [802, 803],
    );
    expect(await p.db("wish_list").where({ user_id: 1, customer_id: NORTHWIND }).pluck("item_id")).toEqual([20001]);
    const basket = await p.db("basket_sessions").where({ user_id: 2, customer_id: NORTHWIND }).first();
    expect(JSON.parse(basket.state_json).stock).toEqual([{ productId: "20002", parentId: "20001", qty: 2 }]);
    expect(basket.version).toBe(5); // one write for each code merged
    // the report totals follow the line to the kept item (the database's triggers)
    expect(Number((await itemMonth(20002))?.q ?? 0)).toBe(before + 4);
    expect(Number((await itemMonth(20102))?.q ?? 0)).toBe(0);

    expect(await findDuplicateCodes(p.db)).toEqual([]);
    await m020.up(p.db);
    await expect(
      p.db("items").insert({ display_name: "Again", item_code: "HV-JKT-M", slug: "again-2", created_at: now }),
    ).rejects.toThrow(/unique/i);
  });

  // the command itself, on the test's SQLite file (PostgreSQL tests run in a schema of their own, which the
  // command's DATABASE_URL cannot name)
  it.runIf(onSqlite)("`items duplicates` lists them and `--merge` merges them and migrates", async () => {
    await makeDuplicates(9002);
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli.ts", "items", "duplicates", ...args], {
        cwd: path.resolve(__dirname, "../.."),
        env: { PATH: process.env.PATH, NODE_ENV: "test", PROVIDER_DB_FILE: sqliteFileOf(p.db)!, LOG_LEVEL: "error" },
      });
    const listed = await run([]);
    expect(listed.stdout).toBe(
      "HV-JKT: items 20001, 20101 (the first, the oldest, would be kept)\n" +
        "HV-JKT-M: items 20002, 20102 (the first, the oldest, would be kept)\n" +
        `2 duplicate code(s); merge them with \`${REPAIR_COMMAND}\`\n`,
    );
    const merged = await run(["--merge"]);
    expect(merged.stdout).toContain(
      "HV-JKT-M: kept item 20002, deleted 20102; moved to it: 1 order lines, 1 saved basket lines, 1 basket lines\n",
    );
    expect(merged.stdout).toContain("merged 2 duplicate code(s) in one transaction\n");
    expect(await findDuplicateCodes(p.db)).toEqual([]);
    await expect(run(["--now"])).rejects.toThrow(/items takes duplicates, and --merge to merge them/);
  });
});
