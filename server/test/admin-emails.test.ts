import { beforeAll, describe, expect, it } from "vitest";
import * as mailDelivery from "../db/migrations/019_mail_delivery";
import { parseProviderConfig } from "../config";
import { DEFAULT_MAIL_FROM } from "../services/mail-config";
import { escapeHtml, portalLink, renderMail } from "../services/mail-templates";
import { useProvider } from "./fixtures";

// Issue 32 item 1 (decision 147): the e-mails as the admin sees them (GET /api/admin/e-mail), "send again"
// (PATCH …/:id {sendAgain: true}), the e-mail settings and the templates. Who may call it: admin-guard.test.ts.

const ids: Record<string, number> = {};

const { p, tokens } = useProvider(
  {
    admin: "admin@demo.test",
  },
  { backgroundWork: false },
);
beforeAll(async () => {
  const row = (to: string, status: string, extra: object = {}) => ({
    to_email: to,
    kind: "reset",
    subject: "Reset your password",
    body: "text",
    created_at: "2026-11-20T10:00:00.000Z",
    status,
    ...extra,
  });
  for (const [name, values] of Object.entries({
    sent: row("sent@demo.test", "sent", { attempts: 1, sent_at: "2026-11-20T10:00:05.000Z" }),
    failed: row("failed@demo.test", "failed", {
      attempts: 8,
      last_error: "550 No such mailbox",
      failed_at: "2026-11-20T14:00:00.000Z",
    }),
    pending: row("pending@demo.test", "pending", {
      attempts: 2,
      last_error: "451 Busy",
      next_attempt_at: "2026-11-20T10:05:00.000Z",
    }),
    running: row("running@demo.test", "running", {
      attempts: 1,
      claimed_by: "host:1:abc",
      lease_until: "2026-11-20T10:02:00.000Z",
    }),
  })) {
    const [inserted] = await p.db("outbox").insert(values).returning("id");
    ids[name] = Number(typeof inserted === "object" ? inserted.id : inserted);
  }
});

const list = (query = "") => p.api("GET", `/api/admin/e-mail${query}`, { token: tokens.admin });

describe("GET /api/admin/e-mail", () => {
  it("lists every customer's e-mails newest first, with status, tries, last error and dates", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, limit: 20, skip: 0 });
    expect(res.body.data.map((m: any) => m.to)).toEqual([
      "running@demo.test",
      "pending@demo.test",
      "failed@demo.test",
      "sent@demo.test",
    ]);
    expect(res.body.data[1]).toEqual({
      id: String(ids.pending),
      to: "pending@demo.test",
      kind: "reset",
      subject: "Reset your password",
      status: "pending",
      tries: 2,
      lastError: "451 Busy",
      createdAt: "2026-11-20T10:00:00.000Z",
      nextAttemptAt: "2026-11-20T10:05:00.000Z",
      sentAt: null,
      failedAt: null,
    });
    expect(res.body.data[3]).toMatchObject({ status: "sent", sentAt: "2026-11-20T10:00:05.000Z", nextAttemptAt: null });
    expect(JSON.stringify(res.body)).not.toContain("host:1:abc");
  });

  it("filters by status and pages", async () => {
    expect((await list("?status=failed")).body).toMatchObject({ total: 1, data: [{ to: "failed@demo.test" }] });
    const page = await list("?$limit=2&$skip=2");
    expect(page.body).toMatchObject({ total: 4, limit: 2, skip: 2 });
    expect(page.body.data.map((m: any) => m.to)).toEqual(["failed@demo.test", "sent@demo.test"]);
  });

  it("refuses a bad status, a bad page or an unknown parameter with a 400 naming it", async () => {
    const status = await list("?status=lost");
    expect(status.status).toBe(400);
    expect(status.body.message).toBe('Invalid value at field "status": must be pending, running, sent or failed');
    expect((await list("?$limit=500")).status).toBe(400);
    const unknown = await list("?to=x");
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Invalid value at field "to": Unknown parameter');
  });
});

describe("PATCH /api/admin/e-mail/:id {sendAgain: true}", () => {
  const again = (id: unknown, body: unknown = { sendAgain: true }) =>
    p.api("PATCH", `/api/admin/e-mail/${id}`, { token: tokens.admin, body });

  it("puts a failed e-mail back in the queue, tries from 0, and audits it", async () => {
    const res = await again(ids.failed);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: String(ids.failed), status: "pending", tries: 0, failedAt: null });
    const audit = await p
      .db("audit_log")
      .where({ service: "admin/e-mail", record_id: String(ids.failed) })
      .first();
    expect(audit).toMatchObject({
      method: "patch",
      admin_user_id: 6,
      summary: `E-mail ${ids.failed} (reset) to be sent again`,
    });
    expect(JSON.parse(audit.before_json)).toEqual({ status: "failed", tries: 8, lastError: "550 No such mailbox" });
  });

  it("refuses what is not failed (409), what does not exist (404) and a bad body (400), writing nothing", async () => {
    const audits = async () => Number((await p.db("audit_log").count({ n: "*" }).first())!.n);
    const before = await audits();
    for (const name of ["sent", "pending", "running"]) {
      const res = await again(ids[name]);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Only a failed e-mail can be sent again");
    }
    expect((await again(999_999)).status).toBe(404);
    expect((await again("99999999999")).status).toBe(404);
    expect((await again("abc")).status).toBe(404);
    const body = await again(ids.sent, { sendAgain: "yes" });
    expect(body.status).toBe(400);
    expect(body.body.message).toBe('Invalid value at field "sendAgain": must be true');
    expect((await again(ids.sent, { sendAgain: true, to: "someone@else.test" })).status).toBe(400);
    expect(await audits()).toBe(before);
    expect(await p.db("outbox").where("id", ids.sent).first("status")).toEqual({ status: "sent" });
  });
});

// the provider's one configuration reads them (decision 152); their rules are mail-config.ts's
const mailConfig = (env: Record<string, string>) => parseProviderConfig(env).mail;

describe("the e-mail settings (SMTP_URL, MAIL_FROM)", () => {
  it("without SMTP_URL nothing is sent; MAIL_FROM has a default", () => {
    expect(mailConfig({})).toEqual({ smtpUrl: null, from: DEFAULT_MAIL_FROM });
    expect(mailConfig({ SMTP_URL: "  " })).toEqual({ smtpUrl: null, from: DEFAULT_MAIL_FROM });
  });

  it("reads an smtp:// or smtps:// URL and a sender", () => {
    expect(
      mailConfig({ SMTP_URL: "smtp://user:pass@mail.example.com:587", MAIL_FROM: "Workwear <orders@example.com>" }),
    ).toEqual({ smtpUrl: "smtp://user:pass@mail.example.com:587", from: "Workwear <orders@example.com>" });
    expect(mailConfig({ SMTP_URL: "smtps://mail.example.com", MAIL_FROM: "orders@example.com" }).smtpUrl).toBe(
      "smtps://mail.example.com",
    );
  });

  it("a bad value stops start-up naming the variable, never showing the URL's password", () => {
    const bad = () => mailConfig({ SMTP_URL: "http://user:hunter2-secret@mail.example.com", MAIL_FROM: "a@b.c" });
    expect(bad).toThrow(/^Invalid configuration: SMTP_URL: must be smtp:\/\//);
    expect(bad).not.toThrow(/hunter2/);
    expect(() => mailConfig({ SMTP_URL: "smtp://mail.example.com" })).toThrow(
      "Invalid configuration: MAIL_FROM: must be set when SMTP_URL is",
    );
    expect(() => mailConfig({ SMTP_URL: "smtp://mail.example.com", MAIL_FROM: "not an address" })).toThrow(
      /^Invalid configuration: MAIL_FROM: must be an e-mail address/,
    );
  });
});

describe("the templates: one per kind, a text and an HTML part", () => {
  it("escapes every value in the HTML part and keeps the text part as written", () => {
    const mail = renderMail("invitation", {
      from: 'Eve "<script>alert(1)</script>"',
      customer: "Smith & Sons <Ltd>",
      link: "https://portal.example.test/customer/invitation?token=a&b",
      again: true,
    });
    expect(mail.subject).toBe("You are invited to order for Smith & Sons <Ltd>");
    expect(mail.text).toBe(
      'Eve "<script>alert(1)</script>" sent you again an invitation to the Smith & Sons <Ltd> ordering portal. Accept within 7 days:\n' +
        "https://portal.example.test/customer/invitation?token=a&b\nThe link in any earlier invitation no longer works.",
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Eve &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;");
    expect(mail.html).toContain("<title>You are invited to order for Smith &amp; Sons &lt;Ltd&gt;</title>");
    expect(mail.html).toContain(
      '<a href="https://portal.example.test/customer/invitation?token=a&amp;b">https://portal.example.test/customer/invitation?token=a&amp;b</a>',
    );
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
  });

  it("links are absolute, one slash after the portal's address", () => {
    expect(portalLink("https://portal.example.test///", "/order-history/4")).toBe(
      "https://portal.example.test/order-history/4",
    );
    expect(portalLink("https://portal.example.test", "customer/reset-password/x")).toBe(
      "https://portal.example.test/customer/reset-password/x",
    );
  });
});

describe("migration 019", () => {
  // last in this file: it takes the columns away and back
  it("rows written before e-mail delivery existed were never sent: they become failed, saying so", async () => {
    await mailDelivery.down(p.db);
    await p.db("outbox").insert({
      to_email: "old@demo.test",
      kind: "reset",
      subject: "Reset your password",
      body: "text",
      created_at: "2026-01-01T00:00:00.000Z",
    });
    await mailDelivery.up(p.db);
    const row = await p.db("outbox").where("to_email", "old@demo.test").first();
    expect(row).toMatchObject({ status: "failed", attempts: 0, last_error: mailDelivery.NEVER_SENT, html: null });
    expect(row.failed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
