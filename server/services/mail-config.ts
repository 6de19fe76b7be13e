import { z } from "zod";

/**
 * The provider's e-mail settings (issue 32 item 1, decision 147): SMTP_URL (unset: nothing is sent, the outbox only
 * fills) and MAIL_FROM (the sender; needed once SMTP_URL is set). `mailEnvSchema` is their part of the provider's one
 * configuration schema (server/config.ts, decision 152).
 */
export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465; null: no sending */
  smtpUrl: string | null;
  /** The From of every e-mail: an address, or "Name <address>" */
  from: string;
}

export const DEFAULT_MAIL_FROM = "Workwear portal <no-reply@localhost>";
/** No SMTP server: nothing is sent. */
export const NO_MAIL: MailConfig = { smtpUrl: null, from: DEFAULT_MAIL_FROM };

const FROM = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

function smtpUrlOk(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

// the messages never repeat SMTP_URL's value: it holds the SMTP password
export const mailEnvSchema = z
  .object({
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || smtpUrlOk(v), {
        message:
          "must be smtp://[user:password@]host[:port] or smtps://… (the value is not shown: it may hold a password)",
      }),
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || FROM.test(v), {
        message: 'must be an e-mail address or "Name <address>"',
      }),
  })
  .superRefine((v, ctx) => {
    if (v.SMTP_URL && !v.MAIL_FROM)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["MAIL_FROM"], message: "must be set when SMTP_URL is" });
  })
  .transform((v): MailConfig => ({ smtpUrl: v.SMTP_URL ?? null, from: v.MAIL_FROM ?? DEFAULT_MAIL_FROM }));
