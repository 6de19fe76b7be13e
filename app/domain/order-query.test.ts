import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { orderFiltersFromSearchParams, orderListQuery, pendingApprovalCountQuery } from "./order-query";
import { ORDER_SOURCE_STATUSES } from "./order-status";

describe("orderListQuery (SPEC §7 GET /api/order)", () => {
  it("defaults: 16 per page, newest first", () => {
    expect(orderListQuery({ page: 1 })).toEqual({ $limit: "16", $skip: "0", "$sort[createdDate]": "-1" });
  });

  it("the brief's example", () => {
    expect(orderListQuery({ page: 2, status: "Pending Approval", createdFrom: "2026-01-01" })).toEqual({
      $limit: "16",
      $skip: "16",
      "$sort[createdDate]": "-1",
      orderStatus: "Pending Approval",
      "createdDate[$gte]": "2026-01-01",
    });
  });

  it("a to-date covers its whole day", () => {
    expect(orderListQuery({ page: 1, createdTo: "2026-01-31" })["createdDate[$lte]"]).toBe("2026-01-31T23:59:59.999Z");
  });

  it("every filter at once", () => {
    expect(
      orderListQuery({
        page: 3,
        sortField: "tranId",
        sortDirection: 1,
        status: "Billed",
        createdFrom: "2026-01-01",
        createdTo: "2026-02-01",
        employees: ["5001", "5002"],
        departments: ["7"],
        depot: "77",
        orderedBy: "Smith",
        excludeIds: ["1", "2"],
        orderToApprove: true,
        includeExtraData: true,
      }),
    ).toEqual({
      $limit: "16",
      $skip: "32",
      "$sort[tranId]": "1",
      orderToApprove: "true",
      orderStatus: "Billed",
      "createdDate[$gte]": "2026-01-01",
      "createdDate[$lte]": "2026-02-01T23:59:59.999Z",
      employees: "5001,5002",
      departments: "7",
      depot: "77",
      orderedBy: "Smith",
      "internalId[$nin]": "1,2",
      includeExtraData: "true",
    });
  });

  it("a chosen sort field without direction sorts ascending", () => {
    expect(orderListQuery({ page: 1, sortField: "shipDate" })["$sort[shipDate]"]).toBe("1");
  });

  it.each([
    [{ status: "Shipped" }],
    [{ createdFrom: "01/02/2026" }],
    [{ createdFrom: "2026-02-30" }],
    [{ sortField: "password" }],
    [{ orderedBy: "   " }],
    [{ employees: "5001" }],
  ])("a bad filter %j is dropped, not an error", (bad) => {
    expect(orderListQuery({ page: 1, ...(bad as object) })).toEqual(orderListQuery({ page: 1 }));
  });

  it("property: any page and status give a valid skip and the status as sent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.constantFrom(...ORDER_SOURCE_STATUSES), (page, status) => {
        const q = orderListQuery({ page, status });
        expect(q.$skip).toBe(String((page - 1) * 16));
        expect(q.orderStatus).toBe(status);
      }),
    );
  });
});

describe("orderFiltersFromSearchParams", () => {
  it("reads the portal's URL", () => {
    const params = new URLSearchParams("page=2&sort=-tranId&status=Closed&from=2026-01-01&to=2026-01-31&employee=1&employee=2&department=9&depot=4&q=ann");
    expect(orderListQuery(orderFiltersFromSearchParams(params))).toEqual({
      $limit: "16",
      $skip: "16",
      "$sort[tranId]": "-1",
      orderStatus: "Closed",
      "createdDate[$gte]": "2026-01-01",
      "createdDate[$lte]": "2026-01-31T23:59:59.999Z",
      employees: "1,2",
      departments: "9",
      depot: "4",
      orderedBy: "ann",
    });
  });

  it("an empty URL is page 1 with defaults", () => {
    expect(orderListQuery(orderFiltersFromSearchParams(new URLSearchParams()))).toEqual(orderListQuery({ page: 1 }));
  });

  it("sort without a minus is ascending", () => {
    expect(orderListQuery(orderFiltersFromSearchParams(new URLSearchParams("sort=createdDate")))["$sort[createdDate]"]).toBe("1");
  });
});

it("pendingApprovalCountQuery: limit 0, orderToApprove, pending status (SPEC §7, §9)", () => {
  expect(pendingApprovalCountQuery()).toEqual({ $limit: "0", orderToApprove: "true", orderStatus: "Pending Approval" });
});
