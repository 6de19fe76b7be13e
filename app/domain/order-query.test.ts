import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { orderListQuery, pendingApprovalCountQuery, readOrderFilters, type OrderFilterReading } from "./order-query";
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

/** The filters of a reading that must have succeeded. */
function filtersOf(reading: OrderFilterReading) {
  if (!reading.ok) throw new Error(`unexpected refusal: ${reading.message}`);
  return reading.filters;
}

describe("readOrderFilters: the history URL, one reading for the page and its CSV", () => {
  it("reads the portal's URL", () => {
    const params = new URLSearchParams(
      "page=2&sort=-tranId&status=Closed&from=2026-01-01&to=2026-01-31&employee=1&employee=2&department=9&depot=4&q=ann",
    );
    expect(orderListQuery(filtersOf(readOrderFilters(params)))).toEqual({
      $limit: "16",
      $skip: "16",
      "$sort[tranId]": "-1",
      orderStatus: "Closed",
      webRejected: "false",
      pendingWebApproval: "false",
      "createdDate[$gte]": "2026-01-01",
      "createdDate[$lte]": "2026-01-31T23:59:59.999Z",
      employees: "1,2",
      departments: "9",
      depot: "4",
      orderedBy: "ann",
    });
  });

  it.each([
    [
      "In Process",
      {
        "orderStatus[$in]": "Pending Fulfillment,Pending Fulfilment",
        webRejected: "false",
        pendingWebApproval: "false",
      },
    ],
    [
      "Part Despatched",
      {
        "orderStatus[$in]": "Partially Fulfilled,Pending Billing/Partially Fulfilled",
        webRejected: "false",
        pendingWebApproval: "false",
      },
    ],
    [
      "Fully Despatched",
      { "orderStatus[$in]": "Pending Billing,Fully Billed,Billed", webRejected: "false", pendingWebApproval: "false" },
    ],
    ["Pending Approval", { orderStatus: "Pending Approval", webRejected: "false", pendingWebApproval: "false" }],
    ["Pending Supervisor Approval", { webRejected: "false", pendingWebApproval: "true" }],
    ["Order rejected", { webRejected: "true" }],
    ["Cancelled", { orderStatus: "Cancelled", webRejected: "false", pendingWebApproval: "false" }],
    // an address from before the labels: the upstream status is read as its label
    [
      "Pending Fulfilment",
      {
        "orderStatus[$in]": "Pending Fulfillment,Pending Fulfilment",
        webRejected: "false",
        pendingWebApproval: "false",
      },
    ],
  ])("status=%s asks for every upstream status behind the label (issue 14 item 5)", (status, conditions) => {
    const query = orderListQuery(filtersOf(readOrderFilters(new URLSearchParams({ status }))));
    expect(query).toEqual({ ...orderListQuery({ page: 1 }), ...conditions });
  });

  it("an empty URL is page 1 with defaults", () => {
    expect(orderListQuery(filtersOf(readOrderFilters(new URLSearchParams())))).toEqual(orderListQuery({ page: 1 }));
  });

  it("blank fields, as the GET form sends them, are no filter", () => {
    const params = new URLSearchParams("status=&from=&to=&q=&employee=&department=&depot=&sort=");
    expect(orderListQuery(filtersOf(readOrderFilters(params)))).toEqual(orderListQuery({ page: 1 }));
  });

  it("the date filters take dates as they are shown, dd.mm.yy (issue 14 item 5, decision 091)", () => {
    const query = orderListQuery(filtersOf(readOrderFilters(new URLSearchParams("from=01.02.26&to=28.02.2026"))));
    expect(query["createdDate[$gte]"]).toBe("2026-02-01");
    expect(query["createdDate[$lte]"]).toBe("2026-02-28T23:59:59.999Z");
  });

  it("sort without a minus is ascending", () => {
    expect(
      orderListQuery(filtersOf(readOrderFilters(new URLSearchParams("sort=createdDate"))))["$sort[createdDate]"],
    ).toBe("1");
  });

  it("a page number that is not one is page 1 (paging is not a filter)", () => {
    expect(filtersOf(readOrderFilters(new URLSearchParams("page=abc"))).page).toBe(1);
  });

  it.each([
    ["depot=abc", "Depot: choose one from the list."],
    ["depot=1&depot=x", "Depot: choose one from the list."],
    ["employee=5004&employee=abc", "Employee: choose one from the list."],
    ["department=9.5", "Department: choose one from the list."],
    ["employee=-1", "Employee: choose one from the list."],
    ["status=Shipped", "Status: choose one of the listed statuses."],
    ["from=2026/02/01", "Created from: enter a date as dd.mm.yy, for example 31.03.26."],
    ["to=2026-02-30", "Created to: enter a date as dd.mm.yy, for example 31.03.26."],
    ["sort=password", "Sort: that order is not one the list offers."],
    [`q=${"x".repeat(101)}`, "Ordered by, reference or order number: at most 100 characters."],
  ])("%s is refused with %j", (query, problem) => {
    const reading = readOrderFilters(new URLSearchParams(query));
    expect(reading.ok).toBe(false);
    if (reading.ok) throw new Error("the filters should have been refused");
    expect(reading.problems).toEqual([problem]);
    expect(reading.message).toBe(`These filters could not be used: ${problem}`);
  });

  it("names every bad filter, in the form's order", () => {
    const reading = readOrderFilters(new URLSearchParams("depot=abc&status=Shipped&employee=x"));
    expect(reading.ok ? [] : reading.problems).toEqual([
      "Status: choose one of the listed statuses.",
      "Employee: choose one from the list.",
      "Depot: choose one from the list.",
    ]);
  });

  it("property: any text in a filter either reads or is refused with a message, never throws", () => {
    const keys = ["status", "from", "to", "q", "employee", "department", "depot", "sort", "page"];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...keys), fc.string({ maxLength: 120 })), { maxLength: 8 }),
        (pairs) => {
          const reading = readOrderFilters(new URLSearchParams(pairs));
          if (reading.ok) expect(() => orderListQuery(reading.filters)).not.toThrow();
          else expect(reading.message).toMatch(/^These filters could not be used: /);
        },
      ),
    );
  });
});

it("pendingApprovalCountQuery: limit 0, orderToApprove, pending status (SPEC §7, §9)", () => {
  expect(pendingApprovalCountQuery()).toEqual({ $limit: "0", orderToApprove: "true", orderStatus: "Pending Approval" });
});
