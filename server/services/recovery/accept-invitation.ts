/** /api/accept-invitation: an invitation taken up. */
import { Gone } from "@feathersjs/errors";
import { z } from "zod";
import { hashPassword } from "../../auth/password";
import { bodyOf } from "../base";
import { parseOr400 } from "../basket-session";
import { liveToken, password, useToken, type MailCtx } from "./tokens";

/** /api/accept-invitation (public): GET /:token describes it; POST {token, password} creates or links the user. */
export class AcceptInvitationService {
  constructor(private ctx: MailCtx) {}

  async get(token: unknown) {
    const row = await liveToken(this.ctx.db, this.ctx.now(), "invitation", String(token));
    const [customer, contact] = await Promise.all([
      this.ctx.db("customers").where("id", row.customer_id).first("name"),
      this.ctx.db("contacts").where("id", row.contact_id).first("first_name", "last_name"),
    ]);
    return {
      valid: true,
      email: row.email,
      customer: { name: customer?.name },
      firstName: contact?.first_name,
      lastName: contact?.last_name,
      expiresAt: row.expires_at,
    };
  }

  async create(data: unknown) {
    const input = parseOr400(z.object({ token: z.string().min(1).max(200), password }).strict(), bodyOf(data));
    const { db } = this.ctx;
    const now = this.ctx.now();
    const row = await liveToken(db, now, "invitation", input.token);
    const grant = JSON.parse(row.permissions_json ?? "{}");
    const hash = await hashPassword(input.password);
    const contact = await db("contacts").where("id", row.contact_id).first();
    await db.transaction(async (trx) => {
      if (!(await useToken(trx, row, now))) throw new Gone("This link is no longer valid");
      let user = await trx("users").whereRaw("lower(email) = ?", [row.email]).first("id");
      if (!user) {
        const [inserted] = await trx("users")
          .insert({
            email: row.email,
            password_hash: hash,
            first_name: contact?.first_name ?? "",
            last_name: contact?.last_name ?? "",
            created_at: now.toISOString(),
          })
          .returning("id");
        user = { id: typeof inserted === "object" ? inserted.id : inserted };
      }
      await trx("user_customers").insert({
        user_id: user.id,
        customer_id: row.customer_id,
        contact_id: row.contact_id,
        permissions_json: JSON.stringify(grant.permissions ?? []),
        is_approver: !!grant.isApprover,
        needs_approval: !!grant.needsApproval,
      });
    });
    return { accepted: true, email: row.email };
  }
}
