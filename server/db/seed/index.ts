import type { Knex } from "knex";
import { buildCatalogue } from "./catalogue-rows";
import { buildContent } from "./content";
import { resetSequences } from "../knex";
import { insertAll } from "./insert";
import { generateOrders, newOrderIds } from "./orders";
import { CUSTOMERS, DEMO_PASSWORD } from "./organisations";
import { hashPassword } from "../../auth/password";
import { buildPeople } from "./people-rows";
import { DEMO_SEED, createRng } from "./prng";
import { seedPunchout } from "./punchout";
import { buildWearerPacks } from "./wearers";
import { refreshSearch } from "../../services/item-search";
import type { CustomerKey } from "./catalogue";
import type { SellableItem } from "./catalogue-rows";
import type { Row } from "./insert";
import type { Person } from "./people-rows";

export type SeedScale = "demo" | "large";

export interface SeedOptions {
  scale: SeedScale;
  log?: (message: string) => void;
}

/** How much to build. `seed` picks one by scale; tests pass small ones to exercise the large path. */
export interface SeedPlan {
  /** at least this many items (parents + variants); the demo catalogue alone is ~700 */
  items: number;
  orders: Record<CustomerKey, number>;
  /** orders generated and inserted per transaction */
  chunk: number;
}

/** "Now" for the seeded data: fixed so that two runs give identical databases. */
export const ANCHOR_DATE = "2026-11-20T18:00:00.000Z";

const demoOrders = Object.fromEntries(CUSTOMERS.map((c) => [c.key, c.demoOrders])) as Record<CustomerKey, number>;

export const PLANS: Record<SeedScale, SeedPlan> = {
  demo: { items: 0, orders: demoOrders, chunk: 1_000 },
  large: { items: 20_500, orders: { northwind: 90_000, harbour: 70_000, apex: 42_000 }, chunk: 5_000 },
};

/**
 * Per wearer of a customer, the sellable items they are entitled to (their grade's and their own entitlements, a
 * variant with its parent; decision 096), worked out once per wearer.
 */
function entitledItemsOf(
  customerId: number,
  items: SellableItem[],
  contacts: Row[],
  entitlements: Row[],
): (wearer: Person) => SellableItem[] {
  const mine = entitlements.filter((e) => e.customer_id === customerId);
  const gradeOf = new Map(
    contacts
      .filter((c) => c.customer_id === customerId)
      .map((c) => [Number(c.id), c.grade == null ? null : String(c.grade)]),
  );
  const cache = new Map<number, SellableItem[]>();
  return (wearer) => {
    let range = cache.get(wearer.contactId);
    if (!range) {
      const grade = gradeOf.get(wearer.contactId) ?? null;
      const allowed = new Set(
        mine
          .filter((e) => (grade !== null && e.grade === grade) || e.contact_id === wearer.contactId)
          .map((e) => Number(e.item_id)),
      );
      range = items.filter((i) => allowed.has(i.id) || allowed.has(i.parentId));
      cache.set(wearer.contactId, range);
    }
    return range;
  };
}

/** Fills a freshly migrated, empty database with the deterministic demo data. */
export async function seed(db: Knex, options: SeedOptions): Promise<void> {
  await seedWithPlan(db, PLANS[options.scale], options.log);
}

export async function seedWithPlan(db: Knex, plan: SeedPlan, log: (message: string) => void = () => {}): Promise<void> {
  await withBulkLoadPragmas(db, () => fill(db, plan, log));
}

/**
 * SQLite: no fsync per commit and a 64 MB page cache while bulk loading a fresh database (a crash means
 * seeding again anyway); the connection's own settings come back afterwards.
 */
async function withBulkLoadPragmas(db: Knex, load: () => Promise<void>): Promise<void> {
  if (db.client.config.client !== "better-sqlite3") return load();
  const [{ synchronous }] = await db.raw("pragma synchronous");
  const [{ cache_size }] = await db.raw("pragma cache_size");
  await db.raw("pragma synchronous = OFF");
  await db.raw("pragma cache_size = -65536");
  try {
    await load();
  } finally {
    await db.raw(`pragma synchronous = ${Number(synchronous)}`);
    await db.raw(`pragma cache_size = ${Number(cache_size)}`);
  }
}

async function fill(db: Knex, plan: SeedPlan, log: (message: string) => void): Promise<void> {
  const started = Date.now();
  const rng = createRng(DEMO_SEED);
  const anchorMs = Date.parse(ANCHOR_DATE);
  const created = new Date(anchorMs - 600 * 86_400_000).toISOString();

  const people = buildPeople({
    rng: rng.fork("people"),
    created,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    anchorDate: ANCHOR_DATE,
  });
  const catalogue = buildCatalogue({ targetItems: plan.items, rng: rng.fork("catalogue"), created });
  const parentIds = new Map(
    catalogue.tables.items.filter((i) => i.parent_id == null).map((i) => [String(i.item_code), Number(i.id)]),
  );
  const wearerPacks = buildWearerPacks({
    contacts: people.tables.contacts,
    budgets: people.tables.contact_budgets,
    itemIdOf: (code) => parentIds.get(code),
    anchorDate: ANCHOR_DATE,
  });
  people.tables.contact_budgets = wearerPacks.contact_budgets;
  await db.transaction(async (trx) => {
    await insertAll(trx, people.tables);
    await insertAll(trx, catalogue.tables);
    await insertAll(trx, { entitlements: wearerPacks.entitlements });
  });
  log(`seed: ${catalogue.itemCount} items, ${people.tables.contacts.length} contacts (${Date.now() - started} ms)`);
  // the products' search documents now, not on the first search (decision 159)
  const indexed = await refreshSearch(db);
  log(`seed: ${indexed} products indexed for search (${Date.now() - started} ms)`);

  const ids = newOrderIds();
  for (const customer of CUSTOMERS) {
    const orderRng = rng.fork(`orders:${customer.key}`);
    const items = catalogue.sellable[customer.key];
    const entitledItems = entitledItemsOf(customer.id, items, people.tables.contacts, wearerPacks.entitlements);
    const batches = generateOrders(
      {
        ctx: people.contexts[customer.key],
        items,
        count: plan.orders[customer.key],
        anchorMs,
        maxAwaitingApproval: 8,
        entitledItems,
      },
      orderRng,
      ids,
      plan.chunk,
    );
    for (const batch of batches) await db.transaction((trx) => insertAll(trx, batch));
    log(`seed: ${customer.name}: ${plan.orders[customer.key]} orders (${Date.now() - started} ms)`);
  }

  await db.transaction((trx) =>
    insertAll(trx, buildContent({ anchorMs, contexts: people.contexts, sellable: catalogue.sellable })),
  );
  await db.transaction((trx) => seedPunchout(trx, people.contexts.apex, created));
  await resetSequences(db);
  log(
    `seed: done – ${ids.order - 1} orders, ${ids.line - 1} order lines, ${ids.despatch - 1} despatches in ${Date.now() - started} ms`,
  );
}
