import { createCookieSessionStorage } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import {
  bannerDismissedCookie,
  commitSession,
  destroySession,
  flashToast,
  getSession,
  maintenanceBypassCookie,
  newSession,
  resetSessionStorageForTests,
  type SessionData,
} from "./session.server";

// Issue 11 item 10: the portal's cookies carry the provider's bearer token, so they are encrypted (AES-256-GCM,
// decision 006), not just signed; in production they are `__Host-` cookies.
const TOKEN = "provider-bearer-token-0123456789abcdef";
const saved = { SESSION_SECRETS: process.env.SESSION_SECRETS, SECURE_COOKIES: process.env.SECURE_COOKIES };

function configure(secrets: string, secure = false) {
  process.env.SESSION_SECRETS = secrets;
  process.env.SECURE_COOKIES = secure ? "true" : "false";
  resetEnvForTests();
  resetSessionStorageForTests();
}

beforeEach(() => configure("test-secret-new,test-secret-old"));
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
  resetSessionStorageForTests();
});

const request = (cookie?: string) => new Request("http://portal.test/", { headers: cookie ? { Cookie: cookie } : {} });

async function setCookieWith(
  values: Partial<SessionData> = { token: TOKEN, customerId: "101", contactId: "5001" },
): Promise<string> {
  const session = await getSession(request());
  for (const [key, value] of Object.entries(values)) session.set(key as keyof SessionData, value as string);
  return commitSession(session);
}

const pairOf = (setCookie: string) => setCookie.split(";")[0];
const valueOf = (setCookie: string) => pairOf(setCookie).slice(pairOf(setCookie).indexOf("=") + 1);

/** Every reading of a cookie value a curious user might try. */
function decodings(value: string): string[] {
  const out = new Set<string>([value]);
  const tryAdd = (f: () => string) => {
    try {
      out.add(f());
    } catch {
      // not decodable that way
    }
  };
  for (const v of [value, ...value.split(/[.~]/)]) {
    tryAdd(() => decodeURIComponent(v));
    tryAdd(() => Buffer.from(v, "base64").toString("latin1"));
    tryAdd(() => Buffer.from(v, "base64url").toString("latin1"));
    tryAdd(() => Buffer.from(decodeURIComponent(v), "base64").toString("latin1"));
    tryAdd(() => decodeURIComponent(escape(atob(decodeURIComponent(v)))));
  }
  return [...out];
}

describe("the session cookie keeps the provider's token out of the browser", () => {
  it("no decoding of the Set-Cookie value shows the token or the ids", async () => {
    const setCookie = await setCookieWith();
    for (const text of decodings(valueOf(setCookie))) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain("token");
      expect(text).not.toContain("5001");
    }
  });

  it("the portal reads back what it wrote", async () => {
    const session = await getSession(request(pairOf(await setCookieWith())));
    expect(session.get("token")).toBe(TOKEN);
    expect(session.get("customerId")).toBe("101");
    expect(session.get("contactId")).toBe("5001");
  });

  it("two cookies of the same session differ (a fresh IV each time)", async () => {
    expect(valueOf(await setCookieWith())).not.toBe(valueOf(await setCookieWith()));
  });

  it("carries flash toasts, read once", async () => {
    const headers = new Headers(
      await flashToast(request(pairOf(await setCookieWith())), { kind: "success", message: "Saved" }),
    );
    const first = await getSession(request(pairOf(headers.get("Set-Cookie") ?? "")));
    expect(first.get("toast")).toEqual({ kind: "success", message: "Saved" });
    const second = await getSession(request(pairOf(await commitSession(first))));
    expect(second.get("toast")).toBeUndefined();
    expect(second.get("token")).toBe(TOKEN);
  });
});

describe("a cookie that is not the portal's own reads as no session, never an error", () => {
  const tamper = (value: string, at: number) =>
    value.slice(0, at) + (value[at] === "A" ? "B" : "A") + value.slice(at + 1);

  it.each([
    ["a flipped character in the middle", (v: string) => tamper(v, Math.floor(v.length / 2))],
    ["a flipped last character", (v: string) => tamper(v, v.length - 1)],
    ["truncated", (v: string) => v.slice(0, v.length - 10)],
    ["cut to its version", (v: string) => v.slice(0, 3)],
    ["empty", () => ""],
    ["not base64 at all", () => "%%%not-a-cookie%%%"],
    ["another version", (v: string) => `v9${v.slice(2)}`],
  ])("%s", async (_what, change) => {
    const setCookie = await setCookieWith();
    const name = pairOf(setCookie).split("=")[0];
    const session = await getSession(request(`${name}=${change(valueOf(setCookie))}`));
    expect(session.get("token")).toBeUndefined();
    expect(session.data).toEqual({});
  });

  it("every other last character reads as no session (decoding drops its unused low bits; only seal's spelling opens)", async () => {
    const setCookie = await setCookieWith();
    const name = pairOf(setCookie).split("=")[0];
    const value = valueOf(setCookie);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const other of alphabet.replace(value[value.length - 1], "")) {
      const session = await getSession(request(`${name}=${value.slice(0, -1)}${other}`));
      expect(session.data).toEqual({});
    }
  });

  it("the old signed-but-readable format (with the same secret) is no session", async () => {
    const old = createCookieSessionStorage({ cookie: { name: "__portal_session", secrets: ["test-secret-new"] } });
    const session = await old.getSession();
    session.set("token", TOKEN);
    const oldCookie = pairOf(await old.commitSession(session));
    expect((await getSession(request(oldCookie))).get("token")).toBeUndefined();
  });

  it("a session cookie's value is not accepted as the maintenance bypass cookie, nor the other way round", async () => {
    const session = valueOf(await setCookieWith());
    expect(await maintenanceBypassCookie().parse(`__portal_bypass=${session}`)).toBeNull();
    const bypass = valueOf(await maintenanceBypassCookie().serialize("open-sesame"));
    expect((await getSession(request(`__portal_session=${bypass}`))).data).toEqual({});
  });
});

describe("secret rotation (SESSION_SECRETS: the first encrypts, every one decrypts)", () => {
  it("a cookie written under the old secret still reads after a new one is put first", async () => {
    configure("old-secret");
    const cookie = pairOf(await setCookieWith());
    configure("new-secret,old-secret");
    const session = await getSession(request(cookie));
    expect(session.get("token")).toBe(TOKEN);
    // written again, it is under the new secret only
    const rewritten = pairOf(await commitSession(session));
    configure("new-secret");
    expect((await getSession(request(rewritten))).get("token")).toBe(TOKEN);
  });

  it("once the old secret is dropped, its cookies read as no session", async () => {
    configure("old-secret");
    const cookie = pairOf(await setCookieWith());
    configure("new-secret");
    expect((await getSession(request(cookie))).get("token")).toBeUndefined();
  });
});

describe("cookie names and attributes follow SECURE_COOKIES", () => {
  it("plain HTTP (local runs, e2e): __portal_* without Secure", async () => {
    const setCookie = await setCookieWith();
    expect(setCookie).toMatch(/^__portal_session=/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    expect(await maintenanceBypassCookie().serialize("k")).toMatch(/^__portal_bypass=/);
    expect(await bannerDismissedCookie().serialize("b1")).toMatch(/^__portal_banner=/);
  });

  it("secure (production): __Host-portal_* with Secure, Path=/ and no Domain", async () => {
    configure("test-secret", true);
    const setCookies = [
      await setCookieWith(),
      await maintenanceBypassCookie().serialize("k"),
      await bannerDismissedCookie().serialize("b1"),
    ];
    expect(setCookies.map((c) => c.split("=")[0])).toEqual([
      "__Host-portal_session",
      "__Host-portal_bypass",
      "__Host-portal_banner",
    ]);
    for (const c of setCookies) {
      expect(c).toMatch(/; Secure/);
      expect(c).toMatch(/; Path=\/(;|$)/);
      expect(c).not.toMatch(/Domain=/i);
    }
    const session = await getSession(request(`other=1; ${pairOf(setCookies[0])}`));
    expect(session.get("token")).toBe(TOKEN);
    // the plain-HTTP name is not read in production
    const plain = `__portal_session=${valueOf(setCookies[0])}`;
    expect((await getSession(request(plain))).get("token")).toBeUndefined();
  });

  it("destroySession clears the cookie of the right name", async () => {
    configure("test-secret", true);
    const cleared = await destroySession(await getSession(request()));
    expect(cleared).toMatch(/^__Host-portal_session=; .*Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/; Secure/);
  });
});

describe("a punchout session's cookie (decision 109)", () => {
  const punchout = {
    id: "7",
    protocol: "cxml",
    operation: "create",
    orderingAllowed: false,
    returnOrigin: "https://buyer.example",
  } as const;

  it("is SameSite=None; Secure over HTTPS, so the procurement system's iframe sends it", async () => {
    configure("test-secret", true);
    const setCookie = await setCookieWith({ token: TOKEN, punchout });
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=None/);
    expect(await destroySession(await getSession(request(pairOf(setCookie))))).toMatch(/; SameSite=None/);
  });

  it("stays Lax on plain HTTP, where None without Secure would be refused", async () => {
    const setCookie = await setCookieWith({ token: TOKEN, punchout });
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
  });

  it("an everyday session stays Lax over HTTPS", async () => {
    configure("test-secret", true);
    expect(await setCookieWith()).toMatch(/; SameSite=Lax/);
  });

  it("newSession ignores the request's cookie", async () => {
    const fresh = await newSession();
    expect(fresh.get("token")).toBeUndefined();
    expect(fresh.data).toEqual({});
  });
});

describe("the maintenance bypass cookie", () => {
  it("round-trips the key without showing it", async () => {
    const setCookie = await maintenanceBypassCookie().serialize("open-sesame-key");
    for (const text of decodings(valueOf(setCookie))) expect(text).not.toContain("open-sesame-key");
    expect(await maintenanceBypassCookie().parse(pairOf(setCookie))).toBe("open-sesame-key");
  });
});
