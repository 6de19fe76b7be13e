/** /api/customer-address: the customer's delivery addresses. */
import { Forbidden } from "@feathersjs/errors";
import { z } from "zod";
import { has } from "../../auth/caller";
import { type FieldSpec } from "../../query/dialect";
import {
  addressPolicy,
  addressRights,
  mayUseAddress,
  requireAddressTyping,
  typedAddress,
  typedAddressRow,
} from "../address-rules";
import { bodyOf, callerOf, ListService, requireCustomer, type Ctx, type ListDef, type ProviderParams } from "../base";
import { parseOr400 } from "../basket-session";
import { ownedDef } from "./lists";

export function addressOut(r: any) {
  return {
    internalId: String(r.id),
    label: r.label,
    kind: r.kind,
    details: {
      addressee: r.addressee ?? null,
      addr1: r.addr1,
      addr2: r.addr2,
      city: r.city,
      zip: r.zip,
      country: r.country,
      addrText: r.addr_text,
      custrecord4: { value: !!r.is_inactive },
    },
  };
}

const addressFields = {
  internalId: { type: "int", column: "addresses.id", sortable: true },
  label: { type: "string", column: "addresses.label", sortable: true },
  zip: { type: "string", column: "addresses.zip" },
  "details.custrecord4.value": { type: "bool", column: "addresses.is_inactive" },
  isInactive: { type: "bool", column: "addresses.is_inactive" },
} satisfies Record<string, FieldSpec>;

/**
 * GET /api/customer-address ($limit 10000, details.custrecord4.value[$ne]=true) and /api/custom-addresses. Each
 * address also says whether it is the customer's default and whether the caller may send it with a stock order or
 * a wearer pack (SPEC §6, decision 075), so the portal shows what the provider will accept.
 */
export const addressesDef = (
  kind: "customer" | "custom",
): ListDef<
  ReturnType<typeof addressOut> & { isDefault: boolean; orderUse: { stock: boolean; wearerPack: boolean } }
> => {
  const def = ownedDef({
    what: "Address",
    table: "addresses",
    fields: addressFields,
    sort: "label",
    map: addressOut,
    where: (q) => q.where("addresses.kind", kind),
  });
  return {
    ...def,
    map: async (ctx, rows, caller) => {
      const policy = await addressPolicy(ctx.db, caller, requireCustomer(caller));
      return rows.map((r) => ({
        ...addressOut(r),
        isDefault: r.id === policy.defaultAddress?.id,
        orderUse: {
          stock: !r.is_inactive && mayUseAddress(policy, "stock", r.id),
          wearerPack: !r.is_inactive && mayUseAddress(policy, "wearerPack", r.id),
        },
      }));
    },
  };
};

const newAddress = typedAddress(z.string().trim().min(1).max(200));

/** Addresses: list/get, and POST a new one (addAddress permission for the address book). */
export class AddressService extends ListService<ReturnType<typeof addressOut>> {
  constructor(
    ctx: Ctx,
    private kind: "customer" | "custom",
  ) {
    super(ctx, addressesDef(kind));
  }
  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    if (this.kind === "customer" && !has(caller, "addAddress") && !caller.isEvolveUser)
      throw new Forbidden("Adding delivery addresses is not allowed for this account");
    // a typed address of one's own (custom-addresses) needs addAddress or customAddressOnly (SPEC §6)
    if (this.kind === "custom") requireAddressTyping(addressRights(caller), "body");
    const a = parseOr400(newAddress, bodyOf(data));
    const [row] = await this.ctx
      .db("addresses")
      .insert(typedAddressRow({ customerId, kind: this.kind, userId: caller.userId, now: this.ctx.now() }, a.label, a))
      .returning("id");
    return this.get(typeof row === "object" ? row.id : row, { ...params, query: {} });
  }
  /** PATCH /api/customer-address/:id {isInactive} — retire or restore an address (dellAddress). */
  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { isInactive } = parseOr400(z.object({ isInactive: z.boolean() }).strict(), bodyOf(data));
    const current = await this.get(id, { ...params, query: {} });
    if (!has(caller, "dellAddress") && !caller.isEvolveUser)
      throw new Forbidden("Changing delivery addresses is not allowed for this account");
    await this.ctx.db("addresses").where("id", Number(current.internalId)).update({ is_inactive: isInactive });
    return this.get(id, { ...params, query: {} });
  }
}
