import { describe, expect, it } from "vitest";
import { chooseOptions, choiceErrors, chosenOptions } from "./product-options";

const simples = [
  { internalId: "1", options: { size: "M", color: "Yellow" } },
  { internalId: "2", options: { size: "L", color: "Yellow" } },
  { internalId: "3", options: { size: "M", color: "Orange" } },
];

describe("chosenOptions", () => {
  it("reads the matrix options from the URL and ignores others", () => {
    expect(chosenOptions(new URLSearchParams("size=M&color=+Yellow+&page=2&logo="))).toEqual({
      size: "M",
      color: "Yellow",
    });
  });
});

describe("chooseOptions", () => {
  it("offers every used option and resolves when complete", () => {
    const none = chooseOptions(simples, {});
    expect(none.pickers.map((p) => [p.name, p.values])).toEqual([
      ["size", ["M", "L"]],
      ["color", ["Yellow", "Orange"]],
    ]);
    expect(none.variant).toBeNull();
    expect(chooseOptions(simples, { size: "M", color: "Orange" }).variant?.internalId).toBe("3");
  });
  it("chooses an option left with one value", () => {
    const result = chooseOptions(simples, { size: "L" });
    expect(result.chosen).toEqual({ size: "L", color: "Yellow" });
    expect(result.variant?.internalId).toBe("2");
  });
  it("drops a chosen value that is not on offer", () => {
    const result = chooseOptions(simples, { size: "XXL" });
    expect(result.chosen.size).toBeUndefined();
    expect(result.variant).toBeNull();
  });
  it("never chooses a logo for the user", () => {
    const withLogo = [{ internalId: "9", options: { size: "M", finish: "Embroidered", logo: "Left" } }];
    expect(chooseOptions(withLogo, {}).chosen).toEqual({ size: "M", finish: "Embroidered" });
  });
});

describe("choiceErrors", () => {
  it("puts a missing or unknown option on its field and names them on the form", () => {
    expect(
      choiceErrors(
        { ok: false, reason: "incomplete", missing: ["size", "legLength"], unknown: ["color"] },
        "Cargo Trousers",
      ),
    ).toEqual({
      fieldErrors: { size: "Choose a size", legLength: "Choose a leg length", color: "Choose a colour from the list" },
      formError: "Choose size, leg length and colour to add Cargo Trousers to your basket.",
    });
  });
  it("a combination that does not exist is a form error", () => {
    expect(choiceErrors({ ok: false, reason: "combination" }, "Cargo Trousers")).toEqual({
      fieldErrors: {},
      formError: "Cargo Trousers is not made in that combination of options. Choose another.",
    });
  });
});
