// The scale test (issue 33 item 5): two provider processes and two portal processes on one PostgreSQL database, portal A
// → provider A and portal B → provider B with the same SESSION_SECRETS, as an operator runs them (README), and one
// person's cookie jar used against either portal, as a load balancer would. `npm run test:scale`; tests/scale/setup.ts
// says what happens without PostgreSQL.
//
// Timing: the design bound (issue 33 build item 2) is that one second after a write's answer every portal process serves
// the new state. The checks of that bound wait the second, then look once on each portal: no race. Besides, each
// portal is polled every 20 ms from the write's answer until it shows the change (at most 70 s), and those delays are
// printed, never asserted.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, formFields, headerUnit, navLinks, type Page } from "./browser";
import {
  createScaleDatabase,
  handFeedToProviders,
  logLinesWith,
  startCluster,
  type Cluster,
  type FeedProduct,
} from "./cluster";
import { NO_POSTGRES } from "./no-postgres";

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const PASSWORD = "workwear-demo";
const NORTHWIND = "Northwind Facilities";
const HARBOUR = "Harbour Health Trust";
/** the design bound: a write's answer, then this long, and every portal serves the new state */
const BOUND_MS = 1_000;
const POLL_MS = 20;
const POLL_CAP_MS = 70_000;
const REPORTS = ["orders-by-status", "spend-by-month", "top-products"];

let cluster: Cluster;
let dropDatabase: (() => Promise<void>) | undefined;
let db: pg.Pool;
let A: string;
let B: string;
const startedAt = performance.now();
const delays: string[] = [];
let failed = false;

const say = (line: string) => void process.stdout.write(`${line}\n`);

// -------------------------------------------------------------------------------------------- the person's side

/** Logs in on `portal` through its form (and picks `unit` when the account has several); answers the first page. */
async function logIn(browser: Browser, portal: string, email: string, unit?: string): Promise<Page> {
  const page = await browser.post(portal, "/login", { email, password: PASSWORD, redirect: "/" });
  expect(page.status, `log-in of ${email} on ${portal}`).toBe(200);
  if (page.path.startsWith("/select-your-customer")) return chooseUnit(browser, portal, unit ?? NORTHWIND, page);
  if (unit && headerUnit(page.html) !== unit) return chooseUnit(browser, portal, unit);
  return page;
}

/** Chooses a business unit on `portal` (the select page's form, as the header's switcher posts it). */
async function chooseUnit(browser: Browser, portal: string, unit: string, shown?: Page): Promise<Page> {
  const page = shown ?? (await browser.get(portal, "/select-your-customer"));
  const button = [...page.html.matchAll(/<button[^>]*name="contactId"[^>]*value="(\d+)"[^>]*>([^<]*)<\/button>/g)].find(
    (m) => m[2] === unit,
  );
  if (!button) throw new Error(`${browser.label}: no business unit ${unit} on ${page.path}`);
  const answer = await browser.post(portal, "/select-your-customer", { contactId: button[1], redirect: "/basket" });
  expect(answer.status, `choosing ${unit} on ${portal}`).toBe(200);
  return answer;
}

/** Whether the page is the signed-in portal (not the log-in page, not the maintenance page). */
const signedIn = (page: Page) => page.status === 200 && page.html.includes('action="/logout"');
/** The product ids of the basket page's lines (each line has several forms naming its product: counted once). */
const basketLines = (page: Page) => [
  ...new Set([...page.html.matchAll(/name="productId" value="(\d+)"/g)].map((m) => m[1])),
];
const headerBasketCount = (page: Page) => Number(page.html.match(/aria-label="Basket, (\d+) items?"/)?.[1] ?? NaN);

async function addToBasket(browser: Browser, portal: string, productId: string): Promise<void> {
  const page = await browser.post(portal, "/basket", { intent: "add", productId, qty: "1" });
  expect(page.status, `adding product ${productId} on ${portal}`).toBe(200);
}

// -------------------------------------------------------------------------------------------- the database's side

async function one<T>(sql: string, values: unknown[] = []): Promise<T> {
  const { rows } = await db.query(sql, values);
  if (rows.length !== 1) throw new Error(`expected one row from: ${sql} (${rows.length})`);
  return rows[0] as T;
}

/** Products a unit can order as they are (variants with a price), from the seeded catalogue. */
async function orderableItems(count: number): Promise<string[]> {
  const { rows } = await db.query(
    `select i.id from items i join items p on p.id = i.parent_id
      where i.matrix_type = 'child' and not i.is_inactive and not p.is_inactive and p.visible_in_catalogue
        and i.price > 0 and i.in_stock
      order by i.id limit $1`,
    [count],
  );
  return rows.map((r: { id: number }) => String(r.id));
}

// -------------------------------------------------------------------------------------------- the bound and the delay

/**
 * After a write's answer: polls `seen` on each portal every 20 ms until it holds (the delay, printed), and asks it once
 * on each portal when the bound has passed (what the test asserts). Answers [A at the bound, B at the bound].
 */
async function atTheBound(label: string, seen: (portal: string) => Promise<boolean>): Promise<[boolean, boolean]> {
  const written = performance.now();
  const measure = async (portal: string) => {
    while (performance.now() - written < POLL_CAP_MS) {
      if (await seen(portal)) return performance.now() - written;
      await sleep(POLL_MS);
    }
    return null;
  };
  const measuring = [measure(A), measure(B)];
  await sleep(Math.max(0, BOUND_MS - (performance.now() - written)));
  const atBound = (await Promise.all([seen(A), seen(B)])) as [boolean, boolean];
  const [a, b] = await Promise.all(measuring);
  const ms = (d: number | null) => (d === null ? `not within ${POLL_CAP_MS / 1000} s` : `${(d / 1000).toFixed(2)} s`);
  const line = `${label}: portal A showed it after ${ms(a)}, portal B after ${ms(b)}`;
  delays.push(line);
  say(`scale test: ${line}`);
  return atBound;
}

const boundMessage = (what: string, [a, b]: [boolean, boolean]) =>
  `${what} one second after the write's answer: portal A ${a ? "yes" : "NO"}, portal B ${b ? "yes" : "NO"} ` +
  `(the bound of issue 33: caches used only while a poll of the provider's change counter, sent < 750 ms ago, has ` +
  `succeeded; the delays are printed above)`;

// -------------------------------------------------------------------------------------------- the processes

// without PostgreSQL nothing can run: a failure (the message says how to give it one), unless SCALE_TEST_OPTIONAL=1
test.skipIf(TEST_DATABASE_URL || process.env.SCALE_TEST_OPTIONAL === "1")("PostgreSQL to run on", () => {
  expect.fail(NO_POSTGRES);
});

describe.skipIf(!TEST_DATABASE_URL)("two providers and two portals on one PostgreSQL database", () => {
  beforeAll(async () => {
    const database = await createScaleDatabase(TEST_DATABASE_URL!);
    dropDatabase = database.drop;
    db = new pg.Pool({ connectionString: database.url, max: 4 });
    cluster = await startCluster(database.url);
    [A, B] = cluster.portals.map((p) => p.url);
    say(
      `scale test: four processes ready after ${((performance.now() - startedAt) / 1000).toFixed(1)} s; logs in ${cluster.logDir}`,
    );
  });

  afterAll(async () => {
    const problems = cluster ? await cluster.stop() : [];
    await db?.end();
    await dropDatabase?.();
    for (const line of delays) say(`scale test: ${line}`);
    say(`scale test: ${((performance.now() - startedAt) / 1000).toFixed(1)} s in all`);
    if (failed || problems.length) say(`scale test: the processes' logs are in ${cluster?.logDir}`);
    else cluster?.removeFiles();
    // a process that would not stop gracefully is a failure of the suite too
    expect(problems, "the four processes stop gracefully on SIGTERM").toEqual([]);
  });

  // every failure names where the four processes' logs are
  const step = (name: string, fn: () => Promise<void>, timeout = 90_000) =>
    test(
      name,
      async () => {
        try {
          await fn();
        } catch (error) {
          failed = true;
          throw error;
        }
      },
      timeout,
    );

  step("providers started together on the empty database migrate once and seed once", async () => {
    const seeding = cluster.providers.flatMap((p) => logLinesWith(p, "empty database, seeding"));
    expect(seeding, "providers that seeded").toHaveLength(1);
    const twice = await db.query("select name from customers group by name having count(*) > 1");
    expect(twice.rows, "customers seeded twice").toEqual([]);
    const migrations = await db.query("select name from knex_migrations group by name having count(*) > 1");
    expect(migrations.rows, "migrations run twice").toEqual([]);
  });

  step("1. a session made on either portal works on both", async () => {
    for (const [made, other] of [
      [A, B],
      [B, A],
    ]) {
      const browser = new Browser(`requester via ${made}`);
      expect(signedIn(await logIn(browser, made, "requester@demo.test")), `signed in on ${made}`).toBe(true);
      const there = await browser.get(other, "/order-history");
      expect(there.redirects, `the session made on ${made}, used on ${other}`).toEqual([]);
      expect(signedIn(there), `signed in on ${other}`).toBe(true);
    }
  });

  // portal B's basket page right after a product was added on portal A (step 2 makes it, 2b reads its header)
  let basketAfterAdd: Page;

  step("2. a basket change on one portal is on the other at once", async () => {
    const browser = new Browser("buyer, basket");
    await logIn(browser, A, "buyer@demo.test", NORTHWIND);
    const [productId] = await orderableItems(1);
    const before = await browser.get(B, "/basket");
    expect(basketLines(before)).not.toContain(productId);
    await addToBasket(browser, A, productId);
    basketAfterAdd = await browser.get(B, "/basket");
    expect(basketLines(basketAfterAdd), "portal B's basket, the very next request").toContain(productId);
  });

  step("2b. … and the other portal's header counts the new line at once", async () => {
    const lines = basketLines(basketAfterAdd).length;
    expect(
      headerBasketCount(basketAfterAdd),
      `portal B's header "Basket N" on the same page that lists ${lines} lines of one each (the header reads the ` +
        `per-process session answer, the list the provider's basket)`,
    ).toBe(lines);
  });

  step("3. a business-unit switch on one portal: the other's next page shows the new unit and its basket", async () => {
    const browser = new Browser("buyer, two units");
    const [northwindItem, harbourItem] = (await orderableItems(3)).slice(1);
    await logIn(browser, A, "buyer@demo.test", HARBOUR);
    await addToBasket(browser, A, harbourItem);
    await chooseUnit(browser, B, NORTHWIND);
    await addToBasket(browser, B, northwindItem);
    // portal B has just served Northwind's pages to this session
    const before = await browser.get(B, "/basket");
    expect(headerUnit(before.html)).toBe(NORTHWIND);
    expect(basketLines(before)).toContain(northwindItem);

    await chooseUnit(browser, A, HARBOUR);
    const switched = performance.now();
    const next = await browser.get(B, "/basket");
    const shows = (page: Page) => ({
      header: headerUnit(page.html),
      harbourLine: basketLines(page).includes(harbourItem),
      northwindLine: basketLines(page).includes(northwindItem),
    });
    const seenNext = shows(next);
    let delay = performance.now() - switched;
    while (shows(await browser.get(B, "/basket")).header !== HARBOUR && delay < POLL_CAP_MS) {
      await sleep(POLL_MS);
      delay = performance.now() - switched;
    }
    const line = `business-unit switch on A: portal B's header showed ${HARBOUR} after ${(delay / 1000).toFixed(2)} s`;
    delays.push(line);
    say(`scale test: ${line}`);
    expect(
      seenNext,
      `portal B's next page after switching to ${HARBOUR} on portal A must show one unit, the new one, in the header ` +
        `and in the basket; it showed ${JSON.stringify(seenNext)} (the header followed after ${(delay / 1000).toFixed(2)} s)`,
    ).toEqual({ header: HARBOUR, harbourLine: true, northwindLine: false });
  });

  step("4a. an admin's permission grant is seen on both portals within 1 s", async () => {
    const user = new Browser("requester, granted reporting");
    await logIn(user, A, "requester@demo.test");
    // the user's session answer is now known to both portals; reporting is not theirs yet
    for (const portal of [A, B]) expect((await user.get(portal, "/reporting")).redirects).not.toEqual([]);
    const admin = new Browser("admin");
    await logIn(admin, B, "admin@demo.test", NORTHWIND);
    const { id } = await one<{ id: number }>("select id from users where email = $1", ["requester@demo.test"]);
    const { contact_id } = await one<{ contact_id: number }>(
      `select uc.contact_id from user_customers uc join customers c on c.id = uc.customer_id
        where uc.user_id = $1 and c.name = $2`,
      [id, NORTHWIND],
    );
    const page = await admin.get(B, `/admin/user/${id}`);
    const fields = formFields(page.html, `name="contactId" value="${contact_id}"`);
    const held = [fields.permissions ?? []].flat();
    expect(held).not.toContain("viewReporting");
    const saved = await admin.post(B, `/admin/user/${id}`, { ...fields, permissions: [...held, "viewReporting"] });
    expect(saved.html, "the admin's save").toContain(`Saved: ${NORTHWIND}`);

    const opensReporting = async (portal: string) => {
      const reporting = await user.get(portal, "/reporting");
      return reporting.redirects.length === 0 && reporting.html.includes("<h1>Reporting</h1>");
    };
    const atBound = await atTheBound("permission grant (viewReporting) on B", opensReporting);
    expect(atBound, boundMessage("/reporting opens for the user granted it", atBound)).toEqual([true, true]);
  });

  step(
    "4b. a category reorder is seen on both portals within 1 s",
    async () => {
      const customer = new Browser("requester, category menu");
      await logIn(customer, B, "requester@demo.test");
      const order = async (portal: string) =>
        navLinks((await customer.get(portal, "/categories/full/footwear")).html, "Categories").filter((n) =>
          ["Safety Boots", "Safety Trainers & Shoes"].includes(n),
        );
      // both portals hold the tree now
      for (const portal of [A, B]) expect(await order(portal)).toEqual(["Safety Boots", "Safety Trainers & Shoes"]);
      const admin = new Browser("admin");
      await logIn(admin, A, "admin@demo.test", NORTHWIND);
      const { id } = await one<{ id: number }>(
        "select id from categories where type = 'full' and customer_id is null and name = $1",
        ["Safety Trainers & Shoes"],
      );
      const moved = await admin.post(A, "/admin/category-manager", {
        intent: "move",
        categoryId: String(id),
        move: "up",
      });
      expect(moved.html, "the admin's move").toContain("moved up");

      const newOrder = async (portal: string) => (await order(portal))[0] === "Safety Trainers & Shoes";
      const atBound = await atTheBound("category reorder on A", newOrder);
      expect(atBound, boundMessage("the customers' category menu in the new order", atBound)).toEqual([true, true]);
    },
    150_000,
  );

  step(
    "4b2. a product taken out of a customer's my catalogue leaves the kept listing on both portals within 1 s",
    async () => {
      // the listing's item answers are kept per session until the change generation moves (decision 185)
      const customer = new Browser("requester, my catalogue");
      await logIn(customer, A, "requester@demo.test");
      const listing = async (portal: string) => (await customer.get(portal, "/categories/my")).html;
      const slug = /href="\/product\/([^"?#]+)"/.exec(await listing(A))?.[1];
      expect(slug, "a product on the first page of Northwind's my catalogue").toBeTruthy();
      const shows = async (portal: string) => (await listing(portal)).includes(`href="/product/${slug}"`);
      // both portals keep the listing now
      for (const portal of [A, B]) expect(await shows(portal)).toBe(true);
      const { item_id, customer_id } = await one<{ item_id: number; customer_id: number }>(
        `select i.id as item_id, c.id as customer_id from items i, customers c where i.slug = $1 and c.name = $2`,
        [decodeURIComponent(slug!), NORTHWIND],
      );
      const admin = new Browser("admin");
      await logIn(admin, B, "admin@demo.test", NORTHWIND);
      const removed = await admin.post(B, "/admin/my-catalogue", {
        intent: "remove",
        customerId: String(customer_id),
        itemId: String(item_id),
      });
      expect(removed.status, "the admin's removal").toBe(200);
      const atBound = await atTheBound("my-catalogue removal on B", async (portal) => !(await shows(portal)));
      expect(atBound, boundMessage("the customer's my catalogue without the product", atBound)).toEqual([true, true]);
    },
    150_000,
  );

  step(
    "4c. maintenance switched on and off is seen on both portals within 1 s",
    async () => {
      const customer = new Browser("requester, maintenance");
      await logIn(customer, A, "requester@demo.test");
      const shows = async (portal: string) => (await customer.get(portal, "/order-history")).path;
      for (const portal of [A, B]) expect(await shows(portal)).toBe("/order-history");
      const admin = new Browser("admin");
      await logIn(admin, B, "admin@demo.test", NORTHWIND);
      const on = await admin.post(B, "/admin/maintenance", { intent: "on", message: "Back soon (scale test)" });
      expect(on.status, "the admin's switch").toBe(200);
      const atBoundOn = await atTheBound("maintenance on (B)", async (p) =>
        (await shows(p)).startsWith("/maintenance"),
      );

      const off = await admin.post(B, "/admin/maintenance", { intent: "off", message: "Back soon (scale test)" });
      expect(off.status, "the admin's switch back").toBe(200);
      const atBoundOff = await atTheBound("maintenance off (B)", async (p) => (await shows(p)) === "/order-history");
      expect(atBoundOn, boundMessage("the maintenance page", atBoundOn)).toEqual([true, true]);
      expect(atBoundOff, boundMessage("the portal again after maintenance", atBoundOff)).toEqual([true, true]);
    },
    150_000,
  );

  step("5. four ERP pulls at once leave no duplicate code, every row written once", async () => {
    const products: FeedProduct[] = Array.from({ length: 40 }, (_, i) => {
      const code = `ZZ${500 + i}`;
      return {
        itemCode: code,
        displayName: `Scale Test Jacket ${500 + i}`,
        price: 20 + i,
        stock: 30,
        variants: ["S", "M", "L"].map((size) => ({
          itemCode: `${code}-BLK-${size}`,
          price: 20 + i,
          stock: 10,
          size,
          color: "Black",
        })),
      };
    });
    const records = products.length * 4;
    const admin = new Browser("admin, ERP");
    await logIn(admin, A, "admin@demo.test", NORTHWIND);
    const uploaded = await handFeedToProviders(admin, A, products);
    expect(uploaded.status, "the feed is uploaded through portal A").toBe(200);
    expect((await admin.get(B, "/admin/netsuite-pull")).html, "portal B names the uploaded feed").toContain(
      "scale-feed.json",
    );
    await admin.get(B, "/admin/netsuite-pull");
    const { last } = await one<{ last: number }>("select coalesce(max(id), 0) as last from erp_import_runs");
    const pulls = await Promise.all(
      [A, A, B, B].map((portal) => admin.post(portal, "/admin/netsuite-pull", {}, { follow: false })),
    );
    expect(
      pulls.map((p) => p.status),
      "each Pull now is queued",
    ).toEqual([303, 303, 303, 303]);
    const deadline = performance.now() + 60_000;
    let runs: Array<{
      id: number;
      status: string;
      created: number;
      updated: number;
      unchanged: number;
      errors: string;
      started_at: string | null;
      finished_at: string | null;
    }>;
    // every pull has been answered, so every run they queued exists: a pull made while one waited answered that run
    // (decision 155), so there are one to four of them
    for (;;) {
      ({ rows: runs } = await db.query(
        `select id, status, created, updated, unchanged, coalesce(errors_json, failure, '') as errors,
                started_at, finished_at
           from erp_import_runs where id > $1 order by id`,
        [last],
      ));
      if (runs.length > 0 && runs.every((r) => r.status === "succeeded" || r.status === "failed")) break;
      if (performance.now() > deadline) throw new Error(`the runs did not finish within 60 s: ${JSON.stringify(runs)}`);
      await sleep(200);
    }
    expect(runs.length, "four pulls at once queue one to four runs").toBeLessThanOrEqual(4);
    const line = `four ERP pulls at once: ${runs.length} runs, one after another, ${runs.reduce((n, r) => n + r.created, 0)} records created`;
    delays.push(line);
    say(`scale test: ${line}`);
    // one import at a time across both providers: each run started after the one before it finished
    const overlapping = runs.filter((r, i) => i > 0 && r.started_at! < runs[i - 1]!.finished_at!);
    expect(
      overlapping.map((r) => r.id),
      "runs that started before the one before them finished",
    ).toEqual([]);
    const codes = products.flatMap((p) => [p.itemCode, ...p.variants.map((v) => v.itemCode)]);
    const duplicates = await db.query(
      "select item_code, count(*)::int as n from items group by item_code having count(*) > 1 order by item_code",
    );
    const present = await db.query(
      "select item_code, count(*)::int as n from items where item_code = any($1) group by item_code",
      [codes],
    );
    const refused = runs.filter((r) => r.status !== "succeeded" || r.errors !== "[]");
    const found = {
      duplicateCodes: duplicates.rows.map((r: { item_code: string; n: number }) => `${r.item_code} ×${r.n}`),
      feedCodesPresent: present.rows.length,
      createdInAll: runs.reduce((sum, r) => sum + r.created, 0),
      runsWithErrors: refused.map((r) => `run ${r.id} ${r.status}: ${r.errors.slice(0, 300)}`),
    };
    expect(
      found,
      `four pulls at once (${runs.length} runs) of a feed of ${products.length} new products (${records} records) must leave every code ` +
        `once, each record created once and no row refused; found ${found.duplicateCodes.length} codes more than ` +
        `once (${found.duplicateCodes.slice(0, 4).join(", ")}…), ${found.createdInAll} records created, ` +
        `${refused.length} runs with errors (${found.runsWithErrors[0] ?? "none"})`,
    ).toEqual({ duplicateCodes: [], feedCodesPresent: records, createdInAll: records, runsWithErrors: [] });
  });

  step("6. report tasks run once each, both providers claiming", async () => {
    const colleagues = await inviteColleagues(24);
    const browsers = await Promise.all(
      colleagues.map(async (email, i) => {
        const browser = new Browser(email);
        await logIn(browser, i % 2 ? B : A, email);
        return browser;
      }),
    );
    const forms = await Promise.all(browsers.map((b, i) => b.get(i % 2 ? B : A, "/reporting")));
    const asked = await Promise.all(
      browsers.map((b, i) =>
        // the form as the page fills it, and a report chosen, as a person would
        b.post(
          i % 2 ? B : A,
          "/reporting?index",
          { ...formFields(forms[i].html, 'value="create"'), type: REPORTS[i % REPORTS.length] },
          { follow: false },
        ),
      ),
    );
    expect(
      asked.map((p) => p.status),
      "each report is asked for",
    ).toEqual(asked.map(() => 303));
    const deadline = performance.now() + 60_000;
    let tasks: Array<{ email: string; status: string; attempts: number; claimed_by: string }>;
    for (;;) {
      ({ rows: tasks } = await db.query(
        `select u.email, t.status, t.attempts, t.claimed_by from report_tasks t join users u on u.id = t.user_id
          where u.email = any($1) order by u.email`,
        [colleagues],
      ));
      if (tasks.length >= colleagues.length && tasks.every((t) => t.status === "success" || t.status === "failed"))
        break;
      if (performance.now() > deadline)
        throw new Error(`the reports did not finish within 60 s: ${JSON.stringify(tasks)}`);
      await sleep(200);
    }
    const byWorker = new Map<string, number>();
    for (const t of tasks) byWorker.set(t.claimed_by, (byWorker.get(t.claimed_by) ?? 0) + 1);
    say(`scale test: report tasks claimed per worker: ${[...byWorker.values()].join(" and ")}`);
    expect(
      tasks.filter((t) => t.status !== "success" || t.attempts !== 1),
      "tasks that did not run exactly once",
    ).toEqual([]);
    expect(tasks).toHaveLength(colleagues.length);
  });

  step("7. one basket posted to both checkouts at once makes one order", async () => {
    const browser = new Browser("buyer, checkout");
    await logIn(browser, B, "buyer@demo.test", HARBOUR);
    const [productId] = await orderableItems(1);
    await addToBasket(browser, B, productId);
    const checkout = await browser.get(A, "/checkout");
    expect(checkout.status, "the checkout page").toBe(200);
    const fields = formFields(checkout.html, 'name="idempotencyKey"');
    const count = async () =>
      Number(
        (
          await one<{ n: string }>(
            `select count(*) as n from orders o join users u on u.id = o.placed_by_user_id
              join customers c on c.id = o.customer_id where u.email = $1 and c.name = $2`,
            ["buyer@demo.test", HARBOUR],
          )
        ).n,
      );
    const before = await count();
    const placed = await Promise.all([A, B].map((portal) => browser.post(portal, "/checkout", fields)));
    const answers = placed.map((p) => `${p.status} ${p.path}`);
    expect(
      placed.every((p) => p.status < 500),
      `both answers: ${answers.join(", ")}`,
    ).toBe(true);
    expect(
      placed.some((p) => p.path.startsWith("/order-complete")),
      `one shows the order: ${answers.join(", ")}`,
    ).toBe(true);
    expect((await count()) - before, "orders made").toBe(1);
  });
});

/**
 * New colleagues of buyer@demo.test in Northwind who may ask for reports, through the provider's invitation API (as
 * the portal's Site users page does): invited, the e-mail's link read from the outbox by an admin, accepted. A report
 * asked for clears its asker's earlier finished ones, so each task here has an asker of its own and stays to be counted.
 */
async function inviteColleagues(count: number): Promise<string[]> {
  const api = cluster.providers[0].url + "/api";
  const call = async <T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(api + path, {
      method: init.body === undefined ? "GET" : "POST",
      headers: {
        "content-type": "application/json",
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const token = async (email: string) =>
    (await call<{ accessToken: string }>("/authentication", { body: { strategy: "local", email, password: PASSWORD } }))
      .accessToken;
  const [buyer, admin] = await Promise.all([token("buyer@demo.test"), token("admin@demo.test")]);
  const units = await call<{ customers: Array<{ name: string; contactId: string }> }>("/session", { token: buyer });
  const northwind = units.customers.find((c) => c.name === NORTHWIND)!;
  await call("/select-customer", { token: buyer, body: { contactId: northwind.contactId } });
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: count }, (_, i) => `scale.${stamp}.${i}@northwind.example`);
  for (const email of emails) {
    await call("/invitation", {
      token: buyer,
      body: { email, firstName: "Scale", lastName: "Tester", permissions: ["canViewFullCatalogue", "viewReporting"] },
    });
    const mail = await call<{ data: Array<{ body: string }> }>(
      `/outbox?to=${encodeURIComponent(email)}&kind=invitation&$limit=1`,
      { token: admin },
    );
    const link = mail.data[0]?.body.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no invitation e-mail to ${email}`);
    await call("/accept-invitation", { body: { token: new URL(link).searchParams.get("token"), password: PASSWORD } });
  }
  return emails;
}
