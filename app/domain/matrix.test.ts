import { describe, expect, it } from "vitest";
import {
  COMBINING_OPTIONS,
  MATRIX_OPTIONS,
  availableOptionValues,
  resolveVariant,
  variantFor,
  type OptionValues,
  type SimpleItem,
} from "./matrix";

const simple = (internalId: string, size: string, color: string, finish?: string, logo?: string): SimpleItem => ({
  internalId,
  options: { size, color, finish, logo },
});

const trousers: SimpleItem[] = [
  { internalId: "t1", options: { size: "32", legLength: "R", color: "Navy" } },
  { internalId: "t2", options: { size: "32", legLength: "L", color: "Navy" } },
  { internalId: "t3", options: { size: "34", legLength: "R", color: "Black" } },
];

const polos: SimpleItem[] = [
  simple("p1", "M", "Navy"),
  simple("p2", "L", "Navy"),
  simple("p3", "M", "Navy", "Embroidered", "Left chest"),
  simple("p4", "M", "Navy", "Printed", "Back"),
  simple("p5", "M", "Navy", "Embroidered", "Right chest"),
];

describe("matrix options (SPEC §3)", () => {
  it("options are size, legLength, color, finish, logo; logo does not combine", () => {
    expect(MATRIX_OPTIONS).toEqual(["size", "legLength", "color", "finish", "logo"]);
    expect(COMBINING_OPTIONS).not.toContain("logo");
  });
});

describe("resolveVariant", () => {
  it("finds the simple for a full choice", () => {
    expect(resolveVariant(trousers, { size: "32", legLength: "L", color: "Navy" })?.internalId).toBe("t2");
  });

  it("is null while the choice is incomplete", () => {
    expect(resolveVariant(trousers, { size: "32", color: "Navy" })).toBeNull();
  });

  it("is null for a combination that is not stocked", () => {
    expect(resolveVariant(trousers, { size: "34", legLength: "L", color: "Navy" })).toBeNull();
  });

  it("needs no choice for an option no simple uses", () => {
    expect(resolveVariant([{ internalId: "g1", options: { color: "Blue" } }], { color: "Blue" })?.internalId).toBe(
      "g1",
    );
  });

  it("ignores logo when combining", () => {
    expect(
      resolveVariant(polos, { size: "M", color: "Navy", finish: "Embroidered", logo: "Right chest" })?.internalId,
    ).toBe("p3");
  });
});

describe("availableOptionValues", () => {
  it("lists values compatible with the other choices", () => {
    const values = availableOptionValues(trousers, { color: "Navy" });
    expect(values.size).toEqual(["32"]);
    expect(values.legLength).toEqual(["R", "L"]);
    expect(values.color).toEqual(["Navy", "Black"]);
  });

  it("with nothing chosen lists everything, and no logo", () => {
    const values = availableOptionValues(polos, {});
    expect(values.size).toEqual(["M", "L"]);
    expect(values.finish).toEqual(["Embroidered", "Printed"]);
    expect(values.logo).toEqual([]);
  });

  it("logo values follow the chosen finish", () => {
    expect(availableOptionValues(polos, { finish: "Embroidered" }).logo).toEqual(["Left chest", "Right chest"]);
    expect(availableOptionValues(polos, { finish: "Printed" }).logo).toEqual(["Back"]);
  });
});

describe("variantFor (the product page's one-step add)", () => {
  const oneColour: SimpleItem[] = [
    { internalId: "v1", options: { size: "M", color: "Yellow" } },
    { internalId: "v2", options: { size: "L", color: "Yellow" } },
  ];
  it.each<[string, readonly SimpleItem[], OptionValues, ReturnType<typeof variantFor>]>([
    [
      "a full choice → its variant",
      trousers,
      { size: "32", legLength: "L", color: "Navy" },
      { ok: true, variant: trousers[1] },
    ],
    ["an option with one value needs no choice", oneColour, { size: "L" }, { ok: true, variant: oneColour[1] }],
    [
      "an option the other choices leave with one value needs no choice",
      trousers,
      { size: "34" },
      { ok: true, variant: trousers[2] },
    ],
    [
      "logo and options no variant uses are ignored",
      oneColour,
      { size: "M", logo: "Back", finish: "Printed" },
      { ok: true, variant: oneColour[0] },
    ],
    [
      "blank values are not a choice",
      trousers,
      { size: " ", legLength: "R", color: "" },
      { ok: false, reason: "incomplete", missing: ["size", "color"], unknown: [] },
    ],
    [
      "every unchosen option is named",
      trousers,
      {},
      { ok: false, reason: "incomplete", missing: ["size", "legLength", "color"], unknown: [] },
    ],
    [
      "a value no variant has is named",
      trousers,
      { size: "40", legLength: "R", color: "Navy" },
      { ok: false, reason: "incomplete", missing: [], unknown: ["size"] },
    ],
    [
      "missing and unknown together",
      oneColour,
      { color: "Pink" },
      { ok: false, reason: "incomplete", missing: ["size"], unknown: ["color"] },
    ],
    [
      "a complete choice that is not stocked",
      trousers,
      { size: "34", legLength: "L", color: "Navy" },
      { ok: false, reason: "combination" },
    ],
  ])("%s", (_title, simples, posted, expected) => {
    expect(variantFor(simples, posted)).toEqual(expected);
  });
});
