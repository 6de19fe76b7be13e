import { expect, it } from "vitest";
import { canAmendDeliveryAddress } from "./order-amend";

it.each([
  [["amendOrderDeliveryAddress"], true, false, true],
  [["amendOrderDeliveryAddress"], false, false, false],
  [["amendOrderDeliveryAddress"], true, true, false],
  [["viewOrderHistory"], true, false, false],
])("permissions %j, nothing despatched %s, rejected %s → %s", (permissions, nothingDespatched, rejected, expected) => {
  expect(canAmendDeliveryAddress(permissions, { nothingDespatched, rejected })).toBe(expected);
});
