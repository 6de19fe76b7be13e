// Password resets, invitations and the outbox, one file per concern (decision 175):
//   tokens.ts single-use links
//   password-reset.ts
//   invitations.ts
//   accept-invitation.ts
//   outbox.ts
export { AcceptInvitationService } from "./accept-invitation";
export { InvitationService } from "./invitations";
export { outboxService } from "./outbox";
export { mailResetLink, PasswordResetService } from "./password-reset";
export { type MailCtx } from "./tokens";
