import type { Knex } from "knex";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseProviderConfig } from "../config";
import { MAIL_TRIES, MailRelay, mailQueueStats, retryWaitMs } from "../services/mail-relay";
import { startTestProvider, useProvider } from "./fixtures";
import { startSmtp, type TestSmtp } from "./smtp-fixture";

// Issue 32 item 1 (decision 147): the outbox is sent over SMTP by a relay, to a real SMTP server started here. Each
// e-mail's link is then followed as the portal follows it, through the provider's API.

const PORTAL = "https://portal.example.test/";
const FROM = "Workwear portal <portal@example.test>";

let smtp: TestSmtp;
const ctx = () => ({ db: p.db, now: () => p.clock.now });
const relayOf = (db: Knex = p.db, opts: Partial<ConstructorParameters<typeof MailRelay>[2]> = {}) =>
  new MailRelay({ db, now: () => p.clock.now }, { smtpUrl: smtp.url, from: FROM }, { log: () => {}, ...opts });

beforeAll(async () => {
  smtp = await startSmtp();
});
// SMTP configured but this process's relay switched off: only the relays the tests make send (exact counts below)
const { p } = useProvider({}, () => ({
  portalUrl: PORTAL,
  mail: { smtpUrl: smtp.url, from: FROM },
  backgroundWork: false,
}));
afterAll(async () => smtp?.close());
afterEach(async () => {
  smtp.refuseWith = null;
  smtp.delayMs = 0;
  smtp.received.length = 0;
  // every test starts with an empty queue: what earlier tests left is set aside as sent
  await p.db("outbox").whereIn("status", ["pending", "running"]).update({ status: "sent" });
});

/** Runs the relay until the queue has nothing due; how many it handled. */
async function drain(relay: MailRelay): Promise<number> {
  let n = 0;
  while (await relay.runOnce()) n++;
  return n;
}

const linkIn = (text: string) => /https:\/\/portal\.example\.test\/\S+/.exec(text)?.[0] ?? "";

describe("the mail relay sends the outbox over SMTP", () => {
  it("a reset e-mail arrives with a text and an HTML part, and its link resets the password", async () => {
    await p.api("POST", "/api/password-reset", { body: { email: "punchout@demo.test" } });
    expect(await drain(relayOf())).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(["punchout@demo.test"]);
    expect(mail.from).toBe("portal@example.test");
    expect(mail.subject).toBe("Reset your password");
    const link = linkIn(mail.text);
    expect(link).toMatch(/^https:\/\/portal\.example\.test\/customer\/reset-password\/[A-Za-z0-9_-]+$/);
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.html).toContain("Someone asked to reset the password of punchout@demo.test.");
    // the portal's reset page: it checks the link, then sets the password with it
    const token = new URL(link).pathname.split("/").pop()!;
    expect((await p.api("GET", `/api/password-reset/${token}`)).body).toMatchObject({ valid: true });
    const reset = await p.api("POST", "/api/password-reset", { body: { token, password: "a-new-long-password" } });
    expect(reset.body).toEqual({ reset: true });
    await p.login("punchout@demo.test", "a-new-long-password");
    const row = await p.db("outbox").where("to_email", "punchout@demo.test").orderBy("id", "desc").first();
    expect(row).toMatchObject({ status: "sent", attempts: 1, last_error: null, lease_until: null });
    expect(row.sent_at).toBe(p.clock.now.toISOString());
  });

  it("an invitation arrives and its link lets the invitee accept and log in", async () => {
    const buyer = await p.login("buyer@demo.test");
    await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
    const invited = await p.api("POST", "/api/invitation", {
      token: buyer,
      body: { email: "new.starter@relay.test", firstName: "New", lastName: "Starter" },
    });
    expect(invited.status).toBe(201);
    expect(await drain(relayOf())).toBe(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(["new.starter@relay.test"]);
    expect(mail.subject).toBe("You are invited to order for Northwind Facilities");
    const link = linkIn(mail.text);
    expect(link).toMatch(/^https:\/\/portal\.example\.test\/customer\/invitation\?token=[A-Za-z0-9_-]+$/);
    expect(mail.html).toContain(`<a href="${link.replace(/&/g, "&amp;")}">`);
    const token = new URL(link).searchParams.get("token")!;
    expect((await p.api("GET", `/api/accept-invitation/${token}`)).body).toMatchObject({
      valid: true,
      email: "new.starter@relay.test",
    });
    const accepted = await p.api("POST", "/api/accept-invitation", { body: { token, password: "starter-password" } });
    expect(accepted.body).toEqual({ accepted: true, email: "new.starter@relay.test" });
    await p.login("new.starter@relay.test", "starter-password");
  });

  it("an approval request reaches the approver and the decision reaches the requester, each linking to the order", async () => {
    const requester = await p.login("requester@demo.test");
    const placed = await p.api("POST", "/api/order", {
      token: requester,
      body: { orderType: "standard", items: [{ internalId: "20002", qty: 1 }], addressId: "701" },
    });
    expect(placed.body.pendingWebApproval).toBe(true);
    const { internalId, tranId } = placed.body;
    expect(await drain(relayOf())).toBe(1);
    expect(smtp.received.map((m) => [m.to[0], m.subject])).toEqual([
      ["approver@demo.test", `Order ${tranId} awaits your approval`],
    ]);
    expect(linkIn(smtp.received[0].text)).toBe(`https://portal.example.test/order-to-approve/${internalId}`);
    const approver = await p.login("approver@demo.test");
    expect((await p.api("GET", `/api/order/${internalId}`, { token: approver })).status).toBe(200);
    const decided = await p.api("PATCH", `/api/order/${internalId}`, {
      token: approver,
      body: { decision: "reject", note: "Use the <b>framework</b> polo & cap" },
    });
    expect(decided.status).toBe(200);
    expect(await drain(relayOf())).toBe(1);
    const decision = smtp.received[1];
    expect([decision.to[0], decision.subject]).toEqual(["requester@demo.test", `Order ${tranId} rejected`]);
    expect(decision.text).toContain("Reason: Use the <b>framework</b> polo & cap");
    expect(decision.html).toContain("Reason: Use the &lt;b&gt;framework&lt;/b&gt; polo &amp; cap");
    expect(linkIn(decision.text)).toBe(`https://portal.example.test/order-history/${internalId}`);
  });

  it("logs in over STARTTLS when the server offers it and asks for a password", async () => {
    const secured = await startSmtp({ auth: { user: "relay", pass: "s3cret-pass" } });
    try {
      await p.api("POST", "/api/password-reset", { body: { email: "approver@demo.test" } });
      const relay = new MailRelay(ctx(), { smtpUrl: secured.url, from: FROM }, { log: () => {} });
      expect(await drain(relay)).toBe(1);
      expect(secured.received.map((m) => m.to)).toEqual([["approver@demo.test"]]);
      const wrong = new MailRelay(
        ctx(),
        { smtpUrl: secured.url.replace("s3cret-pass", "wrong-pass"), from: FROM },
        { log: () => {} },
      );
      await p.api("POST", "/api/password-reset", { body: { email: "approver@demo.test" } });
      expect(await drain(wrong)).toBe(1);
      const row = await p.db("outbox").where("to_email", "approver@demo.test").orderBy("id", "desc").first();
      expect(row.status).toBe("pending");
      expect(row.last_error).toContain("535");
      expect(row.last_error).not.toContain("wrong-pass");
    } finally {
      await secured.close();
    }
  });
});

describe("refusals are tried again with growing waits, then the message fails with the server's answer", () => {
  it("4xx and 5xx answers: 8 tries 1, 2, 4 … 60 minutes apart, then failed; sent again by an admin, it goes", async () => {
    await p.api("POST", "/api/password-reset", { body: { email: "manpack@demo.test" } });
    const relay = relayOf();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_TRIES; attempt++) {
      smtp.refuseWith =
        attempt < 5
          ? { code: 451, message: "4.3.0 Mailbox busy, try later" }
          : { code: 550, message: "5.1.1 No such mailbox here" };
      const triedAt = p.clock.now.getTime();
      expect(await relay.runOnce()).toBe(true);
      const row = await p.db("outbox").where("to_email", "manpack@demo.test").first();
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe(attempt < 5 ? "451 4.3.0 Mailbox busy, try later" : "550 5.1.1 No such mailbox here");
      if (attempt === MAIL_TRIES) {
        expect(row).toMatchObject({ status: "failed", failed_at: p.clock.now.toISOString(), lease_until: null });
        break;
      }
      expect(row.status).toBe("pending");
      const wait = Date.parse(row.next_attempt_at) - triedAt;
      waits.push(wait / 60_000);
      // not before its time
      p.clock.advance(wait - 1000);
      expect(await relay.runOnce()).toBe(false);
      p.clock.advance(1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(smtp.received).toEqual([]);
    p.clock.advance(24 * 3_600_000);
    expect(await relay.runOnce()).toBe(false);

    const id = (await p.db("outbox").where("to_email", "manpack@demo.test").first("id")).id;
    const admin = await p.login("admin@demo.test");
    const again = await p.api("PATCH", `/api/admin/e-mail/${id}`, { token: admin, body: { sendAgain: true } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "pending", tries: 0, lastError: "550 5.1.1 No such mailbox here" });
    const audit = await p
      .db("audit_log")
      .where({ service: "admin/e-mail", record_id: String(id) })
      .first();
    expect(audit).toMatchObject({ method: "patch", admin_user_id: 6 });
    smtp.refuseWith = null;
    expect(await drain(relay)).toBe(1);
    expect(smtp.received.map((m) => m.to)).toEqual([["manpack@demo.test"]]);
    expect(await p.db("outbox").where("id", id).first("status", "attempts")).toEqual({ status: "sent", attempts: 1 });
  });

  it("the waits grow from a minute to an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryWaitMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it("no answer within the send time-out is a failed try, well before the claim's lease lapses", async () => {
    await p.api("POST", "/api/password-reset", { body: { email: "punchout@demo.test" } });
    smtp.delayMs = 1500;
    const relay = relayOf(p.db, { sendTimeoutMs: 300 });
    expect(await relay.runOnce()).toBe(true);
    const row = await p.db("outbox").where("to_email", "punchout@demo.test").orderBy("id", "desc").first();
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBe("No answer from the SMTP server within 300 ms");
    expect(() => relayOf(p.db, { sendTimeoutMs: 1000, leaseMs: 1000 })).toThrow(/outlast/);
    await new Promise((resolve) => setTimeout(resolve, 1600)); // the server's late answer, before the next test
  });
});

/** Runs a test with a second database connection (as another process would have), closed after. */
async function onTwoConnections(test: (other: Knex) => Promise<void>) {
  const other = p.openDb();
  try {
    await test(other);
  } finally {
    await other.destroy();
  }
}

const latestTo = (email: string) => p.db("outbox").where("to_email", email).orderBy("id", "desc").first();

describe("each message is sent once, whatever the number of relays", () => {
  it("a slow server: a second relay looking meanwhile finds the message claimed, and it arrives once", async () => {
    await onTwoConnections(async (other) => {
      await p.api("POST", "/api/password-reset", { body: { email: "requester@demo.test" } });
      smtp.delayMs = 1500;
      const first = relayOf(p.db, { id: "relay-a" });
      const second = relayOf(other, { id: "relay-b" });
      const dataRead = smtp.nextData();
      const sending = first.runOnce();
      await dataRead; // the first relay has handed the message over and waits for the answer
      p.clock.advance(55_000); // nearly a minute passes on the clock: still within the first relay's lease
      expect(await second.runOnce()).toBe(false);
      expect(await sending).toBe(true);
      expect(await second.runOnce()).toBe(false);
      expect(smtp.received.map((m) => m.to)).toEqual([["requester@demo.test"]]);
      expect(await latestTo("requester@demo.test")).toMatchObject({
        status: "sent",
        claimed_by: "relay-a",
        attempts: 1,
      });
    });
  });

  it("a relay whose lease lapsed (its process stalled) cannot mark the message its own after another took it over", async () => {
    await onTwoConnections(async (other) => {
      await p.api("POST", "/api/password-reset", { body: { email: "requester@demo.test" } });
      smtp.delayMs = 800;
      const first = relayOf(p.db, { id: "relay-a", sendTimeoutMs: 5000, leaseMs: 10_000 });
      const second = relayOf(other, { id: "relay-b" });
      const dataRead = smtp.nextData();
      const sending = first.runOnce();
      await dataRead;
      p.clock.advance(11_000); // past the lease: as if relay-a had died
      smtp.delayMs = 0;
      expect(await second.runOnce()).toBe(true);
      await sending;
      expect(await latestTo("requester@demo.test")).toMatchObject({
        status: "sent",
        claimed_by: "relay-b",
        attempts: 2,
      });
    });
  });

  it("two relays running side by side on two connections deliver 12 messages, each exactly once", async () => {
    const other = p.openDb();
    const relays = [relayOf(p.db, { id: "relay-a", pollMs: 20 }), relayOf(other, { id: "relay-b", pollMs: 20 })];
    try {
      for (const email of ["buyer", "requester", "approver", "manpack"].map((w) => `${w}@demo.test`))
        for (let i = 0; i < 3; i++) {
          p.clock.advance(61 * 60_000); // past the reset limits' hour
          await p.api("POST", "/api/password-reset", {
            body: { email },
            headers: { "x-forwarded-for": `192.0.2.${i}` },
          });
        }
      const queued = await p.db("outbox").where("status", "pending").select("id");
      expect(queued).toHaveLength(12);
      smtp.delayMs = 20;
      relays.forEach((r) => r.start());
      // however slow the machine: the test's own time-out is the only bound
      await expect.poll(() => smtp.received.length, { timeout: 55_000, interval: 50 }).toBeGreaterThanOrEqual(12);
      await Promise.all(relays.map((r) => r.stop()));
      expect(smtp.received).toHaveLength(12);
      const links = smtp.received.map((m) => linkIn(m.text));
      expect(new Set(links).size).toBe(12);
      const rows = await p
        .db("outbox")
        .whereIn(
          "id",
          queued.map((q) => q.id),
        )
        .select("status", "attempts", "claimed_by");
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
      await other.destroy();
    }
  }, 60_000);
});

describe("where the relay runs", () => {
  it("a provider started with SMTP_URL runs its relay: an e-mail goes out with no one asking", async () => {
    const own = await startSmtp();
    // the settings as the provider's configuration reads them from the environment (decision 152)
    const { mail } = parseProviderConfig({ SMTP_URL: own.url, MAIL_FROM: FROM });
    const q = await startTestProvider({ portalUrl: PORTAL, mail });
    try {
      await q.api("POST", "/api/password-reset", { body: { email: "buyer@demo.test" } });
      await expect.poll(() => own.received.length, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
      expect(own.received.map((m) => m.to)).toEqual([["buyer@demo.test"]]);
      // the server has it; the relay marks it sent once the server's answer is back
      await expect.poll(() => q.db("outbox").first("status")).toEqual({ status: "sent" });
    } finally {
      await q.close();
      await own.close();
    }
  });

  it("a provider serving the API only (role api) sends nothing: the worker does", async () => {
    const own = await startSmtp();
    const { mail } = parseProviderConfig({ SMTP_URL: own.url, MAIL_FROM: FROM });
    const q = await startTestProvider({ portalUrl: PORTAL, mail, backgroundWork: false });
    try {
      await q.api("POST", "/api/password-reset", { body: { email: "buyer@demo.test" } });
      await new Promise((r) => setTimeout(r, 500));
      expect(own.received).toEqual([]);
      expect(await q.db("outbox").first("status")).toEqual({ status: "pending" });
    } finally {
      await q.close();
      await own.close();
    }
  });

  it("a bad SMTP_URL stops the provider from starting, naming it", () => {
    expect(() => parseProviderConfig({ SMTP_URL: "mail.example.com:25", MAIL_FROM: FROM })).toThrow(
      /^Invalid configuration: SMTP_URL: must be/,
    );
  });
});

describe("the queue at a glance (for metrics)", () => {
  it("counts waiting, sent and failed messages and the oldest waiting one's age", async () => {
    const before = await mailQueueStats(p.db, p.clock.now);
    await p.api("POST", "/api/password-reset", { body: { email: "punchout@demo.test" } });
    p.clock.advance(90_000);
    const after = await mailQueueStats(p.db, p.clock.now);
    expect(after).toEqual({ depth: 1, oldestAgeSeconds: 90, sent: before.sent, failed: before.failed });
    expect(await drain(relayOf())).toBe(1);
    expect(await mailQueueStats(p.db, p.clock.now)).toEqual({
      depth: 0,
      oldestAgeSeconds: 0,
      sent: before.sent + 1,
      failed: before.failed,
    });
  });
});
