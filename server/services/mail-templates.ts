import type { Knex } from "knex";

/**
 * The e-mails the provider sends (issue 32 item 1, decision 148): one template per kind gives the subject and the
 * lines of the message; both parts are drawn from those lines, so the plain text and the HTML always say the same.
 * A line is text and links; links are absolute (PORTAL_URL). Every value is escaped in the HTML part.
 */

/** A piece of a line: text, or an absolute link shown as its address. */
type Piece = string | { href: string };
type Line = Piece[];

interface Message {
  subject: string;
  lines: Line[];
}

/** An absolute portal address: the portal's base (PORTAL_URL, trailing slashes dropped) and a path. */
export function portalLink(portalUrl: string, path: string): string {
  return `${portalUrl.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

const TEMPLATES = {
  reset: (d: { email: string; link: string }): Message => ({
    subject: "Reset your password",
    lines: [
      [`Someone asked to reset the password of ${d.email}. Choose a new one within an hour:`],
      [{ href: d.link }],
      ["If it was not you, ignore this e-mail."],
    ],
  }),
  invitation: (d: { from: string; customer: string; link: string; again: boolean }): Message => ({
    subject: `You are invited to order for ${d.customer}`,
    lines: [
      [
        `${d.from} ${d.again ? "sent you again an invitation" : "invited you"} to the ${d.customer} ordering portal. Accept within 7 days:`,
      ],
      [{ href: d.link }],
      ...(d.again ? [["The link in any earlier invitation no longer works."]] : []),
    ],
  }),
  approval: (d: { who: string; tranId: string; link: string }): Message => ({
    subject: `Order ${d.tranId} awaits your approval`,
    lines: [[`${d.who} placed order ${d.tranId}. Review it at `, { href: d.link }]],
  }),
  decision: (d: { tranId: string; approved: boolean; note?: string; link: string }): Message => ({
    subject: `Order ${d.tranId} ${d.approved ? "approved" : "rejected"}`,
    lines: [
      ...(d.approved
        ? [
            [`Your order ${d.tranId} has been approved and goes to the warehouse.`],
            ...(d.note ? [[`Picking note: ${d.note}`]] : []),
          ]
        : [[`Your order ${d.tranId} has been rejected.`], [`Reason: ${d.note ?? ""}`]]),
      ["See the order at ", { href: d.link }],
    ],
  }),
} satisfies Record<string, (data: any) => Message>;

export type MailKind = keyof typeof TEMPLATES;

export interface RenderedMail {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const textOf = (line: Line) => line.map((p) => (typeof p === "string" ? p : p.href)).join("");
const htmlOf = (line: Line) =>
  line
    .map((p) => (typeof p === "string" ? escapeHtml(p) : `<a href="${escapeHtml(p.href)}">${escapeHtml(p.href)}</a>`))
    .join("");

/** One kind's e-mail from its data: the subject, the plain-text part and the HTML part. */
export function renderMail<K extends MailKind>(kind: K, data: Parameters<(typeof TEMPLATES)[K]>[0]): RenderedMail {
  const message = (TEMPLATES[kind] as (d: typeof data) => Message)(data);
  const html = [
    "<!doctype html>",
    '<html lang="en-GB">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(message.subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...message.lines.map((line) => `<p>${htmlOf(line)}</p>`),
    "</body>",
    "</html>",
  ].join("\n");
  return { kind, subject: message.subject, text: message.lines.map(textOf).join("\n"), html };
}

/**
 * Writes e-mails to the outbox, to be sent by the mail relay (decision 147). Call it in the transaction of what
 * the e-mail tells, so the e-mail exists exactly when its cause does.
 */
export async function writeMail(db: Knex, now: Date, to: string | string[], mail: RenderedMail): Promise<void> {
  const rows = (Array.isArray(to) ? to : [to]).map((address) => ({
    to_email: address,
    kind: mail.kind,
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
    created_at: now.toISOString(),
  }));
  if (rows.length) await db("outbox").insert(rows);
}
