import { describe, expect, it } from "vitest";
import { approvalListQuery, approvalViewFrom } from "./order-approval";

describe("approval lists", () => {
  it("awaiting: routed to the approver and pending, 16 a page, newest first", () => {
    expect(approvalListQuery("awaiting", 2)).toEqual({
      $limit: "16",
      $skip: "16",
      "$sort[createdDate]": "-1",
      orderToApprove: "true",
      orderStatus: "Pending Approval",
    });
  });

  it.each(["approved", "rejected"] as const)("%s: routed to the approver and decided so", (view) => {
    expect(approvalListQuery(view, 1)).toEqual({
      $limit: "16",
      $skip: "0",
      "$sort[createdDate]": "-1",
      orderToApprove: "true",
      decision: view,
    });
  });

  it.each([
    [null, "awaiting"],
    ["approved", "approved"],
    ["rejected", "rejected"],
    ["bogus", "awaiting"],
  ])("view %j → %s", (v, view) => {
    expect(approvalViewFrom(v)).toBe(view);
  });
});
