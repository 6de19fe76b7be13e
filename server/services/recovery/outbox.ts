import { Forbidden } from "@feathersjs/errors";
import { ListService, type Ctx, type ListDef } from "../base";

/** GET /api/outbox (evolve users only): e-mails the provider "sent", newest first. */
export function outboxDef(): ListDef<unknown> {
  return {
    what: "E-mail",
    idColumn: "outbox.id",
    spec: {
      fields: {
        id: { type: "int", column: "outbox.id", sortable: true },
        to: { type: "string", column: "outbox.to_email" },
        kind: { type: "string", column: "outbox.kind" },
        createdAt: { type: "date", column: "outbox.created_at", sortable: true },
      },
      defaultSort: [["outbox.id", "desc"]],
    },
    base: (ctx, caller) => {
      if (!caller.isEvolveUser) throw new Forbidden("Only provider staff may read the outbox");
      return ctx.db("outbox");
    },
    select: (qb) => qb.select("*"),
    map: (_ctx, rows) =>
      rows.map((r) => ({
        id: r.id,
        to: r.to_email,
        kind: r.kind,
        subject: r.subject,
        body: r.body,
        createdAt: r.created_at,
      })),
  };
}

export const outboxService = (ctx: Ctx) => new ListService(ctx, outboxDef());
