import { describe, expect, it } from "vitest";
import {
  ORDER_SOURCE_STATUSES,
  ORDER_STATUS_FILTERS,
  orderStatusColour,
  orderNextStep,
  orderStatusLabel,
  sourceStatusesOf,
  statusFilterOf,
} from "./order-status";
import { isWearerPackOrder, orderTotalQuantity } from "./order";

describe("orderStatusLabel (SPEC §4 table, row by row)", () => {
  it.each([
    ["Pending Approval", "Pending Approval"],
    ["Pending Fulfillment", "In Process"],
    ["Pending Fulfilment", "In Process"],
    ["Cancelled", "Cancelled"],
    ["Closed", "Closed"],
    ["Partially Fulfilled", "Part Despatched"],
    ["Pending Billing/Partially Fulfilled", "Part Despatched"],
    ["Pending Billing", "Fully Despatched"],
    ["Fully Billed", "Fully Despatched"],
    ["Billed", "Fully Despatched"],
  ])("%s → %s", (source, shown) => {
    expect(orderStatusLabel({ orderStatus: source })).toBe(shown);
    expect(orderStatusLabel({ status: source })).toBe(shown);
  });

  it("the list of source statuses is the table's left column", () => {
    expect(ORDER_SOURCE_STATUSES).toHaveLength(10);
    expect(new Set(ORDER_SOURCE_STATUSES).size).toBe(10);
  });

  it("a web-rejected flag overrides every status", () => {
    for (const s of ORDER_SOURCE_STATUSES)
      expect(orderStatusLabel({ orderStatus: s, webRejected: true })).toBe("Order rejected");
  });

  it("a pending-web-approval flag shows Pending Supervisor Approval", () => {
    expect(orderStatusLabel({ orderStatus: "Pending Approval", pendingWebApproval: true })).toBe(
      "Pending Supervisor Approval",
    );
  });

  it("rejection wins over pending web approval", () => {
    expect(orderStatusLabel({ webRejected: true, pendingWebApproval: true })).toBe("Order rejected");
  });

  it("orderStatus is preferred over status", () => {
    expect(orderStatusLabel({ orderStatus: "Billed", status: "Closed" })).toBe("Fully Despatched");
  });

  it("an unknown status is shown as sent; none shows empty", () => {
    expect(orderStatusLabel({ orderStatus: "On Hold" })).toBe("On Hold");
    expect(orderStatusLabel({})).toBe("");
  });
});

describe("orderStatusColour", () => {
  it.each([
    ["Pending Approval", "grey"],
    ["Pending Supervisor Approval", "grey"],
    ["Order rejected", "red"],
    ["Fully Despatched", "green"],
    ["In Process", "blue"],
    ["Part Despatched", "amber"],
    ["Cancelled", "red"],
    ["Closed", "grey"],
    ["Something new", "grey"],
  ])("%s is %s", (label, colour) => expect(orderStatusColour(label)).toBe(colour));
});

describe("order type and quantity (SPEC §3)", () => {
  it.each([
    [1, true],
    ["1", true],
    [2, false],
    [null, false],
    [undefined, false],
  ])("sales order type id %j → wearer pack %s", (id, expected) => {
    expect(isWearerPackOrder({ salesOrderTypeId: id })).toBe(expected);
  });

  it("reads the type id from a salesOrderType reference too", () => {
    expect(isWearerPackOrder({ salesOrderType: { internalId: "1" } })).toBe(true);
    expect(isWearerPackOrder({ salesOrderType: { internalId: 2 } })).toBe(false);
    expect(isWearerPackOrder({ salesOrderTypeId: 2, salesOrderType: { internalId: "1" } })).toBe(false);
  });

  it("total quantity is the sum of item quantities", () => {
    expect(
      orderTotalQuantity({
        itemList: { item: [{ quantity: 2 }, { quantity: 5 }, { quantity: "3" as unknown as number }] },
      }),
    ).toBe(10);
  });

  it("no items, or unreadable quantities, count 0", () => {
    expect(orderTotalQuantity({})).toBe(0);
    expect(orderTotalQuantity({ itemList: { item: null } })).toBe(0);
    expect(orderTotalQuantity({ itemList: { item: [{ quantity: Number.NaN }, { quantity: 1 }] } })).toBe(1);
  });
});

describe("the status filter: the labels users see (issue 14 item 5)", () => {
  it("offers each label once and no upstream spelling", () => {
    expect(new Set(ORDER_STATUS_FILTERS).size).toBe(ORDER_STATUS_FILTERS.length);
    expect(ORDER_STATUS_FILTERS).not.toContain("Pending Fulfillment");
    expect(ORDER_STATUS_FILTERS).not.toContain("Pending Fulfilment");
    expect(ORDER_STATUS_FILTERS).not.toContain("Billed");
  });

  it("every label an order can show is offered, and every upstream status lies behind exactly one", () => {
    for (const s of ORDER_SOURCE_STATUSES) {
      expect(ORDER_STATUS_FILTERS).toContain(orderStatusLabel({ orderStatus: s }));
      expect(ORDER_STATUS_FILTERS.filter((label) => sourceStatusesOf(label).includes(s))).toEqual([
        orderStatusLabel({ orderStatus: s }),
      ]);
    }
    expect(ORDER_STATUS_FILTERS).toContain(orderStatusLabel({ webRejected: true }));
    expect(ORDER_STATUS_FILTERS).toContain(orderStatusLabel({ pendingWebApproval: true }));
  });

  it.each([
    ["In Process", "In Process"],
    ["Pending Fulfillment", "In Process"],
    ["Billed", "Fully Despatched"],
    ["Order rejected", "Order rejected"],
    ["Shipped", undefined],
    ["", undefined],
  ])("statusFilterOf(%j) → %j", (value, label) => expect(statusFilterOf(value)).toBe(label));
});

describe("orderNextStep (the confirmation's words after the status label, decision 166)", () => {
  it("a requester's new order: the supervisor is named, under the label the history gives it", () => {
    const label = orderStatusLabel({ orderStatus: "Pending Approval", pendingWebApproval: true });
    expect(`Your order is ${label}: ${orderNextStep(label)}`).toBe(
      "Your order is Pending Supervisor Approval: your supervisor has been asked to approve it. It is sent once they approve it, and you can follow it in your order history.",
    );
  });

  it("the ERP's Pending Approval does not claim the supervisor was asked", () => {
    expect(orderNextStep(orderStatusLabel({ orderStatus: "Pending Approval" }))).not.toMatch(/supervisor/);
  });

  it("any other status: despatch news follows", () => {
    expect(orderNextStep("In Process")).toMatch(/despatched/);
  });
});
