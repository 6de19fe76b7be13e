import { describe, expect, it } from "vitest";
import { csvCell } from "./csv";
import { csvLine, ORDER_CSV_HEADER, orderCsvHeader, orderCsvRow } from "./order-csv";

describe("order CSV", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=SUM(A1)", "'=SUM(A1)"],
    ["-5+1", "'-5+1"],
    ["-5", "-5"],
  ])("cell %j → %j", (value, cell) => expect(csvCell(value)).toBe(cell));

  it("header line", () => {
    expect(csvLine(ORDER_CSV_HEADER)).toBe("Order,Reference,Date,Status,Ordered by,Delivery address,Total\r\n");
  });

  it("a row uses the screen's label, date, address and total", () => {
    const row = orderCsvRow({
      tranId: "SO100003",
      otherRefNum: "PO-3",
      createdDate: "2026-10-03T10:00:00.000Z",
      orderStatus: "Pending Fulfillment",
      contact: { name: "Rory Requester" },
      shippingAddress: { addressee: "Northwind Depot", addr1: "1 Dock Rd", city: "Leeds", zip: "LS1 4AP" },
      subTotal: 20,
      shippingCost: 5.95,
      taxTotal: 5.19,
    });
    expect(row).toBe(
      'SO100003,PO-3,03.10.26,In Process,Rory Requester,"Northwind Depot, 1 Dock Rd, Leeds, LS1 4AP",31.14\r\n',
    );
  });

  it("a rejected order reads 'Order rejected'", () => {
    expect(orderCsvRow({ tranId: "SO1", orderStatus: "Closed", webRejected: true })).toContain(",Order rejected,");
  });
});

describe("prices hidden (decision 058)", () => {
  it.each([
    [false, "Order,Reference,Date,Status,Ordered by,Delivery address,Total\r\n", "SO1,,,,,,31.14\r\n"],
    [true, "Order,Reference,Date,Status,Ordered by,Delivery address\r\n", "SO1,,,,,\r\n"],
  ])("prices hidden %j: header and row", (pricesHidden, header, row) => {
    expect(csvLine(orderCsvHeader({ pricesHidden }))).toBe(header);
    const order = { tranId: "SO1", subTotal: 20, shippingCost: 5.95, taxTotal: 5.19 };
    expect(orderCsvRow(order, { pricesHidden }).replace(/^SO1,,[^,]*,[^,]*,/, "SO1,,,,")).toBe(row);
  });
});
