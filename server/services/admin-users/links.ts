/** /api/admin/password-reset and /api/admin/invitation: the links an admin sends. */
import { BadRequest, Conflict } from "@feathersjs/errors";
import { z } from "zod";
import { type Caller } from "../../auth/caller";
import { writeAudit } from "../admin-audit";
import {
  fieldErrors,
  idInput,
  parseBody,
  permissionsInput,
  adminWrite,
  requireAdmin,
  requireCustomerRow,
  requireUserRow,
  type AdminCtx,
} from "../admin-common";
import type { ProviderParams } from "../base";
import { InvitationService, mailResetLink } from "../recovery";

const resetBody = z.object({ userId: idInput }).strict();

/** POST /api/admin/password-reset {userId}: the recovery flow's e-mail, with no rate limit. */
export class AdminPasswordResetService {
  constructor(private ctx: AdminCtx) {}

  async create(data: unknown, params: ProviderParams) {
    const { caller, db, now } = adminWrite(this.ctx, params);
    const input = parseBody(resetBody, data);
    const user = await requireUserRow(db, input.userId);
    if (user.is_inactive) throw new Conflict("This user is inactive: reactivate them first");
    await db.transaction(async (trx) => {
      await mailResetLink(trx, this.ctx.portalUrl, user, now);
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: user.id,
        service: "admin/password-reset",
        method: "create",
        recordId: user.id,
        summary: `Sent a password reset to ${user.email}`,
      });
    });
    return { sent: true, email: user.email };
  }
}

const inviteBody = z
  .object({
    customerId: idInput,
    email: z
      .string({ required_error: "required", invalid_type_error: "must be an e-mail address" })
      .trim()
      .toLowerCase()
      .max(320, "at most 320 characters")
      .email("must be an e-mail address"),
    firstName: z
      .string({ required_error: "required", invalid_type_error: "must be text" })
      .trim()
      .min(1, "required")
      .max(100, "at most 100 characters"),
    lastName: z
      .string({ required_error: "required", invalid_type_error: "must be text" })
      .trim()
      .min(1, "required")
      .max(100, "at most 100 characters"),
    permissions: permissionsInput.optional(),
    isApprover: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
    needsApproval: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
  })
  .strict();

/** POST /api/admin/invitation: the invitation flow (decision 112) for any customer, any SPEC §6 permissions. */
export class AdminInvitationService {
  constructor(
    private ctx: AdminCtx,
    private invitations: InvitationService,
  ) {}

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const { customerId, ...invitation } = parseBody(inviteBody, data);
    const { db } = this.ctx;
    const customer = await requireCustomerRow(db, customerId);
    const asInviter: Caller = { ...caller, customerId: customer.id, contactId: null, isEvolveUser: true };
    let sent: { email: string; expiresAt: string };
    try {
      sent = await this.invitations.create(invitation, { ...params, query: {}, caller: asInviter });
    } catch (error) {
      const field = (error as BadRequest)?.data?.field;
      if (error instanceof BadRequest && typeof field === "string") {
        throw fieldErrors({ [field]: error.message.replace(/^Invalid value at field "[^"]*": /, "") });
      }
      throw error;
    }
    await writeAudit(db, this.ctx.now(), {
      adminUserId: caller.userId,
      customerId: customer.id,
      service: "admin/invitation",
      method: "create",
      recordId: sent.email,
      summary: `Invited ${sent.email} to ${customer.name}`,
      after: {
        email: sent.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        permissions: invitation.permissions ?? null,
        isApprover: !!invitation.isApprover,
        needsApproval: !!invitation.needsApproval,
      },
    });
    return { ...sent, customer: { id: String(customer.id), name: customer.name } };
  }
}
