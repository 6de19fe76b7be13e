import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonFeedSource, SEEDED_FEED_DIR, FEED_FILE } from "../services/erp-feed";
import { importRows } from "../services/erp-import/rows";
import { captureProviderLogs } from "../log";
import { useProvider } from "./fixtures";
import { onPostgres } from "./test-database";

/** Issue 21 item 4 (decision 131): the ERP import — idempotent, row by row, bad rows listed — and its queued runs. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-feed-"));

const FEED = {
  items: [
    {
      itemCode: "HV-JKT",
      displayName: "Hi-Vis Jacket",
      price: 25,
      stock: 10,
      variants: [
        { itemCode: "HV-JKT-M", price: 25, stock: 4, size: "M", color: "Yellow", displayName: "Hi-Vis Jacket M" },
        { itemCode: "HV-JKT-L", price: 26, stock: 0, size: "L", color: "Orange", displayName: "Hi-Vis Jacket L" },
      ],
    },
    {
      itemCode: "NEW-GIL",
      displayName: "Hi-Vis Gilet",
      price: 12.5,
      stock: 30,
      category: "Jackets",
      variants: [{ itemCode: "NEW-GIL-S", price: 12.5, stock: 30, size: "S", color: "Yellow" }],
    },
    { itemCode: "BAD-1", displayName: "Bad price", price: -1, stock: 1 },
    {
      itemCode: "WK-TRS",
      displayName: "Work Trousers",
      price: 99,
      stock: 1,
      variants: [{ itemCode: "HV-JKT-M", price: 1, stock: 1 }],
    },
    { itemCode: "WD-TUN", displayName: "Ward Tunic", price: 99, stock: 1, category: "Tunics" },
    { displayName: "No code", price: 1, stock: 1 },
    { itemCode: "HV-JKT-L", displayName: "A variant's code", price: 1, stock: 1 },
    { itemCode: "WD-TUN", displayName: "Ward Tunic", price: 16, stock: 5, colour: "white" },
  ],
};
const ROW_ERRORS = [
  { row: 3, itemCode: "BAD-1", reason: "price must be a number, 0 or more" },
  { row: 4, itemCode: "WK-TRS", reason: "HV-JKT-M is already in row 1 of this feed" },
  { row: 5, itemCode: "WD-TUN", reason: "category 'Tunics' is not in the catalogue" },
  { row: 6, itemCode: null, reason: "itemCode is required" },
  { row: 7, itemCode: "HV-JKT-L", reason: "HV-JKT-L is already in row 1 of this feed" },
  { row: 8, itemCode: "WD-TUN", reason: "colour is not a known field" },
];

// the feed is in place before the provider starts (this hook is registered, so runs, before useProvider's)
beforeAll(() => fs.writeFileSync(path.join(dir, FEED_FILE), JSON.stringify(FEED)));
const { p, tokens } = useProvider(
  { admin: "admin@demo.test", buyer: { email: "buyer@demo.test", contactId: 5001 } },
  { erpFeedDir: dir },
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const call = (method: string, pathAndQuery: string, body?: unknown, token = tokens.admin) =>
  p.api(method, pathAndQuery, { token, body });
const itemRows = () =>
  p
    .db("items")
    .orderBy("id")
    .select("id", "item_code", "price", "stock_quantity", "in_stock", "display_name", "parent_id", "class_id");

/** Waits for the worker to finish a run (it is woken by the POST; the wait is bounded, never a timing assertion). */
async function finished(id: string) {
  for (let i = 0; i < 400; i++) {
    const res = await call("GET", `/api/admin/erp-import/${id}`);
    if (res.body.status === "succeeded" || res.body.status === "failed") return res.body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`import run ${id} did not finish`);
}

describe("ERP import", () => {
  it("reads the seeded feed: prices and stock changed, a product added, a bad row", async () => {
    const { rows, source } = await new JsonFeedSource("/nonexistent", SEEDED_FEED_DIR).read();
    expect(source).toBe(`${FEED_FILE} in ${SEEDED_FEED_DIR}`);
    expect(rows.map((r) => r.itemCode)).toEqual(["GL120", "PP110", "GL130", "GL999"]);
    expect(rows[3]).toMatchObject({ row: 4, error: "price must be a number, 0 or more" });
    await expect(new JsonFeedSource("/nonexistent", null).read()).rejects.toThrow(
      /could not be read: there is no erp-feed.json/,
    );
  });

  it("imports good rows, lists bad ones and writes nothing of them; the same feed again is all unchanged", async () => {
    const before = await itemRows();
    const first = await importRows(p.db, (await new JsonFeedSource(dir, null).read()).rows, p.clock.now);
    expect(first).toEqual({ created: 2, updated: 3, unchanged: 0, errors: ROW_ERRORS });
    const after = await itemRows();
    const byCode = new Map(after.map((r: any) => [r.item_code, r]));
    expect(byCode.get("HV-JKT")).toMatchObject({ price: 25, stock_quantity: 10 });
    expect(byCode.get("HV-JKT-L")).toMatchObject({ price: 26, stock_quantity: 0 });
    expect(!!byCode.get("HV-JKT-L").in_stock).toBe(false);
    expect(byCode.get("NEW-GIL")).toMatchObject({ price: 12.5, class_id: 11, parent_id: null });
    expect(byCode.get("NEW-GIL-S")).toMatchObject({
      parent_id: byCode.get("NEW-GIL").id,
      display_name: "Hi-Vis Gilet - Yellow / S",
    });
    // the bad rows' items are as they were
    for (const code of ["WK-TRS", "WD-TUN"]) {
      expect(byCode.get(code), code).toEqual(before.find((r: any) => r.item_code === code));
    }
    // codes that clash with the catalogue: refused, nothing written
    const clash = await importRows(
      p.db,
      [
        {
          row: 1,
          itemCode: "WK-TRS",
          product: {
            itemCode: "WK-TRS",
            displayName: "Work Trousers",
            price: 1,
            stock: 1,
            category: null,
            description: null,
            variants: [{ itemCode: "HV-JKT-M", price: 1, stock: 1, size: null, color: null, displayName: null }],
          },
        },
        {
          row: 2,
          itemCode: "HV-JKT-L",
          product: {
            itemCode: "HV-JKT-L",
            displayName: "x",
            price: 1,
            stock: 1,
            category: null,
            description: null,
            variants: [],
          },
        },
      ],
      p.clock.now,
    );
    expect(clash).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 1, itemCode: "WK-TRS", reason: "variant HV-JKT-M belongs to another product in the catalogue" },
        { row: 2, itemCode: "HV-JKT-L", reason: "HV-JKT-L is a variant's code in the catalogue, not a product's" },
      ],
    });
    expect(await itemRows()).toEqual(after);
    const again = await importRows(p.db, (await new JsonFeedSource(dir, null).read()).rows, p.clock.now);
    expect(again).toEqual({ created: 0, updated: 0, unchanged: 5, errors: ROW_ERRORS });
    expect(await itemRows()).toEqual(after);
  });

  it("queues a run by POST; the worker runs it; the runs list start, end, counts and row errors; the product shows its new price", async () => {
    const feed = structuredClone(FEED);
    feed.items[0].price = 27.5;
    fs.writeFileSync(path.join(dir, FEED_FILE), JSON.stringify(feed));
    const source = await call("GET", "/api/admin/erp-source");
    expect(source.body).toMatchObject({
      kind: "directory",
      directory: dir,
      file: FEED_FILE,
      format: "json",
      exists: true,
      products: 8,
    });

    const queued = await call("POST", "/api/admin/erp-import", {});
    expect(queued.status).toBe(201);
    expect(queued.body).toMatchObject({
      status: "pending",
      alreadyQueued: false,
      file: `${FEED_FILE} in ${dir}`,
      queuedBy: { id: "6", email: "admin@demo.test" },
      startedAt: null,
      finishedAt: null,
    });
    const run = await finished(queued.body.id);
    expect(run).toMatchObject({
      status: "succeeded",
      created: 0,
      updated: 1,
      unchanged: 4,
      errorCount: 6,
      failure: null,
      errors: ROW_ERRORS,
    });
    expect(run.startedAt).toEqual(expect.any(String));
    expect(run.finishedAt).toEqual(expect.any(String));
    expect((await call("GET", "/api/item/20001", undefined, tokens.buyer)).body.price).toBe(27.5);

    const second = await finished((await call("POST", "/api/admin/erp-import", {})).body.id);
    expect(second).toMatchObject({ status: "succeeded", created: 0, updated: 0, unchanged: 5 });

    const list = await call("GET", "/api/admin/erp-import");
    expect(list.body).toMatchObject({ total: 2, limit: 16, skip: 0 });
    expect(list.body.data.map((r: any) => r.id)).toEqual([second.id, run.id]);
    expect(list.body.data[0]).not.toHaveProperty("errors");
    expect((await call("GET", "/api/admin/erp-import?status=failed")).body.total).toBe(0);
    const [entry] = (await call("GET", "/api/admin/audit?$limit=1")).body.data;
    expect(entry).toMatchObject({ service: "admin/erp-import", method: "create", after: { status: "pending" } });
  });

  it("a feed that cannot be read fails the run and writes nothing", async () => {
    fs.writeFileSync(path.join(dir, FEED_FILE), "{ not json");
    const before = await itemRows();
    const run = await finished((await call("POST", "/api/admin/erp-import", {})).body.id);
    expect(run).toMatchObject({
      status: "failed",
      failure: "The feed file could not be read: it is not valid JSON",
      created: 0,
      updated: 0,
      unchanged: 0,
    });
    expect(await itemRows()).toEqual(before);
    fs.writeFileSync(path.join(dir, FEED_FILE), JSON.stringify({ products: [] }));
    expect(await finished((await call("POST", "/api/admin/erp-import", {})).body.id)).toMatchObject({
      status: "failed",
      failure: "The feed has no list of items",
    });
  });

  it("refuses bad input and unknown runs", async () => {
    expect((await call("POST", "/api/admin/erp-import", { file: "../../etc/passwd" })).body.errors).toEqual({
      file: "Unknown field",
    });
    expect((await call("GET", "/api/admin/erp-import?status=done")).body.errors).toEqual({
      status: "must be pending, running, succeeded or failed",
    });
    expect((await call("GET", "/api/admin/erp-import/99999")).status).toBe(404);
    expect((await call("GET", "/api/admin/erp-import/x")).status).toBe(404);
    expect((await call("GET", "/api/admin/erp-source?x=1")).status).toBe(400);
  });
});

describe("a row the database refuses", () => {
  it("is logged with the run and the row, and the run lists the database's own words", async () => {
    // a rule of the database's own (a trigger), as a real refusal the feed's checks cannot foresee
    if (onPostgres) {
      await p.db.raw(`create function refuse_frozen() returns trigger language plpgsql as $$
        begin
          if new.item_code = 'FROZEN-1' then raise exception 'items are frozen for %', new.item_code; end if;
          return new;
        end $$`);
      await p.db.raw(
        "create trigger refuse_frozen before insert on items for each row execute function refuse_frozen()",
      );
    } else {
      await p.db.raw(`create trigger refuse_frozen before insert on items when new.item_code = 'FROZEN-1'
        begin select raise(abort, 'items are frozen for FROZEN-1'); end`);
    }
    fs.writeFileSync(
      path.join(dir, FEED_FILE),
      JSON.stringify({
        items: [
          { itemCode: "FROZEN-1", displayName: "Frozen", price: 1, stock: 1 },
          { itemCode: "THAWED-2", displayName: "Thawed", price: 2, stock: 2 },
        ],
      }),
    );
    const log = captureProviderLogs("error");
    let run;
    try {
      run = await finished((await call("POST", "/api/admin/erp-import", {})).body.id);
    } finally {
      log.stop();
    }
    expect(run).toMatchObject({ status: "succeeded", created: 1, errorCount: 1 });
    expect(run.errors).toEqual([
      {
        row: 1,
        itemCode: "FROZEN-1",
        reason: expect.stringMatching(
          /^the database refused the row \(a rule of the database refused it\): (.* - )?items are frozen for FROZEN-1$/,
        ),
      },
    ]);
    expect(log.lines()).toEqual([
      expect.objectContaining({
        level: "error",
        msg: "ERP import: the database refused a row",
        runId: Number(run.id),
        row: 1,
        itemCode: "FROZEN-1",
        err: expect.objectContaining({ message: expect.stringContaining("items are frozen for FROZEN-1") }),
      }),
    ]);
    await p.db.raw("drop trigger refuse_frozen" + (onPostgres ? " on items" : ""));
  });
});

describe("an uploaded feed (issue 33 item 4, decision 156)", () => {
  const upload = (body: unknown, token = tokens.admin) => call("POST", "/api/admin/erp-feed", body, token);

  it("refuses what is not a feed, and a feed too large, saying why; the source stays as it was", async () => {
    const refusal = async (body: unknown) => (await upload(body)).body.errors;
    expect(await refusal({ fileName: "a.json" })).toEqual({ feed: "is required" });
    expect(await refusal({ fileName: "", feed: FEED })).toEqual({ fileName: "must not be empty" });
    expect(await refusal({ fileName: "a.json", feed: FEED, x: 1 })).toEqual({ x: "Unknown field" });
    expect(await refusal({ fileName: "a.json", feed: { products: [] } })).toEqual({
      feed: "The feed has no list of items",
    });
    expect(await refusal({ fileName: "a.json", feed: { items: [] } })).toEqual({ feed: "The feed has no rows" });
    expect(await refusal({ fileName: "a.json", feed: { items: [{ itemCode: "X", price: -1 }] } })).toEqual({
      feed: "None of the feed's 1 rows can be read: row 1 displayName is required",
    });
    const big = { items: [{ itemCode: "BIG", displayName: "Big", price: 1, description: "x".repeat(4000) }] };
    big.items = Array.from({ length: 140 }, (_, i) => ({ ...big.items[0], itemCode: `BIG-${i}` }));
    expect(await refusal({ fileName: "big.json", feed: big })).toEqual({
      feed: "The feed can be at most 512 KB (this one is 557 KB); a larger one goes in the ERP_FEED_DIR directory",
    });
    expect((await upload({ fileName: "a.json", feed: FEED }, tokens.buyer)).status).toBe(403);
    expect((await call("GET", "/api/admin/erp-source")).body).toMatchObject({ kind: "directory", directory: dir });
  });

  it("is kept in the database: the source says who uploaded it, and the next run reads it", async () => {
    const answer = await upload({ fileName: "C:\\feeds\\june.json", feed: FEED });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      kind: "upload",
      file: "june.json",
      format: "json",
      products: 8,
      rowProblems: 3,
      uploadedAt: p.clock.now.toISOString(),
      uploadedBy: { id: "6", email: "admin@demo.test" },
      problems: [
        { row: 3, itemCode: "BAD-1", reason: "price must be a number, 0 or more" },
        { row: 6, itemCode: null, reason: "itemCode is required" },
        { row: 8, itemCode: "WD-TUN", reason: "colour is not a known field" },
      ],
    });
    const { problems: _, ...source } = answer.body;
    expect((await call("GET", "/api/admin/erp-source")).body).toEqual(source);
    // the directory's file is unreadable now: the run reads the upload, not the directory
    fs.writeFileSync(path.join(dir, FEED_FILE), "{ not json");
    const queued = await call("POST", "/api/admin/erp-import", {});
    expect(queued.body.file).toBe(`june.json (upload ${answer.body.feedId})`);
    const run = await finished(queued.body.id);
    expect(run).toMatchObject({ status: "succeeded", file: `june.json (upload ${answer.body.feedId})` });
    expect(run.errors).toEqual(ROW_ERRORS);
    const [entry] = (await call("GET", "/api/admin/audit?$limit=2")).body.data.filter(
      (e: any) => e.service === "admin/erp-feed",
    );
    expect(entry).toMatchObject({ method: "create", after: { file: "june.json", products: 8, rowProblems: 3 } });
  });
});
