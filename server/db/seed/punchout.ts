/**
 * Demo punchout (issue 16 item 10, decision 107): Apex Rail Services punches out from a cXML system (Ariba-style
 * NetworkID AN-APEX-RAIL, SharedSecret apex-punchout-secret, To identity workwear-portal) and from an SAP SRM over
 * OCI (USERNAME apex-rail, PASSWORD apex-punchout-secret), both into punchout@demo.test's session; a second cXML
 * profile (AN-APEX-RAIL-APPROVAL, same secret) needs approval, so its transferred baskets wait for an approver
 * (decision 110). And the UNSPSC
 * code each catalogue category's lines are classified by in a transferred basket.
 */
import { createHash } from "node:crypto";
import type { Knex } from "knex";
import { hashSecret } from "../../services/punchout";
import { insertAll } from "./insert";
import type { CustomerContext } from "./people-rows";

export const DEMO_PUNCHOUT_SECRET = "apex-punchout-secret";
export const DEMO_CXML_IDENTITY = "AN-APEX-RAIL";
export const DEMO_CXML_APPROVAL_IDENTITY = "AN-APEX-RAIL-APPROVAL";
export const DEMO_CXML_TO_IDENTITY = "workwear-portal";
export const DEMO_OCI_USERNAME = "apex-rail";

/**
 * UNSPSC (v. 26) classes per seed category key, the same for the shared tree and each customer's own. Hi-vis and
 * flame-retardant garments are safety apparel; everyday workwear is classed by garment (trousers, shirts, coats);
 * healthcare garments are medical staff clothing; disposable examination gloves are medical gloves.
 */
export const UNSPSC_BY_CATEGORY: Record<string, string> = {
  "hi-vis": "46181500", // Safety apparel
  "hi-vis-vests": "46181500",
  "hi-vis-jackets": "46181500",
  "hi-vis-trousers": "46181500",
  workwear: "53102700", // Uniforms
  "work-trousers": "53101500", // Slacks and trousers and shorts
  "polos-tshirts": "53101600", // Shirts and blouses
  "jackets-fleeces": "53101800", // Coats and jackets
  footwear: "46181600", // Safety footwear
  "safety-boots": "46181600",
  "safety-trainers": "46181600",
  "flame-retardant": "46181500", // Safety apparel
  "fr-coveralls": "46181500",
  "fr-jackets-trousers": "46181500",
  gloves: "46181500", // Safety apparel (protective gloves)
  "work-gloves": "46181500",
  "disposable-gloves": "42132200", // Medical gloves and accessories
  healthcare: "42131600", // Medical staff clothing and related articles
  tunics: "42131600",
  scrubs: "42131600",
  ppe: "46180000", // Personal safety and protection
  "head-eye": "46181700", // Face and head protection
};

/** A fixed salt per profile, so two seeds give identical rows (decision 040); real profiles get a random one. */
const seedSalt = (name: string) => createHash("sha256").update(`punchout-seed:${name}`).digest().subarray(0, 16);

export async function seedPunchout(db: Knex, apex: CustomerContext, created: string): Promise<void> {
  const user = apex.users.get("punchout@demo.test");
  if (!user?.userId) throw new Error("seed: punchout@demo.test is not an Apex user");
  const common = {
    customer_id: apex.customer.id,
    user_id: user.userId,
    needs_approval: false,
    default_address_id: apex.addresses[0].id,
    ordering_allowed: false,
    is_active: true,
    created_at: created,
  };
  await insertAll(db, {
    punchout_profiles: [
      {
        id: 1,
        name: "Apex Rail – SAP Ariba (cXML)",
        protocol: "cxml",
        from_identity: DEMO_CXML_IDENTITY,
        sender_identity: DEMO_CXML_IDENTITY,
        to_identity: DEMO_CXML_TO_IDENTITY,
        oci_username: null,
        secret_hash: await hashSecret(DEMO_PUNCHOUT_SECRET, seedSalt("cxml")),
        form_encoding: "urlencoded",
        ...common,
      },
      {
        id: 2,
        name: "Apex Rail – SAP SRM (OCI)",
        protocol: "oci",
        from_identity: null,
        sender_identity: null,
        to_identity: null,
        oci_username: DEMO_OCI_USERNAME,
        secret_hash: await hashSecret(DEMO_PUNCHOUT_SECRET, seedSalt("oci")),
        form_encoding: "urlencoded",
        ...common,
      },
      {
        id: 3,
        name: "Apex Rail – SAP Ariba, approval needed (cXML)",
        protocol: "cxml",
        from_identity: DEMO_CXML_APPROVAL_IDENTITY,
        sender_identity: DEMO_CXML_APPROVAL_IDENTITY,
        to_identity: DEMO_CXML_TO_IDENTITY,
        oci_username: null,
        secret_hash: await hashSecret(DEMO_PUNCHOUT_SECRET, seedSalt("cxml-approval")),
        form_encoding: "urlencoded",
        ...common,
        needs_approval: true,
      },
    ],
  });
  for (const [slug, code] of Object.entries(UNSPSC_BY_CATEGORY))
    await db("categories").where("slug", slug).update({ unspsc: code });
}
