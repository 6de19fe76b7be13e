import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Cookie, CookieOptions } from "@remix-run/node";

// Encrypted cookies (decision 006): AES-256-GCM under a key derived with HKDF-SHA256 from each of SESSION_SECRETS.
// The first secret encrypts; every one is tried to decrypt, so secrets rotate without logging anyone out. The value
// is `v1.` + base64url(IV ‖ ciphertext ‖ tag): nothing in it is readable, and a changed byte fails the tag.
// Relative imports only: the Playwright login fixture loads this module outside the Remix build.

const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "workwear-portal cookies", "aes-256-gcm v1", 32));
    keys.set(secret, key);
  }
  return key;
}

/**
 * Encrypts `plaintext` for the cookie named `purpose` (its name without prefix, bound in as associated data, so one
 * cookie's value is not accepted as another's).
 */
export function seal(plaintext: string, secret: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The plaintext, or null when the value was not sealed for `purpose` under any of `secrets` (tampered, old, other). */
export function unseal(value: string, secrets: readonly string[], purpose: string): string | null {
  if (!value.startsWith(VERSION)) return null;
  const encoded = value.slice(VERSION.length);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  const raw = Buffer.from(encoded, "base64url");
  // Only the one spelling seal writes: base64url's last character carries unused low bits that decoding drops,
  // so without this a changed last character could still open.
  if (raw.length < IV_BYTES + TAG_BYTES || raw.toString("base64url") !== encoded) return null;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), iv);
      decipher.setAAD(Buffer.from(purpose, "utf8"));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      // not this secret (or not ours at all): try the next
    }
  }
  return null;
}

/** The value of cookie `name` in a Cookie request header (the first, as browsers send the most specific first). */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return null;
}

type Attributes = Pick<CookieOptions, "maxAge" | "expires" | "path" | "httpOnly" | "secure" | "sameSite">;

function setCookieHeader(name: string, value: string, a: Attributes): string {
  const parts = [`${name}=${value}`];
  if (a.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(a.maxAge)}`);
  parts.push(`Path=${a.path ?? "/"}`);
  if (a.expires) parts.push(`Expires=${a.expires.toUTCString()}`);
  if (a.httpOnly) parts.push("HttpOnly");
  if (a.secure) parts.push("Secure");
  if (a.sameSite)
    parts.push(`SameSite=${a.sameSite === true ? "Strict" : a.sameSite[0].toUpperCase() + a.sameSite.slice(1)}`);
  return parts.join("; ");
}

/**
 * A Remix `Cookie` whose value (any JSON) is sealed: a drop-in for `createCookie(name, { secrets })` that
 * `createCookieSessionStorage({ cookie })` and callers of parse/serialize use unchanged. A value that does not
 * unseal parses as null, never an error.
 */
export function encryptedCookie(
  name: string,
  options: Attributes & { secrets: readonly string[]; purpose: string },
): Cookie {
  const { secrets, purpose, ...attributes } = options;
  if (secrets.length === 0) throw new Error(`encrypted cookie ${name} needs at least one secret`);
  return {
    name,
    isSigned: true,
    get expires() {
      return attributes.maxAge !== undefined ? new Date(Date.now() + attributes.maxAge * 1000) : attributes.expires;
    },
    async parse(header) {
      const value = cookieValue(header, name);
      if (!value) return null;
      const plaintext = unseal(value, secrets, purpose);
      if (plaintext === null) return null;
      try {
        return JSON.parse(plaintext) as unknown;
      } catch {
        return null;
      }
    },
    async serialize(value, overrides) {
      const merged = { ...attributes, ...overrides };
      return setCookieHeader(name, value === "" ? "" : seal(JSON.stringify(value), secrets[0], purpose), merged);
    },
  };
}
