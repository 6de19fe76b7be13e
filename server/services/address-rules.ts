// SPEC §6 address permissions as the provider applies them to every order and address call (decision 075):
// dellAddress — choose any of the customer's addresses for a stock order; indAddress — the same for a wearer pack;
// addAddress — type a new address; customAddressOnly — must type one. Without the choice permission an order goes
// to the customer's default address (the first active delivery address by label, as GET /api/customer-address
// lists them), or — for an approver ordering a punched-out basket — to the address that basket was saved with.
import { Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { addressText } from "../../app/domain/address";
import { normalisePostcode } from "../../app/domain/postcode";
import { canApprove, has, type Caller } from "../auth/caller";
import { basketKey, loadBasketState } from "./basket-session";

export type AddressUse = "stock" | "wearerPack";

/**
 * A delivery address's postcode, for every call that writes one (saved, typed at checkout, typed in an order): the one
 * rule of portal and provider (decisions 112, 120), written as Royal Mail writes it, `sw1a1aa` → `SW1A 1AA`.
 */
export const postcodeField = () =>
  z
    .string()
    .max(40)
    .transform((v, ctx) => {
      const result = normalisePostcode(v);
      if (result.ok) return result.postcode;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: result.message });
      return z.NEVER;
    });

/** A typed address's lines, as the address book and an order's custom address both take them (with a label). */
export const typedAddress = <L extends z.ZodTypeAny>(label: L) =>
  z
    .object({
      label,
      addressee: z.string().trim().max(200).optional(),
      addr1: z.string().trim().min(1).max(200),
      addr2: z.string().trim().max(200).optional(),
      city: z.string().trim().min(1).max(100),
      zip: postcodeField(),
    })
    .strict();

/** The addresses row for a typed address (the book's or an order's), with its one-line text. */
export function typedAddressRow(
  owner: { customerId: number; kind: string; userId: number; now: Date },
  label: string,
  a: { addressee?: string; addr1: string; addr2?: string; city: string; zip: string },
) {
  return {
    customer_id: owner.customerId,
    kind: owner.kind,
    created_by_user_id: owner.userId,
    label,
    addressee: a.addressee ?? null,
    addr1: a.addr1,
    addr2: a.addr2 ?? "",
    city: a.city,
    zip: a.zip,
    addr_text: addressText(a),
    created_at: owner.now.toISOString(),
  };
}

export interface AddressRights {
  /** May pick any of the customer's addresses, per kind of order. */
  choose: Record<AddressUse, boolean>;
  /** May type a new address. */
  type: boolean;
  /** Must type the address (customAddressOnly). */
  typeOnly: boolean;
}

export function addressRights(caller: Caller): AddressRights {
  if (caller.isEvolveUser) return { choose: { stock: true, wearerPack: true }, type: true, typeOnly: false };
  const typeOnly = has(caller, "customAddressOnly");
  return {
    typeOnly,
    type: typeOnly || has(caller, "addAddress"),
    choose: { stock: !typeOnly && has(caller, "dellAddress"), wearerPack: !typeOnly && has(caller, "indAddress") },
  };
}

/** The customer's default delivery address: the first active one, in GET /api/customer-address order. */
export async function defaultAddress(db: Knex, customerId: number): Promise<{ id: number; label: string } | undefined> {
  return db("addresses")
    .where({ customer_id: customerId, kind: "customer", is_inactive: false })
    .orderBy(["label", "id"])
    .first("id", "label");
}

/**
 * The address a punched-out basket was approved for, when the caller is an approver holding such a basket in the
 * live basket (approvedOrderAddressId, decision 081) and one of the customer's punched-out baskets, not yet ordered,
 * was saved with it. An address merely written into one's own basket state proves nothing.
 */
async function approvedAddressId(db: Knex, caller: Caller, customerId: number): Promise<number | null> {
  if (!canApprove(caller)) return null;
  const state = await loadBasketState(db, basketKey(caller, customerId));
  const id = state.approvedOrderAddressId == null ? null : Number(state.approvedOrderAddressId);
  if (id == null) return null;
  const basket = await db("saved_baskets")
    .where({ customer_id: customerId, is_punchout: true, checked_out: false, address_id: id })
    .first("id");
  return basket ? id : null;
}

export interface AddressPolicy {
  rights: AddressRights;
  defaultAddress: { id: number; label: string } | undefined;
  approvedAddressId: number | null;
}

export async function addressPolicy(db: Knex, caller: Caller, customerId: number): Promise<AddressPolicy> {
  const rights = addressRights(caller);
  const [fallback, approved] = await Promise.all([
    defaultAddress(db, customerId),
    rights.choose.stock ? null : approvedAddressId(db, caller, customerId),
  ]);
  return { rights, defaultAddress: fallback, approvedAddressId: approved };
}

/** Whether the caller may send this (active, own-customer) address id with an order of this kind. */
export function mayUseAddress(policy: AddressPolicy, use: AddressUse, addressId: number): boolean {
  if (policy.rights.typeOnly) return false;
  if (policy.rights.choose[use]) return true;
  return addressId === policy.defaultAddress?.id || (use === "stock" && addressId === policy.approvedAddressId);
}

/** 403 unless the caller may send this address id with an order of this kind. */
export function requireAddressChoice(policy: AddressPolicy, use: AddressUse, addressId: number, field: string): void {
  if (mayUseAddress(policy, use, addressId)) return;
  if (policy.rights.typeOnly) throw new Forbidden("This account must type the delivery address", { field });
  const to = policy.defaultAddress ? `; its orders go to ${policy.defaultAddress.label}` : "";
  throw new Forbidden(`This account may not choose the delivery address${to}`, { field });
}

/** 403 unless the caller may type a new address. */
export function requireAddressTyping(rights: AddressRights, field: string): void {
  if (!rights.type) throw new Forbidden("This account may not type a new delivery address", { field });
}
