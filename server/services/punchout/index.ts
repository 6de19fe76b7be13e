// Punchout in the provider (issues 16, decisions 107 and 110), one file per concern (decision 175):
//   register.ts          the services' registration and the public ones (register.ts's header says what each does)
//   schemas.ts           what the portal sends, parsed
//   credentials.ts       the shared secret, the credential check, the log-in limits
//   setup.ts, start.ts   setup / OCI log-in, the start token redeemed, the session
//   items.ts             the auxiliary id, ItemOut lines, a line's catalogue facts
//   transfer.ts          transfer and cancel; transfers-list.ts the list
//   transfer-session.ts  the caller's punchout session (read by start.ts too) and the transfer's lines
//   order-request.ts     the cXML OrderRequest
export { hashSecret } from "./credentials";
export { PUNCHOUT_PUBLIC_SERVICES, registerPunchout } from "./register";
