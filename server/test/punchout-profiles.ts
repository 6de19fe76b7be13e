import { beforeAll, beforeEach } from "vitest";
import { hashSecret } from "../services/punchout";
import { APEX, type TestProvider } from "./fixtures";

/** The shared secret (cXML) and password (OCI) of every punchout profile the punchout tests insert (decision 107). */
export const PUNCHOUT_SECRET = "apex-punchout-secret";

const created_at = "2026-01-01T00:00:00.000Z";

/** A cXML punchout profile of Apex that opens sessions as user 5, from and sent by `identity` to the portal. */
export const cxmlProfile = (secret_hash: string, id: number, name: string, identity: string, extra: object = {}) => ({
  id,
  customer_id: APEX,
  name,
  protocol: "cxml",
  from_identity: identity,
  sender_identity: identity,
  to_identity: "workwear-portal",
  secret_hash,
  user_id: 5,
  created_at,
  ...extra,
});

/** Apex's OCI punchout profile (user name apex-rail) that opens sessions as user 5. */
export const ociProfile = (secret_hash: string, id: number, extra: object = {}) => ({
  id,
  customer_id: APEX,
  name: "Apex SRM",
  protocol: "oci",
  oci_username: "apex-rail",
  secret_hash,
  user_id: 5,
  created_at,
  ...extra,
});

/**
 * A punchout test file's set-up, after `useProvider`: a `beforeAll` that inserts the profiles `rows` makes from the
 * hash of PUNCHOUT_SECRET, in order, and a `beforeEach` that empties the log-in limits (each test starts afresh).
 */
export function usePunchoutProfiles(p: TestProvider, rows: (secretHash: string) => object[]): void {
  beforeAll(async () => {
    const secretHash = await hashSecret(PUNCHOUT_SECRET);
    for (const row of rows(secretHash)) await p.db("punchout_profiles").insert(row);
  });
  beforeEach(async () => {
    await p.db("auth_limits").del();
  });
}

/** The body of a cXML punchout set-up from `identity` with PUNCHOUT_SECRET; `over` adds or replaces fields. */
export const cxmlSetupBody = (identity: string, over: Record<string, unknown>) => ({
  protocol: "cxml",
  fromIdentity: identity,
  senderIdentity: identity,
  sharedSecret: PUNCHOUT_SECRET,
  toIdentity: "workwear-portal",
  ...over,
});
