/** Where an order goes: its delivery addresses (chosen or typed, by the address rules) and its carriage. */
import type { Knex } from "knex";
import { z } from "zod";
import { type Caller } from "../../auth/caller";
import {
  requireAddressChoice,
  requireAddressTyping,
  typedAddressRow,
  type AddressPolicy,
  type AddressUse,
} from "../address-rules";
import { money } from "../base";
import { deliveryAvailability } from "../delivery-rules";
import { bad } from "./common";
import { customAddress } from "./order-schemas";
import type { AddressRow, CarriageRow } from "./rows";

export interface Destination {
  id: number | null;
  name: string;
  addressee: string | null;
  addr1: string;
  addr2: string;
  city: string;
  zip: string;
  text: string;
}

interface AddressRequest {
  policy: AddressPolicy;
  use: AddressUse;
  addressId: number | null | undefined;
  custom: z.infer<typeof customAddress> | null | undefined;
  field: string;
}

/** The order's destination, by SPEC §6 (decision 075): an address the caller may choose, or one they may type. */
export async function resolveAddress(
  trx: Knex,
  caller: Caller,
  customerId: number,
  r: AddressRequest,
  now: Date,
): Promise<Destination> {
  const { addressId, custom, field } = r;
  if (addressId != null) {
    const a: AddressRow | undefined = await trx("addresses")
      .where({ id: addressId, customer_id: customerId, is_inactive: false })
      .first();
    if (!a) throw bad(field, `address ${addressId} is not one of this customer's delivery addresses`);
    requireAddressChoice(r.policy, r.use, a.id, field);
    return {
      id: a.id,
      name: a.label,
      addressee: a.addressee ?? null,
      addr1: a.addr1,
      addr2: a.addr2,
      city: a.city,
      zip: a.zip,
      text: a.addr_text,
    };
  }
  if (custom) {
    requireAddressTyping(r.policy.rights, field);
    const row = typedAddressRow(
      { customerId, kind: "custom", userId: caller.userId, now },
      custom.label || custom.addr1,
      custom,
    );
    const [inserted]: Array<{ id: number } | number> = await trx("addresses").insert(row).returning("id");
    return {
      id: typeof inserted === "object" ? inserted.id : inserted,
      name: row.label,
      addressee: row.addressee,
      addr1: row.addr1,
      addr2: row.addr2,
      city: row.city,
      zip: row.zip,
      text: row.addr_text,
    };
  }
  throw bad(field, "a delivery address (addressId or customAddress) is required");
}

/** The ship method asked for, or by default the cheapest one these lines may use (decision 073). */
export async function resolveCarriage(
  trx: Knex,
  customerId: number,
  id: number | null | undefined,
  field: string,
  lines: ReadonlyArray<{ amount: number }>,
): Promise<CarriageRow> {
  const q = trx("carriage")
    .where("is_inactive", false)
    .where((w) => {
      w.whereNull("customer_id").orWhere("customer_id", customerId);
    });
  const subTotal = money(lines.reduce((s, l) => s + l.amount, 0));
  const row: CarriageRow | undefined =
    id != null
      ? await q.where("id", id).first()
      : ((await q.orderBy(["shipping_flat_rate_amount", "id"])) as CarriageRow[]).find(
          (r) => deliveryAvailability(r, subTotal).available,
        );
  if (!row) throw bad(field, id != null ? `shipping method ${id} is not available` : "no shipping method is available");
  return row;
}
