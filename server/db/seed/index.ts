import type { Knex } from "knex";

export type SeedScale = "demo" | "large";

export interface SeedOptions {
  scale: SeedScale;
  log?: (message: string) => void;
}

/** Fills a freshly migrated, empty database with the deterministic demo data. */
export async function seed(_db: Knex, _options: SeedOptions): Promise<void> {
  throw new Error("seed: not written yet (owned by the seed work)");
}
