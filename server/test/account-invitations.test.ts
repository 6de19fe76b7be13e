import { beforeEach, describe, expect, it } from "vitest";
import { addUser, HARBOUR, NORTHWIND, useProvider } from "./fixtures";

/** Decision 112: a customer's invitations listed, sent again and withdrawn (issue 17 item 2). */
const { p } = useProvider();

/** The buyer, logged in afresh (tests move the clock) with a business unit selected. */
async function buyerIn(contactId = "5001"): Promise<string> {
  const token = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token, body: { contactId } });
  return token;
}
let buyer: string;
beforeEach(async () => {
  buyer = await buyerIn();
});

let n = 0;
const uniqueEmail = (what: string) => `${what}${++n}@invite.test`;
const invite = (token: string, email: string, extra: object = {}) =>
  p.api("POST", "/api/invitation", { token, body: { email, firstName: "New", lastName: `Starter ${n}`, ...extra } });
async function lastLink(to: string): Promise<string> {
  const mail = await p.db("outbox").where({ to_email: to, kind: "invitation" }).orderBy("id", "desc").first("body");
  return /token=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
}
/** Accepts the newest invitation sent to `email` (expecting a 201) and logs the new user in: their session. */
async function acceptLastLink(email: string) {
  const accepted = await p.api("POST", "/api/accept-invitation", {
    body: { token: await lastLink(email), password: "a-long-enough-password" },
  });
  expect(accepted.status).toBe(201);
  return (await p.api("GET", "/api/session", { token: await p.login(email, "a-long-enough-password") })).body;
}
const listed = async (token: string, query = "") => (await p.api("GET", `/api/invitation${query}`, { token })).body;
const idOf = async (token: string, email: string) =>
  (await listed(token, "?$limit=100")).data.find((i: any) => i.email === email)?.id as string | undefined;
/** Every row of the tables an invitation touches, to show nothing was written. */
const written = async () =>
  JSON.stringify(
    await Promise.all(
      ["password_tokens", "replaced_invitation_links", "contacts", "outbox", "users", "user_customers"].map((t) =>
        p.db(t).orderBy("id"),
      ),
    ),
  );

describe("GET /api/invitation", () => {
  it("the customer's open invitations, newest first, each with its grant, sender and status", async () => {
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    expect((await invite(buyer, first, { permissions: ["viewOrderHistory"], needsApproval: true })).status).toBe(201);
    p.clock.advance(60_000);
    expect((await invite(buyer, second)).status).toBe(201);
    const page = await listed(buyer, "?$limit=2&$skip=0");
    expect(page).toMatchObject({ limit: 2, skip: 0 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.data.map((i: any) => i.email)).toEqual([second, first]);
    expect(page.data[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      email: first,
      firstName: "New",
      lastName: expect.stringMatching(/^Starter/),
      permissions: ["viewOrderHistory"],
      isApprover: false,
      needsApproval: true,
      createdAt: expect.any(String),
      expiresAt: new Date(Date.parse(page.data[1].createdAt) + 7 * 86_400_000).toISOString(),
      status: "pending",
      invitedBy: { firstName: "Bea", lastName: "Buyer" },
    });
    expect(page.data[0].permissions).toEqual(["canViewFullCatalogue", "viewOrderHistory"]);
    expect((await listed(buyer, "?$limit=1&$skip=1")).data.map((i: any) => i.email)).toEqual([first]);
  });

  it("an invitation past its 7 days is listed as expired; accepted ones are not listed", async () => {
    const late = uniqueEmail("late");
    await invite(buyer, late);
    p.clock.advance(7 * 86_400_000 + 1000);
    buyer = await buyerIn();
    expect((await listed(buyer, "?$limit=100")).data.find((i: any) => i.email === late).status).toBe("expired");
    const taken = uniqueEmail("taken");
    await invite(buyer, taken);
    expect(
      (
        await p.api("POST", "/api/accept-invitation", {
          body: { token: await lastLink(taken), password: "a-long-enough-password" },
        })
      ).status,
    ).toBe(201);
    expect(await idOf(buyer, taken)).toBeUndefined();
  });

  it("another customer's invitations are not listed", async () => {
    const harbourBuyer = await buyerIn("5101");
    const harbours = uniqueEmail("harbour");
    await invite(harbourBuyer, harbours);
    expect(await idOf(harbourBuyer, harbours)).toBeDefined();
    expect(await idOf(buyer, harbours)).toBeUndefined();
  });

  it("403 without addSiteUser; an unknown parameter or a bad page is a 400", async () => {
    const requester = await p.login("requester@demo.test");
    expect((await p.api("GET", "/api/invitation", { token: requester })).status).toBe(403);
    expect((await p.api("GET", "/api/invitation?status=pending", { token: buyer })).status).toBe(400);
    expect((await p.api("GET", "/api/invitation?$limit=abc", { token: buyer })).status).toBe(400);
    expect((await p.api("GET", "/api/invitation?$limit=101", { token: buyer })).status).toBe(400);
    expect((await p.api("GET", "/api/invitation", {})).status).toBe(401);
  });
});

/** The link is gone: showing it and accepting with it both answer 410, the message saying why. */
async function expectLinkRefused(link: string, why: string) {
  const shown = await p.api("GET", `/api/accept-invitation/${link}`);
  expect(shown.status).toBe(410);
  expect(shown.body.message).toContain(why);
  expect(
    (await p.api("POST", "/api/accept-invitation", { body: { token: link, password: "a-long-enough-password" } }))
      .status,
  ).toBe(410);
}

/** Invites this address as the buyer, then lets `days` pass (the buyer logs in again): the invitation's link and id. */
async function invitedDaysAgo(email: string, days: number) {
  await invite(buyer, email);
  const link = await lastLink(email);
  const id = await idOf(buyer, email);
  p.clock.advance(days * 86_400_000);
  buyer = await buyerIn();
  return { link, id };
}

describe("POST /api/invitation refusals", () => {
  it("400 at email for a user of this customer or an address with a pending invitation, nothing written", async () => {
    const pending = uniqueEmail("pending");
    await invite(buyer, pending);
    const before = await written();
    for (const email of ["Requester@demo.test", pending, pending.toUpperCase()]) {
      const res = await invite(buyer, email);
      expect(res.status).toBe(400);
      expect(res.body.data.field).toBe("email");
      expect(res.body.message).toMatch(/^Invalid value at field "email": /);
    }
    const res = await invite(buyer, uniqueEmail("x"), { permissions: ["orderApproval"] });
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe("permissions");
    expect(await written()).toBe(before);
  });

  it("an address whose invitation expired may be invited again: the new one replaces the expired one", async () => {
    const again = uniqueEmail("again");
    const { link: oldLink, id: oldId } = await invitedDaysAgo(again, 8);
    expect((await invite(buyer, again)).status).toBe(201);
    const open = (await listed(buyer, "?$limit=100")).data.filter((i: any) => i.email === again);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: "pending" });
    expect(open[0].id).not.toBe(oldId);
    expect((await p.api("GET", `/api/accept-invitation/${oldLink}`)).status).toBe(410);
    expect((await p.api("GET", `/api/accept-invitation/${await lastLink(again)}`)).status).toBe(200);
  });
});

describe("PATCH /api/invitation/:id {resend: true}", () => {
  it("mails a new link, 7 days from now; the old link answers 410; the id stays", async () => {
    const email = uniqueEmail("resend");
    const { link: oldLink, id } = await invitedDaysAgo(email, 3);
    const res = await p.api("PATCH", `/api/invitation/${id}`, { token: buyer, body: { resend: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      email,
      status: "pending",
      expiresAt: new Date(p.clock.now.getTime() + 7 * 86_400_000).toISOString(),
      invitedBy: { firstName: "Bea", lastName: "Buyer" },
    });
    const newLink = await lastLink(email);
    expect(newLink).not.toBe(oldLink);
    await expectLinkRefused(oldLink, "newest e-mail");
    expect((await p.api("GET", `/api/accept-invitation/${newLink}`)).body).toMatchObject({ valid: true, email });
    // sent again once more: both earlier links answer 410
    await p.api("PATCH", `/api/invitation/${id}`, { token: buyer, body: { resend: true } });
    expect((await p.api("GET", `/api/accept-invitation/${newLink}`)).status).toBe(410);
    expect((await p.api("GET", `/api/accept-invitation/${oldLink}`)).status).toBe(410);
    // the newest link makes the user, with exactly the grant
    const session = await acceptLastLink(email);
    expect(session.account.permissions).toEqual(["canViewFullCatalogue", "viewOrderHistory"]);
  });

  it("an expired invitation sent again is pending again", async () => {
    const email = uniqueEmail("revive");
    await invite(buyer, email);
    const id = await idOf(buyer, email);
    p.clock.advance(8 * 86_400_000);
    buyer = await buyerIn();
    expect((await p.api("PATCH", `/api/invitation/${id}`, { token: buyer, body: { resend: true } })).body.status).toBe(
      "pending",
    );
    expect((await p.api("GET", `/api/accept-invitation/${await lastLink(email)}`)).status).toBe(200);
  });

  it("refusals write nothing: another customer's or an accepted invitation 404, no addSiteUser 403, a grant the caller lacks 403, a bad body 400", async () => {
    const harbours = uniqueEmail("harbour");
    const harbourBuyer = await buyerIn("5101");
    await invite(harbourBuyer, harbours);
    const harbourId = await idOf(harbourBuyer, harbours);
    const accepted = uniqueEmail("accepted");
    await invite(buyer, accepted);
    const acceptedId = await idOf(buyer, accepted);
    await p.api("POST", "/api/accept-invitation", {
      body: { token: await lastLink(accepted), password: "a-long-enough-password" },
    });
    const approverOnly = uniqueEmail("approver");
    await p
      .db("user_customers")
      .where({ user_id: 3, customer_id: NORTHWIND })
      .update({ permissions_json: JSON.stringify(["canViewFullCatalogue", "orderApproval", "addSiteUser"]) });
    const approverToken = await p.login("approver@demo.test");
    expect(
      (await invite(approverToken, approverOnly, { permissions: ["orderApproval"], isApprover: true })).status,
    ).toBe(201);
    const grantedId = await idOf(buyer, approverOnly);
    const own = uniqueEmail("own");
    await invite(buyer, own);
    const ownId = await idOf(buyer, own);
    const requester = await p.login("requester@demo.test");
    const before = await written();
    const patch = (token: string, id: unknown, body: unknown = { resend: true }) =>
      p.api("PATCH", `/api/invitation/${id}`, { token, body });
    expect((await patch(buyer, harbourId)).status).toBe(404);
    expect((await patch(buyer, acceptedId)).status).toBe(404);
    expect((await patch(buyer, 999999)).status).toBe(404);
    expect((await patch(buyer, "abc")).status).toBe(404);
    expect((await patch(requester, ownId)).status).toBe(403);
    // the buyer holds neither orderApproval nor the approver setting this invitation grants
    expect((await patch(buyer, grantedId)).status).toBe(403);
    for (const body of [{}, { resend: false }, { resend: true, email: "x@y.test" }])
      expect((await patch(buyer, ownId, body)).status).toBe(400);
    expect(await written()).toBe(before);
  });
});

describe("DELETE /api/invitation/:id", () => {
  it("withdraws it: {id, revoked: true}, no longer listed, its link answers 410; its contact is made inactive", async () => {
    const email = uniqueEmail("revoke");
    await invite(buyer, email);
    const link = await lastLink(email);
    const id = await idOf(buyer, email);
    const res = await p.api("DELETE", `/api/invitation/${id}`, { token: buyer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, revoked: true });
    expect(await idOf(buyer, email)).toBeUndefined();
    await expectLinkRefused(link, "withdrawn");
    expect(await p.db("users").whereRaw("lower(email) = ?", [email]).first()).toBeUndefined();
    const token = await p.db("password_tokens").where("id", Number(id)).first("contact_id");
    expect((await p.db("contacts").where("id", token.contact_id).first("is_inactive")).is_inactive).toBeTruthy();
    expect((await p.api("DELETE", `/api/invitation/${id}`, { token: buyer })).status).toBe(404);
    expect((await p.api("PATCH", `/api/invitation/${id}`, { token: buyer, body: { resend: true } })).status).toBe(404);
    // the address may be invited afresh
    expect((await invite(buyer, email)).status).toBe(201);
  });

  it("another customer's invitation is a 404 and stays open; without addSiteUser a 403", async () => {
    const harbourBuyer = await buyerIn("5101");
    const harbours = uniqueEmail("harbour");
    await invite(harbourBuyer, harbours);
    const harbourId = await idOf(harbourBuyer, harbours);
    const before = await written();
    expect((await p.api("DELETE", `/api/invitation/${harbourId}`, { token: buyer })).status).toBe(404);
    const manpack = await p.login("manpack@demo.test");
    expect((await p.api("DELETE", `/api/invitation/${harbourId}`, { token: manpack })).status).toBe(403);
    expect(await written()).toBe(before);
    expect(await idOf(harbourBuyer, harbours)).toBe(harbourId);
  });

  it("provider staff acting for the customer may list and withdraw", async () => {
    const email = uniqueEmail("staff");
    await invite(buyer, email);
    const admin = await p.login("admin@demo.test");
    const page = (await p.api("GET", `/api/invitation?$limit=100&customerId=${NORTHWIND}`, { token: admin })).body;
    const id = page.data.find((i: any) => i.email === email).id;
    expect((await p.api("DELETE", `/api/invitation/${id}?customerId=${HARBOUR}`, { token: admin })).status).toBe(404);
    expect((await p.api("DELETE", `/api/invitation/${id}?customerId=${NORTHWIND}`, { token: admin })).status).toBe(200);
  });
});

describe("an invitee logs in with exactly what was granted", () => {
  it("permissions, approver and needs-approval settings", async () => {
    const u = await addUser(p.db, uniqueEmail("granter"), [
      {
        customerId: NORTHWIND,
        permissions: ["addSiteUser", "viewReporting", "canViewMyCatalogue", "orderApproval"],
        isApprover: true,
      },
    ]);
    const granter = await p.login(u.email);
    const email = uniqueEmail("granted");
    expect(
      (
        await invite(granter, email, {
          permissions: ["viewReporting", "canViewMyCatalogue"],
          isApprover: true,
          needsApproval: true,
        })
      ).status,
    ).toBe(201);
    const session = await acceptLastLink(email);
    expect(session.account.permissions).toEqual(["viewReporting", "canViewMyCatalogue"]);
    const unit = await p
      .db("user_customers as uc")
      .join("users as u", "u.id", "uc.user_id")
      .where("u.email", email)
      .first("uc.is_approver", "uc.needs_approval");
    expect(!!unit.is_approver).toBe(true);
    expect(!!unit.needs_approval).toBe(true);
  });
});
