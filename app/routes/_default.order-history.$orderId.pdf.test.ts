import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SITE_NAME } from "~/domain/site";
import { PRICE_HIDDEN_TEXT } from "~/domain/prices";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { orderAnswer, orderHandlers } from "../../tests/mocks/upstream/orders";
import { loadAt, locationOf, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader as detailLoader } from "./_default.order-history.$orderId._index";
import { loader } from "./_default.order-history.$orderId.pdf";

// Issue 34 item 9 (decision 163): the order as a PDF, with the order detail's guard and data.

const t = useRouteTest();

const LONG_CODE = "WT100-GRE-36-29SHORT";
const order = orderAnswer({
  internalId: "8",
  tranId: "SO100008",
  itemList: {
    item: [
      {
        line: 1,
        item: { internalId: "20002", name: "Hi-Vis Jacket M" },
        itemId: "HV-JKT-M",
        quantity: 1,
        rate: 10,
        amount: 10,
      },
      {
        line: 2,
        item: { internalId: "20003", name: "Work Trousers" },
        itemId: LONG_CODE,
        quantity: 1,
        rate: 10,
        amount: 10,
      },
    ],
  },
});

/**
 * The text a PDF shows: each content stream inflated, each text array's hex strings (how pdfkit writes text in its
 * standard fonts) joined, a line per array.
 */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString("latin1");
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const data = Buffer.from(m[1], "latin1");
    try {
      return inflateSync(data).toString("latin1");
    } catch {
      return m[1]; // not compressed
    }
  });
  return streams
    .flatMap((s) => [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)])
    .map((m) => [...m[1].matchAll(/<([0-9a-f]*)>/gi)].map((h) => Buffer.from(h[1], "hex").toString("latin1")).join(""))
    .join("\n");
}

describe("/order-history/{orderId}/pdf", () => {
  it("is a PDF download of the order: supplier, reference, date, customer, address, whole codes, totals", async () => {
    t.signIn({}, ...orderHandlers([order]));
    const response = await loadAt(loader, "/order-history/8/pdf", { orderId: "8" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="order-SO100008.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    for (const shown of [
      SITE_NAME,
      "Order SO100008",
      "Ordered on: 03.10.26",
      "Your reference: PO-3",
      "Customer: Northwind Facilities",
      "Northwind Depot House, Leeds",
      "LS1 4AP",
      "HV-JKT-M",
      LONG_CODE,
      "Hi-Vis Jacket M",
      "Unit price",
      "Line total",
      "£10.00",
      "Subtotal",
      "£20.00",
      "Carriage",
      "£5.95",
      "VAT",
      "£5.19",
      "Total (GBP)",
      "£31.14",
    ]) {
      expect(text, shown).toContain(shown);
    }
  });

  it("a long order runs onto more pages, the lines' header repeated on each, every line and the totals there", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      line: i + 1,
      item: { internalId: String(30000 + i), name: `Work Trousers ${i + 1}` },
      itemId: `WT100-GRE-36-${i + 1}`,
      quantity: 1,
      rate: 1,
      amount: 1,
    }));
    t.signIn(
      {},
      ...orderHandlers([orderAnswer({ internalId: "9", tranId: "SO100009", subTotal: 60, itemList: { item: lines } })]),
    );
    const bytes = Buffer.from(await (await loadAt(loader, "/order-history/9/pdf", { orderId: "9" })).arrayBuffer());
    const pages = bytes.toString("latin1").match(/\/Type \/Page\b/g) ?? [];
    const text = pdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    // the header on the first page and again on the next (the totals may stand on a page of their own)
    expect(text.split("\n").filter((t) => t === "Unit price").length).toBeGreaterThan(1);
    for (const line of lines) expect(text).toContain(line.itemId);
    expect(text).toContain("£60.00");
  });

  it("prices hidden: no unit prices, line totals or amounts; the carriage stays, as on the page", async () => {
    t.server.use(
      ...authHandlers({
        session: sessionAnswer({ permissions: ["canViewFullCatalogue", "viewOrderHistory", "pricingHidden"] }),
      }),
      ...orderHandlers([order]),
    );
    const text = pdfText(
      Buffer.from(await (await loadAt(loader, "/order-history/8/pdf", { orderId: "8" })).arrayBuffer()),
    );
    expect(text).toContain(LONG_CODE);
    expect(text).toContain(PRICE_HIDDEN_TEXT);
    expect(text).toContain("£5.95");
    for (const hidden of ["Unit price", "Line total", "£10.00", "£20.00", "£5.19", "£31.14"]) {
      expect(text).not.toContain(hidden);
    }
  });

  it("without viewOrderHistory: the same refusal as the detail page (to the dashboard)", async () => {
    t.signIn({ permissions: ["canViewFullCatalogue"] }, ...orderHandlers([order]));
    const pdf = await settle(() => loadAt(loader, "/order-history/8/pdf", { orderId: "8" }));
    const page = await settle(() => loadAt(detailLoader, "/order-history/8", { orderId: "8" }));
    expect((pdf as Response).status).toBe(302);
    expect(locationOf(pdf)).toBe(locationOf(page));
    expect(locationOf(pdf)).toBe("/");
  });

  it("another customer's order (the provider's 404) is a 404, as the detail page, and no PDF", async () => {
    t.signIn({}, ...orderHandlers([order]));
    const pdf = (await settle(() => loadAt(loader, "/order-history/999/pdf", { orderId: "999" }))) as Response;
    const page = (await settle(() => loadAt(detailLoader, "/order-history/999", { orderId: "999" }))) as Response;
    expect(pdf.status).toBe(404);
    expect(page.status).toBe(404);
    expect(pdf.headers.get("Content-Type")).not.toBe("application/pdf");
  });

  it("a malformed order id is refused as the detail page refuses it", async () => {
    t.signIn({}, ...orderHandlers([order]));
    const pdf = (await settle(() => loadAt(loader, "/order-history/x/pdf", { orderId: "x" }))) as Response;
    const page = (await settle(() => loadAt(detailLoader, "/order-history/x", { orderId: "x" }))) as Response;
    expect(pdf.status).toBe(page.status);
    expect(pdf.status).toBeGreaterThanOrEqual(400);
    expect(pdf.status).toBeLessThan(500);
  });
});
