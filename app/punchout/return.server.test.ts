import { describe, expect, it } from "vitest";
import type { PunchoutReturn } from "~/upstream/punchout-session.server";
import { PunchoutReturnSchema } from "~/upstream/punchout-session.server";
import { approvalPage, escapeHtml, RETURN_BUTTON, returnForm, returnPage } from "./return.server";

// The return page (decision 111): the provider's transfer answer as the form the buyer's browser posts back.
const IDS = { payloadId: "1700000000000.abc@portal.test", timestamp: "2026-11-23T11:00:00+00:00" };

function answer(overrides: Partial<Record<keyof PunchoutReturn, unknown>> = {}): PunchoutReturn {
  return PunchoutReturnSchema.parse({
    state: "transferred",
    transferId: 7,
    protocol: "cxml",
    operation: "create",
    formEncoding: "urlencoded",
    returnUrl: "https://buyer.example/punchout/return?session=1&x=2",
    buyerCookie: 'REQ-42 <"Apex" & Co>',
    credentials: { fromIdentity: "AN-APEX-RAIL", senderIdentity: "AN-APEX-RAIL", toIdentity: "workwear-portal" },
    oci: null,
    currency: "GBP",
    totalPence: 2 * 2450 + 399,
    shipTo: null,
    lines: [
      {
        lineNumber: 1,
        itemId: "20002",
        productId: "20002",
        supplierPartId: "HVJ-100",
        supplierPartAuxiliaryId: "M-YEL",
        manufacturerPartId: "HV100",
        description: 'Hi-Vis Jacket <M> & "yellow"',
        quantity: 2,
        unitPricePence: 2450,
        unitOfMeasure: "EA",
        unspsc: "46181500",
        leadTimeDays: 3,
      },
      {
        lineNumber: 2,
        itemId: "20010",
        productId: "20010",
        supplierPartId: "GLV-9",
        supplierPartAuxiliaryId: null,
        manufacturerPartId: null,
        description: "Work gloves",
        quantity: 1,
        unitPricePence: 399,
        unitOfMeasure: "EA",
        unspsc: "46181500",
        leadTimeDays: null,
      },
    ],
    ...overrides,
  });
}

const fieldOf = (fields: (readonly [string, string])[], name: string) => fields.find(([n]) => n === name)?.[1];

describe("returnForm (cXML)", () => {
  it("posts the PunchOutOrderMessage in cxml-urlencoded to the return URL, at the top window", () => {
    const form = returnForm(answer(), IDS);
    expect(form.action).toBe("https://buyer.example/punchout/return?session=1&x=2");
    expect(form.target).toBe("_top");
    expect(form.fields.map(([n]) => n)).toEqual(["cxml-urlencoded"]);
    const xml = fieldOf(form.fields, "cxml-urlencoded")!;
    expect(xml).toContain(`<BuyerCookie>REQ-42 &lt;"Apex" &amp; Co&gt;</BuyerCookie>`);
    expect(xml).toContain('<PunchOutOrderMessageHeader operationAllowed="edit">');
    expect(xml).toContain('<Total><Money currency="GBP">52.99</Money></Total>');
    expect(xml.match(/<ItemIn /g)).toHaveLength(2);
    expect(xml).toContain("<SupplierPartID>HVJ-100</SupplierPartID>");
    expect(xml).toContain("<SupplierPartAuxiliaryID>M-YEL</SupplierPartAuxiliaryID>");
    expect(xml).toContain("<Identity>AN-APEX-RAIL</Identity>");
    expect(xml).toContain("<Identity>workwear-portal</Identity>");
    expect(xml).toContain('<Classification domain="UNSPSC">46181500</Classification>');
    expect(xml).toContain(`payloadID="${IDS.payloadId}"`);
  });

  it("posts cxml-base64 (the UTF-8 bytes of the same message) when the profile says so", () => {
    const plain = fieldOf(returnForm(answer(), IDS).fields, "cxml-urlencoded")!;
    const form = returnForm(answer({ formEncoding: "base64" }), IDS);
    expect(form.fields.map(([n]) => n)).toEqual(["cxml-base64"]);
    expect(Buffer.from(fieldOf(form.fields, "cxml-base64")!, "base64").toString("utf8")).toBe(plain);
  });

  it("a cancel posts a message with no ItemIn and a Total of 0", () => {
    const xml = fieldOf(
      returnForm(answer({ state: "cancelled", lines: [], totalPence: 0 }), IDS).fields,
      "cxml-urlencoded",
    )!;
    expect(xml).not.toContain("<ItemIn");
    expect(xml).toContain('<Total><Money currency="GBP">0.00</Money></Total>');
    expect(xml).toContain("<BuyerCookie>");
  });

  it("a basket awaiting approval never carries its lines back", () => {
    const xml = fieldOf(
      returnForm(answer({ state: "awaiting-approval", savedBasketId: 12 }), IDS).fields,
      "cxml-urlencoded",
    )!;
    expect(xml).not.toContain("<ItemIn");
  });

  it("writes the ShipTo the setup request gave", () => {
    const shipTo = {
      name: "Apex Rail Depot",
      deliverTo: ["Stores"],
      street: ["1 Rail Way"],
      city: "Derby",
      postalCode: "DE1 1AA",
      country: "GB",
      countryName: "United Kingdom",
    };
    const xml = fieldOf(returnForm(answer({ shipTo }), IDS).fields, "cxml-urlencoded")!;
    expect(xml).toContain("<ShipTo>");
    expect(xml).toContain("DE1 1AA");
  });
});

describe("returnForm (OCI)", () => {
  const oci = (o: Record<string, unknown>) => answer({ protocol: "oci", credentials: null, buyerCookie: null, oci: o });

  it("posts the NEW_ITEM fields to HOOK_URL with ~OkCode and ~TARGET, targeting ~TARGET", () => {
    const form = returnForm(oci({ target: "_parent", caller: "CTLG", okCode: "ADDI" }), IDS);
    expect(form.target).toBe("_parent");
    expect(form.fields.slice(0, 3)).toEqual([
      ["~OkCode", "ADDI"],
      ["~TARGET", "_parent"],
      ["~CALLER", "CTLG"],
    ]);
    expect(fieldOf(form.fields, "NEW_ITEM-DESCRIPTION[1]")).toBe('Hi-Vis Jacket <M> & "yellow"');
    expect(fieldOf(form.fields, "NEW_ITEM-QUANTITY[1]")).toBe("2");
    expect(fieldOf(form.fields, "NEW_ITEM-PRICE[1]")).toBe("24.50");
    expect(fieldOf(form.fields, "NEW_ITEM-VENDORMAT[1]")).toBe("HVJ-100/M-YEL");
    expect(fieldOf(form.fields, "NEW_ITEM-LEADTIME[1]")).toBe("3");
    expect(fieldOf(form.fields, "NEW_ITEM-VENDORMAT[2]")).toBe("GLV-9");
    expect(fieldOf(form.fields, "NEW_ITEM-LEADTIME[2]")).toBe("");
  });

  it("a missing or odd ~TARGET goes to the top window; a cancel sends only the control fields", () => {
    expect(returnForm(oci({ target: null }), IDS).target).toBe("_top");
    expect(returnForm(oci({ target: 'x" onclick="y' }), IDS).target).toBe("_top");
    const cancel = returnForm(
      answer({
        protocol: "oci",
        state: "cancelled",
        lines: [],
        totalPence: 0,
        oci: { target: "_top", okCode: "ADDI" },
      }),
      IDS,
    );
    expect(cancel.fields.map(([n]) => n)).toEqual(["~OkCode", "~TARGET", "~CALLER"]);
  });
});

describe("returnPage", () => {
  const options = { nonce: "n0nce+/=", stylesheet: "/assets/app-DlQ2kq9v.css" };

  it("is a complete page whose form posts back by itself (a nonce'd script) or by its button", () => {
    const html = returnPage(returnForm(answer(), IDS), "transfer", options);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain(
      '<form id="punchout-return" method="post" action="https://buyer.example/punchout/return?session=1&amp;x=2" target="_top" accept-charset="UTF-8">',
    );
    expect(html).toContain(`<button type="submit" class="button button--primary">${RETURN_BUTTON}</button>`);
    expect(html).toContain('<script nonce="n0nce+/=">document.getElementById("punchout-return").submit();</script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-DlQ2kq9v.css">');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("escapes every value, so the XML comes back whole and nothing ends the attribute", () => {
    const form = returnForm(answer(), IDS);
    const html = returnPage(form, "transfer", options);
    const value = /name="cxml-urlencoded" value="([^"]*)"/.exec(html)![1];
    const unescaped = value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    expect(unescaped).toBe(fieldOf(form.fields, "cxml-urlencoded"));
    expect(value).not.toMatch(/[<>"]/);
    const oci = returnPage(
      {
        action: "https://b.example/h",
        target: "_top",
        fields: [["NEW_ITEM-DESCRIPTION[1]", '"><script>alert(1)</script>']],
      },
      "transfer",
      options,
    );
    expect(oci).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(oci.match(/<script/g)).toHaveLength(1);
  });

  it("says what a cancel does", () => {
    expect(
      returnPage(returnForm(answer({ state: "cancelled", lines: [], totalPence: 0 }), IDS), "cancel", options),
    ).toContain("cancelled");
  });

  it("escapeHtml covers the five characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("approvalPage", () => {
  it("says the basket was sent for approval, posts nothing and runs no script", () => {
    const html = approvalPage({ nonce: "n" });
    expect(html).toContain("Your basket has been sent for approval");
    expect(html).toContain("ordered once they approve it");
    expect(html).not.toContain("<form");
    expect(html).not.toContain("<script");
  });
});
