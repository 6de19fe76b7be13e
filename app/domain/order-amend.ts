/**
 * The delivery address of an order can change with amendOrderDeliveryAddress (SPEC §6) while nothing is
 * despatched and the order was not rejected (issue 7; the provider enforces the same).
 */
export function canAmendDeliveryAddress(
  permissions: readonly string[],
  order: { nothingDespatched: boolean; rejected: boolean },
): boolean {
  return permissions.includes("amendOrderDeliveryAddress") && order.nothingDespatched && !order.rejected;
}
