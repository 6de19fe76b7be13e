import { describe, expect, it } from "vitest";
import { ociItemFields, parseOciLogin, type OciLine } from "./oci.server";

describe("parseOciLogin", () => {
  const valid = {
    USERNAME: "apex-rail",
    PASSWORD: "apex-punchout-secret",
    HOOK_URL: "https://srm.apex-rail.example/sap/bc/bsp/sap/bbp_oci_receive?a=1&b=2",
    "~OkCode": "ADDI",
    "~TARGET": "_top",
    "~CALLER": "CTLG",
  };

  it("reads the log-in fields as OCI sends them", () => {
    expect(parseOciLogin(valid)).toEqual({
      ok: true,
      login: {
        username: "apex-rail",
        password: "apex-punchout-secret",
        hookUrl: "https://srm.apex-rail.example/sap/bc/bsp/sap/bbp_oci_receive?a=1&b=2",
        okCode: "ADDI",
        target: "_top",
        caller: "CTLG",
      },
    });
  });

  it("reads a query string or form body (URLSearchParams)", () => {
    const params = new URLSearchParams(valid);
    expect(parseOciLogin(params)).toMatchObject({ ok: true, login: { username: "apex-rail", target: "_top" } });
  });

  it("defaults ~OkCode to ADDI and ~TARGET to _top, and leaves ~CALLER out when not sent", () => {
    const result = parseOciLogin({ USERNAME: "u", PASSWORD: "p", HOOK_URL: "http://localhost:4000/hook" });
    expect(result).toEqual({
      ok: true,
      login: { username: "u", password: "p", hookUrl: "http://localhost:4000/hook", okCode: "ADDI", target: "_top" },
    });
  });

  it("prefers the exact name and falls back to another case", () => {
    const result = parseOciLogin(
      new URLSearchParams("username=lower&USERNAME=exact&password=p&hook_url=https://h.example/"),
    );
    expect(result).toMatchObject({
      ok: true,
      login: { username: "exact", password: "p", hookUrl: "https://h.example/" },
    });
  });

  it("answers missing credentials with 401 and names them", () => {
    expect(parseOciLogin({ HOOK_URL: "https://h.example/" })).toEqual({
      ok: false,
      status: 401,
      errors: { USERNAME: "Enter the user name (USERNAME).", PASSWORD: "Enter the password (PASSWORD)." },
    });
  });

  it.each([
    [{ HOOK_URL: undefined }, "HOOK_URL", "HOOK_URL is missing: the address to send the basket back to."],
    [{ HOOK_URL: "javascript:alert(1)" }, "HOOK_URL", "HOOK_URL must be an http or https address."],
    [{ HOOK_URL: "ftp://h.example/" }, "HOOK_URL", "HOOK_URL must be an http or https address."],
    [{ HOOK_URL: "/relative" }, "HOOK_URL", "HOOK_URL must be an http or https address."],
    [{ "~TARGET": '_top" onload="x' }, "~TARGET", "~TARGET must be a frame name such as _top."],
    [{ "~OkCode": "<script>" }, "~OkCode", "~OkCode must be a short code such as ADDI."],
    [{ "~CALLER": "a b" }, "~CALLER", "~CALLER must be a short code such as CTLG."],
  ])("answers a bad field with 400: %j", (change, field, message) => {
    expect(parseOciLogin({ ...valid, ...change })).toEqual({ ok: false, status: 400, errors: { [field]: message } });
  });

  it.each(["_top", "_blank", "_parent", "_self", "catalogFrame"])("accepts the frame name %s", (target) => {
    expect(parseOciLogin({ ...valid, "~TARGET": target })).toMatchObject({ ok: true, login: { target } });
  });
});

const LINE: OciLine = {
  supplierPartId: "HV-VEST-01",
  supplierPartAuxiliaryId: "L-YEL",
  quantity: 3,
  unitPricePence: 10,
  description: "Hi-vis vest",
  unitOfMeasure: "EA",
  unspsc: "46181531",
  leadTimeDays: 5,
};

describe("ociItemFields", () => {
  it("lists the fields in order, numbered from 1", () => {
    expect(
      ociItemFields([
        LINE,
        {
          ...LINE,
          supplierPartId: "GLOVE-22",
          supplierPartAuxiliaryId: undefined,
          quantity: 1,
          unitPricePence: 1999,
          leadTimeDays: undefined,
        },
      ]),
    ).toEqual([
      ["~OkCode", "ADDI"],
      ["~TARGET", "_top"],
      ["~CALLER", "CTLG"],
      ["NEW_ITEM-DESCRIPTION[1]", "Hi-vis vest"],
      ["NEW_ITEM-QUANTITY[1]", "3"],
      ["NEW_ITEM-UNIT[1]", "EA"],
      ["NEW_ITEM-PRICE[1]", "0.10"],
      ["NEW_ITEM-PRICEUNIT[1]", "1"],
      ["NEW_ITEM-CURRENCY[1]", "GBP"],
      ["NEW_ITEM-VENDORMAT[1]", "HV-VEST-01/L-YEL"],
      ["NEW_ITEM-MATGROUP[1]", "46181531"],
      ["NEW_ITEM-LEADTIME[1]", "5"],
      ["NEW_ITEM-DESCRIPTION[2]", "Hi-vis vest"],
      ["NEW_ITEM-QUANTITY[2]", "1"],
      ["NEW_ITEM-UNIT[2]", "EA"],
      ["NEW_ITEM-PRICE[2]", "19.99"],
      ["NEW_ITEM-PRICEUNIT[2]", "1"],
      ["NEW_ITEM-CURRENCY[2]", "GBP"],
      ["NEW_ITEM-VENDORMAT[2]", "GLOVE-22"],
      ["NEW_ITEM-MATGROUP[2]", "46181531"],
      ["NEW_ITEM-LEADTIME[2]", ""],
    ]);
  });

  it("honours ~TARGET and ~OkCode from the log-in", () => {
    const fields = ociItemFields([LINE], { target: "catalogFrame", okCode: "ADDI2" });
    expect(fields.slice(0, 2)).toEqual([
      ["~OkCode", "ADDI2"],
      ["~TARGET", "catalogFrame"],
    ]);
  });

  it("cuts text to OCI 4.0's lengths and carries a long description whole in the long text", () => {
    const description = "Hi-vis waterproof bomber jacket with detachable fleece lining, yellow/navy";
    const fields = ociItemFields([
      {
        ...LINE,
        description,
        supplierPartId: "P".repeat(50),
        supplierPartAuxiliaryId: undefined,
        unspsc: "461815311234",
      },
    ]);
    const value = (name: string) => fields.find(([field]) => field === name)?.[1];
    expect(value("NEW_ITEM-DESCRIPTION[1]")).toBe(description.slice(0, 40));
    expect(value("NEW_ITEM-VENDORMAT[1]")).toBe("P".repeat(40));
    expect(value("NEW_ITEM-MATGROUP[1]")).toBe("4618153112");
    expect(fields.filter(([name]) => name === "NEW_ITEM-LONGTEXT_1:132[]")).toEqual([
      ["NEW_ITEM-LONGTEXT_1:132[]", description],
    ]);
  });

  it("splits long text into 132-character pieces", () => {
    const longText = "a".repeat(132) + "b".repeat(132) + "c".repeat(10);
    const pieces = ociItemFields([{ ...LINE, longText }])
      .filter(([name]) => name === "NEW_ITEM-LONGTEXT_1:132[]")
      .map(([, piece]) => piece);
    expect(pieces).toEqual(["a".repeat(132), "b".repeat(132), "c".repeat(10)]);
  });

  it("numbers each line's long text by its line", () => {
    const fields = ociItemFields([LINE, { ...LINE, longText: "second" }]);
    expect(fields.filter(([name]) => name.startsWith("NEW_ITEM-LONGTEXT"))).toEqual([
      ["NEW_ITEM-LONGTEXT_2:132[]", "second"],
    ]);
  });

  it("never cuts inside a character", () => {
    const description = "😀".repeat(45);
    const fields = ociItemFields([{ ...LINE, description }]);
    expect(fields.find(([name]) => name === "NEW_ITEM-DESCRIPTION[1]")?.[1]).toBe("😀".repeat(40));
  });

  it("writes prices from pence without floating-point error", () => {
    const price = (pence: number) =>
      ociItemFields([{ ...LINE, unitPricePence: pence }]).find(([n]) => n === "NEW_ITEM-PRICE[1]")?.[1];
    expect(price(30)).toBe("0.30");
    expect(price(5)).toBe("0.05");
    expect(price(123456)).toBe("1234.56");
  });

  it("refuses quantities and prices that are not whole numbers", () => {
    expect(() => ociItemFields([{ ...LINE, quantity: 1.5 }])).toThrow(RangeError);
    expect(() => ociItemFields([{ ...LINE, unitPricePence: -1 }])).toThrow(RangeError);
  });
});
