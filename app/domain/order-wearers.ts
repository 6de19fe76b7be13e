import { MULTIPLE_DELIVERY_ADDRESSES } from "./messages";
import { orderItems, type Order, type OrderItem } from "./order";
import { addressLines, shipToAddress, type OrderAddress } from "./order-address";

// A wearer-pack order's lines by wearer (issue 15 item 8, decision 104): the order detail, the approval view and the
// checkout confirmation show a section per wearer with their lines and where they go.

type WearerLine = Pick<OrderItem, "employee" | "shipAddress">;

export interface WearerLines<L> {
  /** the wearer's contact id; "" for lines that name no wearer */
  key: string;
  /** the wearer's name as the provider gives it; else 'Wearer 5102'; else 'No wearer named' */
  name: string;
  /** where the wearer's lines go (SPEC §3 rules 2–4 for their ship-to); 'Multiple delivery addresses' when they differ */
  address: OrderAddress;
  /** the same, as display lines */
  addressLines: string[];
  lines: L[];
}

export const NO_WEARER_NAMED = "No wearer named";

function wearerName(key: string, lines: readonly WearerLine[]): string {
  const named = lines.map((l) => (l.employee?.name ?? "").trim()).find((name) => name !== "");
  return named ?? (key === "" ? NO_WEARER_NAMED : `Wearer ${key}`);
}

const shipToKey = (line: WearerLine) =>
  `${line.shipAddress?.internalId ?? ""}|${(line.shipAddress?.name ?? "").trim()}`;

/**
 * The order's lines grouped by wearer (`itemList.item[].employee.internalId`), wearers in the order their first line
 * comes, each wearer's lines in the order's order. Lines naming no wearer make one group of their own.
 */
export function linesByWearer<L extends WearerLine>(
  order: Pick<Order, "shipGroupList"> & { itemList?: { item?: L[] | null } | null },
): WearerLines<L>[] {
  const groups = new Map<string, L[]>();
  for (const line of orderItems(order) as L[]) {
    const key = line.employee?.internalId == null ? "" : String(line.employee.internalId);
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups].map(([key, lines]) => {
    const shipTos = new Set(lines.map(shipToKey));
    const address: OrderAddress =
      shipTos.size > 1
        ? { kind: "multiple", text: MULTIPLE_DELIVERY_ADDRESSES }
        : shipToAddress(order, lines[0].shipAddress);
    return { key, name: wearerName(key, lines), address, addressLines: addressLines(address), lines };
  });
}
