import type { Middleware } from "@feathersjs/koa";
import type { Knex } from "knex";
import { CHANGE_GENERATION_HEADER, CHANGES_PATH } from "../app/domain/operations";
import { isPostgres } from "./db/knex";
import { logger } from "./log";

// The change generation (decision 157): a number that every committed write moves on. Portal processes poll it and
// serve what they keep in memory only while it stands still; a write's answer carries the generation after it, so the
// writer's next request, on whichever portal process, waits until that process has seen it.

/** Moves the generation on after a committed write, and answers the new one. */
export async function bumpChangeGeneration(db: Knex): Promise<number> {
  if (isPostgres(db)) {
    const rows = (await db.raw("select nextval('change_generation') as value")) as { rows: Array<{ value: number }> };
    return Number(rows.rows[0]!.value);
  }
  const [row] = (await db("change_generation").where("id", 1).increment("value", 1).returning("value")) as Array<{
    value: number;
  }>;
  return Number(row!.value);
}

/** The generation now: how many writes have been committed (0 before the first). */
export async function changeGeneration(db: Knex): Promise<number> {
  if (isPostgres(db)) {
    const rows = (await db.raw("select last_value, is_called from change_generation")) as {
      rows: Array<{ last_value: number; is_called: boolean }>;
    };
    const row = rows.rows[0]!;
    return row.is_called ? Number(row.last_value) : 0;
  }
  const row = (await db("change_generation").where("id", 1).first("value")) as { value: number } | undefined;
  return Number(row?.value ?? 0);
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Before the services: GET /api/changes answers the generation (no session: it is a count and nothing else); every
 * other method's answer, once the services have answered (their transactions committed), moves the generation on and
 * names the new one in X-Change-Generation. A bump that fails (the database gone after the write) is logged and the
 * answer goes out without the header: portals then hold what they kept until the next write or their caches' own
 * lifetimes (5 s for sessions).
 */
export function changeRoutes(db: Knex): Middleware {
  return async (ctx, next) => {
    if (ctx.path === CHANGES_PATH && (ctx.method === "GET" || ctx.method === "HEAD")) {
      ctx.state.route = "changes";
      ctx.set("Cache-Control", "no-store");
      ctx.body = { generation: await changeGeneration(db) };
      return;
    }
    await next();
    if (SAFE.has(ctx.method)) return;
    try {
      ctx.set(CHANGE_GENERATION_HEADER, String(await bumpChangeGeneration(db)));
    } catch (error) {
      logger.error({ reqId: ctx.state.requestId, err: error }, "could not move the change generation on");
    }
  };
}
