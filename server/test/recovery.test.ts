import { describe, expect, it } from "vitest";
import { sha256 } from "../auth/password";
import { useProvider } from "./fixtures";

const { p } = useProvider();

async function lastLink(to: string, kind: string): Promise<string> {
  const admin = await p.login("admin@demo.test"); // afresh: tests move the clock
  const res = await p.api("GET", `/api/outbox?to=${encodeURIComponent(to)}&kind=${kind}&$limit=1`, { token: admin });
  expect(res.status).toBe(200);
  const match = /(?:reset-password\/|token=)([A-Za-z0-9_-]+)/.exec(res.body.data[0].body);
  return match![1];
}

describe("password reset", () => {
  it("always answers 201; only a known user gets a mail", async () => {
    expect((await p.api("POST", "/api/password-reset", { body: { email: "nobody@demo.test" } })).body).toEqual({
      sent: true,
    });
    expect(await p.db("outbox").where("to_email", "nobody@demo.test")).toEqual([]);
    expect((await p.api("POST", "/api/password-reset", { body: { email: "not-an-email" } })).status).toBe(400);
  });

  it("a single-use link sets the password and revokes existing sessions", async () => {
    const old = await p.login("buyer@demo.test");
    await p.api("POST", "/api/password-reset", { body: { email: "buyer@demo.test" } });
    const token = await lastLink("buyer@demo.test", "reset");
    expect((await p.api("GET", `/api/password-reset/${token}`)).body).toMatchObject({
      valid: true,
      email: "buyer@demo.test",
    });
    expect((await p.api("POST", "/api/password-reset", { body: { token, password: "short" } })).status).toBe(400);
    expect(
      (await p.api("POST", "/api/password-reset", { body: { token, password: "a-new-long-password" } })).body,
    ).toEqual({ reset: true });
    expect((await p.api("GET", "/api/session", { token: old })).status).toBe(401);
    expect(
      (await p.api("POST", "/api/password-reset", { body: { token, password: "another-long-password" } })).status,
    ).toBe(410);
    expect(
      (
        await p.api("POST", "/api/authentication", {
          body: { strategy: "local", email: "buyer@demo.test", password: "workwear-demo" },
        })
      ).status,
    ).toBe(401);
    await p.login("buyer@demo.test", "a-new-long-password");
    expect((await p.api("GET", "/api/password-reset/made-up")).status).toBe(404);
  });

  it("expires after an hour", async () => {
    await p.api("POST", "/api/password-reset", { body: { email: "approver@demo.test" } });
    const token = await lastLink("approver@demo.test", "reset");
    p.clock.advance(61 * 60_000);
    expect((await p.api("GET", `/api/password-reset/${token}`)).status).toBe(410);
    expect(
      (await p.api("POST", "/api/password-reset", { body: { token, password: "a-new-long-password" } })).status,
    ).toBe(410);
  });
});

const askFrom = (address: string, email: string) =>
  p.api("POST", "/api/password-reset", { body: { email }, headers: { "x-forwarded-for": address } });
const mailsTo = async (email: string) =>
  Number((await p.db("outbox").where({ to_email: email, kind: "reset" }).count({ n: "*" }).first())!.n);

describe("password reset links void each other", () => {
  it("a new link voids the user's older unused ones", async () => {
    await askFrom("192.0.2.1", "requester@demo.test");
    const older = await lastLink("requester@demo.test", "reset");
    await askFrom("192.0.2.1", "requester@demo.test");
    const newer = await lastLink("requester@demo.test", "reset");
    expect(newer).not.toBe(older);
    expect((await p.api("GET", `/api/password-reset/${older}`)).status).toBe(410);
    expect(
      (await p.api("POST", "/api/password-reset", { body: { token: older, password: "a-new-long-password" } })).status,
    ).toBe(410);
    expect((await p.api("GET", `/api/password-reset/${newer}`)).status).toBe(200);
  });

  it("a completed reset voids every other outstanding link of the user, and not other users' links", async () => {
    await askFrom("192.0.2.2", "manpack@demo.test");
    const used = await lastLink("manpack@demo.test", "reset");
    const now = p.clock.now;
    const later = new Date(now.getTime() + 30 * 60_000).toISOString();
    // a second live link (as one issued by another provider process a moment earlier), and another user's
    await p.db("password_tokens").insert({
      type: "reset",
      token_hash: sha256("other-live-link-of-manpack"),
      user_id: 4,
      email: "manpack@demo.test",
      created_at: now.toISOString(),
      expires_at: later,
    });
    await p.db("password_tokens").insert({
      type: "reset",
      token_hash: sha256("live-link-of-punchout"),
      user_id: 5,
      email: "punchout@demo.test",
      created_at: now.toISOString(),
      expires_at: later,
    });
    expect(
      (await p.api("POST", "/api/password-reset", { body: { token: used, password: "manpack-new-password" } })).body,
    ).toEqual({ reset: true });
    expect((await p.api("GET", "/api/password-reset/other-live-link-of-manpack")).status).toBe(410);
    expect(
      (
        await p.api("POST", "/api/password-reset", {
          body: { token: "other-live-link-of-manpack", password: "another-long-password" },
        })
      ).status,
    ).toBe(410);
    expect((await p.api("GET", "/api/password-reset/live-link-of-punchout")).status).toBe(200);
  });
});

describe("password reset requests are limited (decision 027)", () => {
  it("per e-mail: 20 requests send 3 e-mails an hour, each answered the same", async () => {
    const before = await mailsTo("punchout@demo.test");
    for (let i = 0; i < 20; i++) {
      const res = await askFrom(`198.51.100.${i + 1}`, "punchout@demo.test");
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ sent: true });
    }
    expect((await mailsTo("punchout@demo.test")) - before).toBe(3);
    p.clock.advance(61 * 60_000);
    expect((await askFrom("198.51.100.1", "punchout@demo.test")).body).toEqual({ sent: true });
    expect((await mailsTo("punchout@demo.test")) - before).toBe(4);
  });

  it("per client address: after 20 requests an hour no more e-mails go out from it", async () => {
    for (let i = 0; i < 20; i++)
      expect((await askFrom("203.0.113.7", `nobody${i}@demo.test`)).body).toEqual({ sent: true });
    const before = await mailsTo("admin@demo.test");
    const res = await askFrom("203.0.113.7", "admin@demo.test");
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ sent: true });
    expect(await mailsTo("admin@demo.test")).toBe(before);
    expect((await askFrom("203.0.113.8", "admin@demo.test")).body).toEqual({ sent: true });
    expect(await mailsTo("admin@demo.test")).toBe(before + 1);
  });
});

describe("invitations", () => {
  it("an addSiteUser user invites; the link creates the user in the customer, once", async () => {
    const buyer = await p.login("buyer@demo.test", "a-new-long-password");
    await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
    const res = await p.api("POST", "/api/invitation", {
      token: buyer,
      body: { email: "New.Starter@demo.test", firstName: "New", lastName: "Starter" },
    });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe("new.starter@demo.test");
    const token = await lastLink("new.starter@demo.test", "invitation");
    expect((await p.api("GET", `/api/accept-invitation/${token}`)).body).toMatchObject({
      email: "new.starter@demo.test",
      customer: { name: "Northwind Facilities" },
      firstName: "New",
    });
    expect(
      (await p.api("POST", "/api/accept-invitation", { body: { token, password: "starter-password" } })).status,
    ).toBe(201);
    expect(
      (await p.api("POST", "/api/accept-invitation", { body: { token, password: "starter-password" } })).status,
    ).toBe(410);
    const session = (
      await p.api("GET", "/api/session", { token: await p.login("new.starter@demo.test", "starter-password") })
    ).body;
    expect(session.selectedCustomer.name).toBe("Northwind Facilities");
    expect(session.account.permissions).toEqual(["canViewFullCatalogue", "viewOrderHistory"]);
  });

  it("403 without addSiteUser; 400 for a permission the inviter lacks", async () => {
    const requester = await p.login("requester@demo.test");
    expect(
      (
        await p.api("POST", "/api/invitation", {
          token: requester,
          body: { email: "x@demo.test", firstName: "X", lastName: "Y" },
        })
      ).status,
    ).toBe(403);
    const buyer = await p.login("buyer@demo.test", "a-new-long-password");
    await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
    const res = await p.api("POST", "/api/invitation", {
      token: buyer,
      body: { email: "x@demo.test", firstName: "X", lastName: "Y", permissions: ["orderApproval"] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("orderApproval");
  });

  it("the outbox is for evolve users only", async () => {
    expect((await p.api("GET", "/api/outbox", { token: await p.login("requester@demo.test") })).status).toBe(403);
  });
});

describe("content", () => {
  it("WordPress posts answer an array with x-wp-total headers; pages carry acf", async () => {
    await p.db("wp_terms").insert([
      { id: 3, name: "News", slug: "news" },
      { id: 4, name: "Offers", slug: "offers" },
    ]);
    for (let i = 1; i <= 5; i++)
      await p.db("wp_posts").insert({
        id: i,
        slug: `post-${i}`,
        title: `Post ${i}`,
        excerpt: "",
        content: "",
        date: `2026-10-0${i}T00:00:00.000Z`,
        status: "publish",
        featured_image: null,
        author_name: "Ed",
      });
    await p.db("wp_post_terms").insert([1, 2, 3, 4].map((post_id) => ({ post_id, term_id: 3 })));
    await p.db("wp_pages").insert({
      id: 1,
      slug: "banner-block",
      title: "Banner",
      content: "",
      acf_json: JSON.stringify({ flexible_content: [{ acf_fc_layout: "hero", heading: "Hi" }] }),
      status: "publish",
    });
    const res = await p.api("GET", "/api/wp/v2/posts?categories=3&per_page=3&page=1&_embed");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-wp-total")).toBe("4");
    expect(res.headers.get("x-wp-totalpages")).toBe("2");
    expect(res.body.map((x: any) => x.slug)).toEqual(["post-4", "post-3", "post-2"]);
    expect(res.body[0]._embedded["wp:term"][0][0]).toMatchObject({ name: "News" });
    expect((await p.api("GET", "/api/wp/v2/posts?per_page=0")).status).toBe(400);
    expect((await p.api("GET", "/api/wp/v2/posts?bogus=1")).status).toBe(400);
    const pages = await p.api("GET", "/api/wp/v2/pages?slug=banner-block");
    expect(pages.body[0].acf.flexible_content[0].acf_fc_layout).toBe("hero");
    const token = await p.login("requester@demo.test");
    expect((await p.api("POST", "/api/news-read", { token, body: { postId: 2 } })).body).toEqual({ totalReadNews: 1 });
    expect((await p.api("GET", "/api/session", { token })).body.account.totalReadNews).toBe(1);
  });

  it("reports need viewReporting and record a task (the report tasks themselves: server/test/report-*.test.ts)", async () => {
    const body = { type: "orders-by-status", from: "2026-10-01", to: "2026-10-02" };
    const requester = await p.login("requester@demo.test");
    expect((await p.api("POST", "/api/report", { token: requester, body })).status).toBe(403);
    const buyer = await p.login("buyer@demo.test", "a-new-long-password");
    await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
    const res = await p.api("POST", "/api/report", { token: buyer, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      task: { type: "orders-by-status", success: null, params: { from: "2026-10-01", to: "2026-10-02" } },
    });
    expect((await p.api("GET", `/api/report/${res.body.task.taskId}`, { token: buyer })).body.type).toBe(
      "orders-by-status",
    );
    expect((await p.api("POST", "/api/report", { token: buyer, body: { ...body, type: "nope" } })).status).toBe(400);
  });
});
