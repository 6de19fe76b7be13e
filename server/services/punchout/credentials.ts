/** Punchout credentials (decision 107): the shared secret's hash, a profile's business unit, the credential check under the log-in limits. */
import { NotAuthenticated } from "@feathersjs/errors";
import type { Params } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { randomBytes, scrypt } from "node:crypto";
import { clientAddressOf } from "../../auth/client-address";
import { underLoginLimits } from "../../auth/limits";
import { verifyPassword } from "../../auth/password";

/** A start token is valid this long after the setup request. */
export const START_TOKEN_TTL_MS = 5 * 60_000;

/** One message for every credential refusal: unknown identity, wrong secret, inactive profile, To mismatch. */
export const INVALID_PUNCHOUT_CREDENTIALS = "Invalid punchout credentials";

// ---------------------------------------------------------------------------------------------------------------
// Shared secrets: scrypt, the parameters and format of users.password_hash, so verifyPassword checks them.

const SCRYPT = { N: 16384, r: 8, p: 1 };

const KEY_LENGTH = 64;

/**
 * 'scrypt$N$r$p$salt$hash' of a shared secret. The salt is random unless given (the demo seed gives a fixed one so
 * that two seeds are identical; decision 040).
 */
export function hashSecret(secret: string, salt: Buffer = randomBytes(16)): Promise<string> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { ...SCRYPT, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err
        ? reject(err)
        : resolve(
            ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), key.toString("base64url")].join("$"),
          ),
    ),
  );
}

/** Checked against when the identity is unknown, so that costs one scrypt as a wrong secret does; made once, at load. */
const DUMMY_HASH = hashSecret("not-a-real-punchout-secret");

// ---------------------------------------------------------------------------------------------------------------
// Credentials

export interface ProfileRow {
  id: number;
  customer_id: number;
  protocol: "cxml" | "oci";
  to_identity: string | null;
  secret_hash: string;
  user_id: number;
  form_encoding: string;
  needs_approval: unknown;
  default_address_id: number | null;
  ordering_allowed: unknown;
  is_active: unknown;
}

/** The profile's user is active and still a user of the profile's customer: their unit, else null. */
export async function unitOf(db: Knex, profile: ProfileRow): Promise<{ contact_id: number } | null> {
  const row = await db("user_customers as uc")
    .join("users as u", "u.id", "uc.user_id")
    .where({ "uc.user_id": profile.user_id, "uc.customer_id": profile.customer_id })
    .first("uc.contact_id", "u.is_inactive");
  return row && !row.is_inactive ? { contact_id: row.contact_id } : null;
}

/**
 * The active profile these credentials name, or null. Exactly one scrypt runs whatever the cause, so an unknown
 * identity costs what a wrong secret costs; the secret is compared in constant time (verifyPassword).
 */
export async function checkCredentials(
  db: Knex,
  find: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
  secret: string,
  accept: (profile: ProfileRow) => boolean,
): Promise<ProfileRow | null> {
  const profile: ProfileRow | undefined = await find(db("punchout_profiles")).first();
  const secretOk = await verifyPassword(secret, profile?.secret_hash ?? (await DUMMY_HASH));
  if (!profile || !secretOk || !profile.is_active || !accept(profile)) return null;
  return (await unitOf(db, profile)) ? profile : null;
}

export const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * The log-in limits (decision 027) guard the shared secrets too: failures per client address and identity, and per
 * client address, each with its own keys (a punchout failure does not block a person's log-in, nor the reverse).
 */
export async function withLimits<T>(
  db: Knex,
  now: Date,
  params: Params,
  identity: string,
  check: () => Promise<T | null>,
): Promise<T> {
  const address = clientAddressOf(params);
  return underLoginLimits(
    db,
    now,
    {
      perName: `punchout:address+identity:${address}|${identity.trim().toLowerCase()}`,
      perAddress: `punchout:address:${address}`,
      refusal: "Too many failed punchout log-in attempts.",
    },
    async () => {
      const result = await check();
      if (result === null) throw new NotAuthenticated(INVALID_PUNCHOUT_CREDENTIALS);
      return result;
    },
  );
}
