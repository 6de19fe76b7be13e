import { beforeAll, describe, expect, it } from "vitest";
import { APEX, HARBOUR, NORTHWIND, useProvider } from "./fixtures";

/** Issue 21 item 3 (decision 131): promotions scheduled by day, aimed at all, a sector or one customer. */

let admin: string;
let northwind: string;
let harbour: string;

/** Fresh sessions (the clock moves by days in these tests, past any session's idle limit). */
async function sessions() {
  admin = await p.login("admin@demo.test");
  northwind = await p.login("buyer@demo.test");
  expect((await p.api("POST", "/api/select-customer", { token: northwind, body: { contactId: "5001" } })).status).toBe(
    201,
  );
  harbour = await p.login("buyer@demo.test");
  const units = await p.db("contacts").where("customer_id", HARBOUR).select("id");
  let selected = false;
  for (const u of units)
    if (
      !selected &&
      (await p.api("POST", "/api/select-customer", { token: harbour, body: { contactId: String(u.id) } })).status ===
        201
    )
      selected = true;
  expect(selected).toBe(true);
}

const { p } = useProvider();
beforeAll(async () => {
  await sessions();
});

const call = (method: string, path: string, body?: unknown, token = admin) => p.api(method, path, { token, body });
const auditCount = async () => Number((await p.db("audit_log").count({ n: "*" }).first())?.n ?? 0);
const live = async (token: string) =>
  (await call("GET", "/api/promotion", undefined, token)).body.data.map((x: any) => x.title);
// the test clock: 2026-11-21
const banner = (extra: Record<string, unknown> = {}) => ({
  kind: "banner",
  title: "Winter sale",
  text: "Coats",
  image: "/images/a.svg",
  link: "/categories/full/hi-vis",
  startsOn: "2026-11-21",
  endsOn: "2026-11-30",
  ...extra,
});

describe("promotions", () => {
  it("creates, lists, schedules and aims them; the dashboard call answers only the live ones for the caller, in order", async () => {
    const before = await auditCount();
    const created = await call("POST", "/api/admin/promotion", banner());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: "banner",
      title: "Winter sale",
      text: "Coats",
      image: "/images/a.svg",
      link: "/categories/full/hi-vis",
      item: null,
      startsOn: "2026-11-21",
      endsOn: "2026-11-30",
      status: "live",
      audience: "all",
      sector: null,
      customer: null,
      position: 1,
    });
    expect(await auditCount()).toBe(before + 1);
    const [entry] = (await call("GET", "/api/admin/audit?$limit=1")).body.data;
    expect(entry).toMatchObject({ service: "admin/promotion", method: "create", after: { title: "Winter sale" } });

    await call(
      "POST",
      "/api/admin/promotion",
      banner({ title: "Later", startsOn: "2026-11-22", endsOn: "2026-11-22" }),
    );
    await call("POST", "/api/admin/promotion", banner({ title: "Over", startsOn: "2026-11-01", endsOn: "2026-11-20" }));
    const featured = await call("POST", "/api/admin/promotion", {
      kind: "featured",
      title: "Jacket",
      itemId: "20001",
      startsOn: "2026-11-21",
      endsOn: "2026-11-21",
      audience: "customer",
      customerId: NORTHWIND,
    });
    expect(featured.status).toBe(201);
    expect(featured.body).toMatchObject({
      item: { id: "20001", itemCode: "HV-JKT" },
      customer: { id: String(NORTHWIND), name: "Northwind Facilities" },
      position: 4,
    });
    await call("POST", "/api/admin/promotion", banner({ title: "Facilities only", audience: "sector", sectorId: 1 }));
    await call("POST", "/api/admin/promotion", banner({ title: "Healthcare only", audience: "sector", sectorId: "2" }));

    expect(await live(northwind)).toEqual(["Winter sale", "Jacket", "Facilities only"]);
    expect(await live(harbour)).toEqual(["Winter sale", "Healthcare only"]);
    const answer = (await call("GET", "/api/promotion", undefined, northwind)).body;
    expect(answer.data[1]).toEqual({
      id: featured.body.id,
      kind: "featured",
      title: "Jacket",
      text: "",
      image: null,
      link: null,
      itemId: "20001",
    });

    // the admin's list: by position, with status filters
    const list = (await call("GET", "/api/admin/promotion")).body;
    expect(list).toMatchObject({ total: 6, limit: 50, skip: 0 });
    expect(list.data.map((x: any) => x.status)).toEqual(["live", "scheduled", "ended", "live", "live", "live"]);
    expect((await call("GET", "/api/admin/promotion?status=scheduled")).body.data.map((x: any) => x.title)).toEqual([
      "Later",
    ]);
    expect(
      (await call("GET", "/api/admin/promotion?status=ended&kind=banner")).body.data.map((x: any) => x.title),
    ).toEqual(["Over"]);

    // the next day: "Later" is live, the one-day featured product has ended
    p.clock.advance(24 * 3_600_000);
    await sessions();
    expect(await live(northwind)).toEqual(["Winter sale", "Later", "Facilities only"]);
    // past the end of the last day
    p.clock.advance(9 * 24 * 3_600_000);
    await sessions();
    expect(await live(northwind)).toEqual([]);
    p.clock.advance(-10 * 24 * 3_600_000);
    await sessions();
  });

  it("edits, reorders and deletes; each audited; the dashboard follows", async () => {
    const list = (await call("GET", "/api/admin/promotion")).body.data;
    const sale = list.find((x: any) => x.title === "Winter sale");
    const jacket = list.find((x: any) => x.title === "Jacket");
    const moved = await call("PATCH", `/api/admin/promotion/${jacket.id}`, { position: 1 });
    expect(moved.status).toBe(200);
    expect(moved.body.position).toBe(1);
    expect(await live(northwind)).toEqual(["Jacket", "Winter sale", "Facilities only"]);
    const edited = await call("PATCH", `/api/admin/promotion/${sale.id}`, {
      title: "Winter sale ends soon",
      audience: "customer",
      customerId: HARBOUR,
    });
    expect(edited.body).toMatchObject({
      title: "Winter sale ends soon",
      audience: "customer",
      customer: { id: String(HARBOUR) },
    });
    expect(await live(northwind)).toEqual(["Jacket", "Facilities only"]);
    expect(await live(harbour)).toEqual(["Winter sale ends soon", "Healthcare only"]);
    const [entry] = (await call("GET", "/api/admin/audit?$limit=1")).body.data;
    expect(entry).toMatchObject({
      method: "patch",
      before: { title: "Winter sale", audience: "all", customer_id: null },
      after: { title: "Winter sale ends soon", customer_id: HARBOUR },
    });
    // back to everyone: the customer goes with it
    expect((await call("PATCH", `/api/admin/promotion/${sale.id}`, { audience: "all" })).body).toMatchObject({
      audience: "all",
      customer: null,
    });

    const count = await auditCount();
    const removed = await call("DELETE", `/api/admin/promotion/${jacket.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.title).toBe("Jacket");
    expect(await auditCount()).toBe(count + 1);
    expect((await call("GET", `/api/admin/promotion/${jacket.id}`)).status).toBe(404);
    expect((await call("GET", "/api/admin/promotion")).body.data.map((x: any) => x.position)).toEqual([1, 2, 3, 4, 5]);
    expect(await live(northwind)).toEqual(["Winter sale ends soon", "Facilities only"]);
  });

  it("refuses bad input with field errors (end before start, audiences, kinds) and unknown records with 404; nothing written", async () => {
    const before = await auditCount();
    const rows = await p.db("promotions").count({ n: "*" }).first();
    const cases: Array<[unknown, Record<string, string> | number]> = [
      [banner({ startsOn: "2026-11-30", endsOn: "2026-11-29" }), { endsOn: "must be on or after the start date" }],
      [banner({ startsOn: "2026-02-30" }), { startsOn: "must be a real date" }],
      [banner({ endsOn: "30/11/2026" }), { endsOn: "must be a date (YYYY-MM-DD)" }],
      [{ kind: "banner" }, { title: "Required", startsOn: "Required", endsOn: "Required" }],
      [banner({ kind: "popup" }), { kind: "must be banner or featured" }],
      [banner({ kind: "featured" }), { itemId: "Required for a featured product" }],
      [banner({ audience: "sector" }), { sectorId: "Required for audience 'sector'" }],
      [banner({ customerId: NORTHWIND }), { customerId: "only with audience 'customer'" }],
      [banner({ link: "https://evil.test/" }), { link: "must be a path on this site, starting with /" }],
      [banner({ image: "//evil.test/x.png" }), { image: "must be a path on this site, starting with /" }],
      [banner({ title: "x".repeat(121) }), { title: "must be at most 120 characters" }],
      [banner({ position: 1 }), { position: "Unknown field" }],
      [banner({ colour: "red" }), { colour: "Unknown field" }],
      [banner({ kind: "featured", itemId: 20002 }), { itemId: "must be a product, not a variant" }],
      [banner({ kind: "featured", itemId: 99999 }), 404],
      [banner({ audience: "sector", sectorId: 99 }), 404],
      [banner({ audience: "customer", customerId: 9999 }), 404],
      [banner({ audience: "customer", customerId: APEX + 99999999999 }), 404],
    ];
    for (const [body, expected] of cases) {
      const res = await call("POST", "/api/admin/promotion", body);
      if (typeof expected === "number") expect(res.status, JSON.stringify(body)).toBe(expected);
      else {
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors, JSON.stringify(body)).toEqual(expected);
      }
    }
    const id = (await call("GET", "/api/admin/promotion")).body.data[0].id;
    expect((await call("PATCH", `/api/admin/promotion/${id}`, { endsOn: "2026-01-01" })).body.errors).toEqual({
      endsOn: "must be on or after the start date",
    });
    expect((await call("PATCH", `/api/admin/promotion/${id}`, { kind: "featured" })).body.errors).toHaveProperty(
      "kind",
    );
    expect((await call("PATCH", `/api/admin/promotion/${id}`, {})).body.errors).toEqual({ body: "Nothing to change" });
    expect((await call("PATCH", `/api/admin/promotion/${id}`, { position: 99 })).body.errors).toEqual({
      position: "must be from 1 to 5",
    });
    expect((await call("PATCH", "/api/admin/promotion/99999", { title: "x" })).status).toBe(404);
    expect((await call("DELETE", "/api/admin/promotion/abc")).status).toBe(404);
    expect((await call("GET", "/api/admin/promotion?status=soon")).body.errors).toEqual({
      status: "must be live, scheduled or ended",
    });
    expect((await call("GET", "/api/promotion?x=1", undefined, northwind)).status).toBe(400);
    expect(await auditCount()).toBe(before);
    expect(await p.db("promotions").count({ n: "*" }).first()).toEqual(rows);
  });

  it("lists sectors for the audience picker", async () => {
    const res = await call("GET", "/api/admin/sector");
    expect(res.body).toMatchObject({
      total: 2,
      data: [
        { id: "1", name: "Facilities", customerCount: 2 },
        { id: "2", name: "Healthcare", customerCount: 1 },
      ],
    });
  });
});
