import { describe, expect, it } from "vitest";
import { sha256 } from "../auth/password";
import { addUser, NORTHWIND, PASSWORD, useProvider } from "./fixtures";

/** Decision 112: changing one's password and signing out everywhere (issue 17 item 1). */
const { p } = useProvider();

let n = 0;
/** A new Northwind user of its own (no other test logs in as it) and the addresses its calls come from. */
async function newUser(): Promise<{ email: string; from: string; userId: number }> {
  n += 1;
  const u = await addUser(p.db, `change${n}@account.test`, [
    { customerId: NORTHWIND, permissions: ["canViewFullCatalogue"] },
  ]);
  return { email: u.email, userId: u.userId, from: `198.51.100.${n}` };
}
const change = (token: string, from: string, body: unknown) =>
  p.api("POST", "/api/password-change", { token, body, headers: { "x-forwarded-for": from } });
const alive = async (token: string) => (await p.api("GET", "/api/session", { token })).status;
const logIn = (email: string, password: string) =>
  p.api("POST", "/api/authentication", { body: { strategy: "local", email, password } });

describe("POST /api/password-change", () => {
  it("changes the password; every other session of the user ends, the caller's continues, other users' are untouched", async () => {
    const u = await newUser();
    const here = await p.login(u.email);
    const elsewhere = await p.login(u.email);
    const someoneElse = await p.login("requester@demo.test");
    const res = await change(here, u.from, { currentPassword: PASSWORD, newPassword: "a-brand-new-password" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ changed: true });
    expect(await alive(here)).toBe(200);
    expect(await alive(elsewhere)).toBe(401);
    expect(await alive(someoneElse)).toBe(200);
    expect((await logIn(u.email, PASSWORD)).status).toBe(401);
    expect((await logIn(u.email, "a-brand-new-password")).status).toBe(201);
  });

  it("voids the user's unused reset links", async () => {
    const u = await newUser();
    const token = await p.login(u.email);
    await p.db("password_tokens").insert({
      type: "reset",
      token_hash: sha256(`reset-of-${u.email}`),
      user_id: u.userId,
      email: u.email,
      created_at: p.clock.now.toISOString(),
      expires_at: new Date(p.clock.now.getTime() + 30 * 60_000).toISOString(),
    });
    expect((await p.api("GET", `/api/password-reset/reset-of-${u.email}`)).status).toBe(200);
    expect(
      (await change(token, u.from, { currentPassword: PASSWORD, newPassword: "another-new-password" })).status,
    ).toBe(201);
    expect((await p.api("GET", `/api/password-reset/reset-of-${u.email}`)).status).toBe(410);
  });

  it("a new password of 10 to 200 characters; anything else a 400 at newPassword, nothing written", async () => {
    const u = await newUser();
    const token = await p.login(u.email);
    const before = await p.db("users").where("id", u.userId).first("password_hash");
    for (const newPassword of ["123456789", "x".repeat(201), 12345678901, undefined]) {
      const res = await change(token, u.from, { currentPassword: PASSWORD, newPassword });
      expect(res.status).toBe(400);
      expect(res.body.data.field).toBe("newPassword");
      expect(res.body.message).toMatch(/^Invalid value at field "newPassword": /);
    }
    expect(
      (await change(token, u.from, { currentPassword: PASSWORD, newPassword: "long-enough", extra: 1 })).status,
    ).toBe(400);
    expect((await change(token, u.from, "not an object")).status).toBe(400);
    expect(await p.db("users").where("id", u.userId).first("password_hash")).toEqual(before);
    expect((await change(token, u.from, { currentPassword: PASSWORD, newPassword: "1234567890" })).status).toBe(201);
    expect((await change(token, u.from, { currentPassword: "1234567890", newPassword: "y".repeat(200) })).status).toBe(
      201,
    );
  });

  it("a wrong current password is a 400 at currentPassword, changes nothing and ends no session", async () => {
    const u = await newUser();
    const here = await p.login(u.email);
    const elsewhere = await p.login(u.email);
    const res = await change(here, u.from, { currentPassword: "not-my-password", newPassword: "a-brand-new-password" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      name: "BadRequest",
      message: 'Invalid value at field "currentPassword": The current password is not right',
      data: { field: "currentPassword" },
    });
    expect(await alive(elsewhere)).toBe(200);
    expect((await logIn(u.email, PASSWORD)).status).toBe(201);
  });

  it("wrong current passwords count with the log-in limit (decision 027): the 6th within the window is a 429, even with the right one", async () => {
    const u = await newUser();
    const token = await p.login(u.email);
    for (let i = 0; i < 5; i++) {
      expect(
        (await change(token, u.from, { currentPassword: `guess-${i}`, newPassword: "a-brand-new-password" })).status,
      ).toBe(400);
    }
    const sixth = await change(token, u.from, { currentPassword: PASSWORD, newPassword: "a-brand-new-password" });
    expect(sixth.status).toBe(429);
    expect(sixth.body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(sixth.headers.get("retry-after")).toBe(String(sixth.body.data.retryAfterSeconds));
    // the same count as the log-in page's: logging in from that address is refused too
    const login = await p.api("POST", "/api/authentication", {
      body: { strategy: "local", email: u.email, password: PASSWORD },
      headers: { "x-forwarded-for": u.from },
    });
    expect(login.status).toBe(429);
    expect((await logIn(u.email, "a-brand-new-password")).status).toBe(401);
    // after the block, the right password changes it
    p.clock.advance(2 * 60_000);
    expect(
      (await change(token, u.from, { currentPassword: PASSWORD, newPassword: "a-brand-new-password" })).status,
    ).toBe(201);
  });

  it("a right current password clears the count (as a log-in does)", async () => {
    const u = await newUser();
    const token = await p.login(u.email);
    for (let i = 0; i < 4; i++)
      expect(
        (await change(token, u.from, { currentPassword: `guess-${i}`, newPassword: "a-brand-new-password" })).status,
      ).toBe(400);
    expect(
      (await change(token, u.from, { currentPassword: PASSWORD, newPassword: "a-brand-new-password" })).status,
    ).toBe(201);
    for (let i = 0; i < 5; i++)
      expect(
        (await change(token, u.from, { currentPassword: `guess-${i}`, newPassword: "a-third-password" })).status,
      ).toBe(400);
  });

  it("needs a session", async () => {
    expect(
      (
        await p.api("POST", "/api/password-change", {
          body: { currentPassword: PASSWORD, newPassword: "a-brand-new-password" },
        })
      ).status,
    ).toBe(401);
  });
});

describe("POST /api/sign-out-everywhere", () => {
  it("ends every session of the user, the caller's included, and no one else's", async () => {
    const u = await newUser();
    const here = await p.login(u.email);
    const elsewhere = await p.login(u.email);
    const third = await p.login(u.email);
    await p.api("DELETE", "/api/authentication", { token: third }); // already ended: not counted
    const someoneElse = await p.login("requester@demo.test");
    const res = await p.api("POST", "/api/sign-out-everywhere", { token: here, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ revoked: 2 });
    expect(await alive(here)).toBe(401);
    expect(await alive(elsewhere)).toBe(401);
    expect(await alive(someoneElse)).toBe(200);
    expect((await logIn(u.email, PASSWORD)).status).toBe(201);
  });

  it("a body other than {} is a 400 and ends nothing; no session is a 401", async () => {
    const u = await newUser();
    const here = await p.login(u.email);
    expect((await p.api("POST", "/api/sign-out-everywhere", { token: here, body: { everyone: true } })).status).toBe(
      400,
    );
    expect(await alive(here)).toBe(200);
    expect((await p.api("POST", "/api/sign-out-everywhere", { body: {} })).status).toBe(401);
  });
});
