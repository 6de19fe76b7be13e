import type { PortalUser } from "~/auth/require-user.server";
import { addressChoice, type AddressChoice } from "~/domain/address";
import {
  allowancesLeft,
  budgetLabel,
  calendarDay,
  checkAllowance,
  overAllowances,
  packLinesOf,
  POINTS_BUDGET_TYPE,
  wearerName,
  type AllowanceLeft,
} from "~/domain/allowance";
import { optionLabels, UNKNOWN_PRODUCT } from "~/domain/basket-lines";
import { findPack, removePack, removePackLine, setPackDelivery, setPackLineQty } from "~/domain/packs";
import { PLACEHOLDER_IMAGE } from "~/domain/product-card";
import { checkOrderQuantity, quantityStep } from "~/domain/quantity";
import { listCustomerAddresses, type Address } from "~/upstream/addresses.server";
import { getBasket, getPackItemsById, patchBasket, type BasketState, type PackItem } from "~/upstream/basket.server";
import { listShipMethods } from "~/upstream/carriage.server";
import { getWearersById, type ContactBudget, type WearerContact } from "~/upstream/contacts.server";
import type { UpstreamClient } from "~/upstream/client.server";
import type { BasketChange } from "./basket-changes.server";
import type { SummaryTotals } from "~/checkout/checkout.server";
import { wearerPackMoney, type PackMoney } from "~/checkout/wearer-pack-money.server";
import { shippingLabel } from "~/domain/money";
import { countOf } from "~/domain/plural";

// The wearer-pack basket (issue 15 item 5, decision 101): the /basket page's view of the manpack packs, one section a
// wearer, and the changes behind its intents (pack-update, pack-remove-line, pack-remove, pack-delivery,
// pack-instructions). basket.server.ts, the page's one server module, dispatches to these. The pack operations
// themselves are app/domain/packs.ts; the allowance rule app/domain/allowance.ts. The provider checks everything again
// when the packs are ordered.

export const NOT_IN_PACKS = "That wearer has no pack in your basket.";
export const NOT_IN_PACK = "That product is not in this wearer's pack.";
export const UNKNOWN_WEARER = "That wearer could not be found.";
export const UNKNOWN_ADDRESS = "Choose one of the delivery addresses shown.";
export const UNKNOWN_METHOD = "Choose one of the delivery methods shown.";

const refuse = (message: string, status?: number): BasketChange => ({ ok: false, message, ...(status && { status }) });

// ---------------------------------------------------------------- the view

export interface PackLineView {
  productId: string;
  name: string;
  thumbnail: string;
  options: string[];
  qty: number;
  step: number;
  /** What one of the item charges: its allocation type's name, or its points; null when no budget limits it. */
  charges: string | null;
  /** The line's amount as its checkout charges it ("£19.50"); null where the account's prices are hidden. */
  amountText: string | null;
}

export interface PackAllowanceView {
  label: string;
  /** What is left after this pack; below 0 when the pack is over it. */
  left: number;
  points: boolean;
}

export interface PackView {
  employeeId: string;
  name: string;
  employeeRef: string | null;
  grade: string | null;
  /** The provider no longer answers the wearer as active (or at all): the pack cannot be ordered. */
  inactive: boolean;
  lines: PackLineView[];
  itemCount: number;
  /** Each of the wearer's budgets, after this pack's lines. */
  allowances: PackAllowanceView[];
  /** The provider's words for each budget this pack overspends ("Wes Wearer has 1 JKT allowance left; this pack needs 2"). */
  overAllowance: string[];
  /** The delivery address chosen for this wearer, else null (the customer's default). */
  addressId: string | null;
  /** The delivery method chosen for this wearer, else null. */
  shippingMethod: string | null;
  /** Without a method chosen: the one the provider will use (the cheapest the pack may use), worded; null unknown. */
  defaultMethodText: string | null;
  /** The pack's goods before delivery and VAT, as its checkout charges them; null where prices are hidden or unquoted. */
  subTotalText: string | null;
}

export interface WearerPackBasketView {
  packs: PackView[];
  /** The addresses the caller may send with a wearer pack (orderUse.wearerPack, decision 075), the default first. */
  addresses: AddressChoice[];
  /** Several addresses to choose from (indAddress); else the one address is shown as fixed. */
  chooseAddress: boolean;
  shipMethods: Array<{ internalId: string; label: string }>;
  instructions: string;
  /** The basket's figures as its checkout charges them (one function, wearerPackMoney); null where prices are hidden. */
  totals: SummaryTotals | null;
}

function chargesText(item: PackItem | undefined, budgets: readonly ContactBudget[]): string | null {
  if (!item) return null;
  if (budgets.some((b) => b.type === POINTS_BUDGET_TYPE)) return `${countOf(item.itemPoints ?? 0, "point")} each`;
  return item.allocationType === null ? null : (item.allocationTypeName ?? item.allocationType);
}

/** The addresses a wearer pack may go to (orderUse.wearerPack; an answer without it counts), the default first. */
export function wearerPackAddresses(addresses: readonly Address[]): Address[] {
  const usable = addresses.filter((a) => a.orderUse?.wearerPack !== false);
  return [...usable.filter((a) => a.isDefault), ...usable.filter((a) => !a.isDefault)];
}

export function packView(
  pack: BasketState["manpack"][number],
  wearer: WearerContact | undefined,
  items: ReadonlyMap<string, PackItem>,
  today: string,
  money: { priced: PackMoney | undefined; methodText: (id: string | null) => string | null } = {
    priced: undefined,
    methodText: () => null,
  },
): PackView {
  const budgets = wearer?.budgets ?? [];
  const after: AllowanceLeft<ContactBudget>[] = allowancesLeft(budgets, packLinesOf(pack.data, items), today);
  const named = wearer ?? { firstName: null, lastName: null };
  return {
    employeeId: pack.employeeId,
    name: wearer ? wearerName(named) : `Wearer ${pack.employeeId}`,
    employeeRef: wearer?.employeeRef ?? null,
    grade: wearer?.grade ?? null,
    inactive: !wearer || wearer.isInactive,
    lines: pack.data.map((line) => {
      const item = items.get(line.productId);
      return {
        productId: line.productId,
        name: line.name ?? item?.displayName ?? `Product ${line.productId}`,
        thumbnail: line.thumbnail || PLACEHOLDER_IMAGE,
        options: optionLabels(line.options),
        qty: line.qty,
        step: item ? quantityStep(item) : 1,
        charges: chargesText(item, budgets),
        amountText: money.priced?.lines.get(line.productId)?.amountText ?? null,
      };
    }),
    itemCount: pack.data.reduce((sum, line) => sum + line.qty, 0),
    allowances: after.map((a) => ({
      label: budgetLabel(a.budget),
      left: a.left,
      points: a.budget.type === POINTS_BUDGET_TYPE,
    })),
    overAllowance: overAllowances(named, after),
    addressId: typeof pack.addressId === "string" ? pack.addressId : null,
    shippingMethod: typeof pack.shippingMethod === "string" ? pack.shippingMethod : null,
    defaultMethodText: money.methodText(money.priced?.quotedMethod ?? null),
    subTotalText: money.priced?.subTotalText ?? null,
  };
}

/**
 * The wearer-pack basket's data: each wearer (one GET /api/contact for all), their lines' items with allocations (one
 * GET /api/item for all), what is left of each budget after the pack, the addresses a wearer pack may go to and the
 * delivery methods.
 */
export async function wearerPackBasketView(
  client: UpstreamClient,
  basket: BasketState,
  { pricesHidden = false }: { pricesHidden?: boolean } = {},
  now: Date = new Date(),
): Promise<WearerPackBasketView> {
  const [wearers, items, addresses, methods] = await Promise.all([
    getWearersById(
      client,
      basket.manpack.map((pack) => pack.employeeId),
    ),
    getPackItemsById(
      client,
      basket.manpack.flatMap((pack) => pack.data.map((line) => line.productId)),
    ),
    listCustomerAddresses(client),
    listShipMethods(client),
  ]);
  const byId = new Map(wearers.map((w) => [w.internalId, w]));
  const itemsById = new Map(items.map((item) => [item.internalId, item]));
  const today = calendarDay(now);
  const usable = wearerPackAddresses(addresses);
  const names = basket.manpack.map((pack) => {
    const wearer = byId.get(pack.employeeId);
    return wearer ? wearerName(wearer) : `Wearer ${pack.employeeId}`;
  });
  // the money as the checkout charges it (issue 34 item 6): one quote, none where the account's prices are hidden
  const money = pricesHidden
    ? { packs: new Map<string, PackMoney>(), totals: null }
    : await wearerPackMoney(client, { packs: basket.manpack, names, items, hidden: false });
  const methodText = (id: string | null) => {
    const method = id ? methods.find((m) => m.internalId === id) : undefined;
    return method ? shippingLabel(method) : null;
  };
  return {
    packs: basket.manpack.map((pack) =>
      packView(pack, byId.get(pack.employeeId), itemsById, today, {
        priced: money.packs.get(pack.employeeId),
        methodText,
      }),
    ),
    addresses: usable.map(addressChoice),
    chooseAddress: usable.length > 1,
    shipMethods: methods.map((m) => ({ internalId: m.internalId, label: m.description })),
    instructions: basket.instructions.manpack,
    totals: money.totals,
  };
}

// ---------------------------------------------------------------- the changes, one per intent

/**
 * intent=pack-update: a new quantity for a line of a wearer's pack; 0 removes it (and a pack left empty goes). The
 * quantity obeys the item's rules; a rise that would take the wearer over an allowance is refused in the provider's
 * words. A lower quantity is always taken, even while the pack is still over.
 */
export async function updatePackLine(
  client: UpstreamClient,
  employeeId: string,
  productId: string,
  qty: string,
  now: Date = new Date(),
): Promise<BasketChange> {
  const basket = await getBasket(client);
  const pack = findPack(basket.manpack, employeeId);
  if (!pack) return refuse(NOT_IN_PACKS);
  const line = pack.data.find((l) => l.productId === productId);
  if (!line) return refuse(NOT_IN_PACK);
  const items = new Map(
    (
      await getPackItemsById(
        client,
        pack.data.map((l) => l.productId),
      )
    ).map((item) => [item.internalId, item]),
  );
  const found = items.get(productId);
  const item = found && !found.isInactive ? found : undefined;
  // a product gone from the catalogue can still be taken out (0), not changed
  const check = checkOrderQuantity(item ?? {}, qty, { zeroRemoves: true });
  if (!item && !(check.ok && check.qty === 0)) return refuse(UNKNOWN_PRODUCT);
  if (!check.ok) return refuse(check.message);
  if (item && check.qty > line.qty) {
    const [wearer] = (await getWearersById(client, [employeeId])).filter((w) => w.internalId === employeeId);
    if (!wearer) return refuse(UNKNOWN_WEARER);
    const others = pack.data.filter((l) => l.productId !== productId);
    const allowance = checkAllowance({
      wearer,
      budgets: wearer.budgets,
      lines: packLinesOf(others, items),
      item,
      quantity: check.qty,
      today: calendarDay(now),
    });
    if (!allowance.ok) return refuse(allowance.message);
  }
  const manpack = setPackLineQty(basket.manpack, employeeId, productId, check.qty);
  if (!manpack) return refuse(NOT_IN_PACK);
  const message = check.qty === 0 ? "Removed from the wearer's pack" : "Wearer's pack updated";
  return { ok: true, basket: await patchBasket(client, { manpack }), message };
}

/** intent=pack-remove-line: a line out of a wearer's pack (a pack left empty goes). */
export async function removePackLineChange(
  client: UpstreamClient,
  employeeId: string,
  productId: string,
): Promise<BasketChange> {
  const basket = await getBasket(client);
  if (!findPack(basket.manpack, employeeId)) return refuse(NOT_IN_PACKS);
  const manpack = removePackLine(basket.manpack, employeeId, productId);
  if (!manpack) return refuse(NOT_IN_PACK);
  return { ok: true, basket: await patchBasket(client, { manpack }), message: "Removed from the wearer's pack" };
}

/** intent=pack-remove: the wearer's whole pack. */
export async function removePackChange(client: UpstreamClient, employeeId: string): Promise<BasketChange> {
  const basket = await getBasket(client);
  const manpack = removePack(basket.manpack, employeeId);
  if (!manpack) return refuse(NOT_IN_PACKS);
  return { ok: true, basket: await patchBasket(client, { manpack }), message: "Wearer's pack removed" };
}

/**
 * intent=pack-delivery: a wearer's delivery method, and with it the address when the caller may choose one
 * (orderUse.wearerPack, decision 075: indAddress). An address the caller may not send is refused with the provider's
 * words (403), an unknown one or an unknown method with 400; nothing is written. Without an address posted the pack
 * keeps the one it has (none: the customer's default).
 */
export async function setPackDeliveryChange(
  user: Pick<PortalUser, "upstream">,
  input: { employeeId: string; addressId?: string; shippingMethod: string },
): Promise<BasketChange> {
  const client = user.upstream;
  const [basket, addresses, methods] = await Promise.all([
    getBasket(client),
    listCustomerAddresses(client),
    listShipMethods(client),
  ]);
  if (!findPack(basket.manpack, input.employeeId)) return refuse(NOT_IN_PACKS);
  if (!methods.some((m) => m.internalId === input.shippingMethod)) return refuse(UNKNOWN_METHOD);
  if (input.addressId !== undefined) {
    const address = addresses.find((a) => a.internalId === input.addressId);
    if (!address) return refuse(UNKNOWN_ADDRESS);
    if (address.orderUse?.wearerPack === false) {
      const fallback = wearerPackAddresses(addresses)[0];
      const to = fallback ? `; its orders go to ${fallback.label}` : "";
      return refuse(`This account may not choose the delivery address${to}`, 403);
    }
  }
  const delivery =
    input.addressId === undefined
      ? { shippingMethod: input.shippingMethod }
      : { addressId: input.addressId, shippingMethod: input.shippingMethod };
  const manpack = setPackDelivery(basket.manpack, input.employeeId, delivery);
  if (!manpack) return refuse(NOT_IN_PACKS);
  return { ok: true, basket: await patchBasket(client, { manpack }), message: "Delivery saved for the wearer's pack" };
}

/** intent=pack-instructions: the wearer-pack basket's delivery instructions, kept with the basket until checkout. */
export async function setPackInstructions(client: UpstreamClient, manpack: string): Promise<BasketChange> {
  const basket = await getBasket(client);
  const saved = await patchBasket(client, { instructions: { ...basket.instructions, manpack } });
  return { ok: true, basket: saved, message: "Wearer-pack delivery instructions saved" };
}
