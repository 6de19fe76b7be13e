import { describe, expect, it } from "vitest";
import { addressChoice, addressText } from "./address";

describe("addressChoice", () => {
  it.each([
    [
      "the provider's text when it has one",
      { addrText: "Unit 4, Mill Lane, Leeds LS1 4AP", addr1: "ignored" },
      "Unit 4, Mill Lane, Leeds LS1 4AP",
    ],
    [
      "else the lines, town and postcode",
      { addr1: "1 Mill Lane", addr2: "Holbeck", city: "Leeds", zip: "LS1 4AP" },
      "1 Mill Lane, Holbeck, Leeds, LS1 4AP",
    ],
    [
      "leaving out empty parts",
      { addr1: "9 Dock Road", addr2: "", city: "Hull", zip: "HU1 2AB", addrText: "" },
      "9 Dock Road, Hull, HU1 2AB",
    ],
    ["nothing when there is nothing", {}, ""],
  ])("words the text from %s", (_name, details, text) => {
    expect(addressChoice({ internalId: "701", label: "Head office", details })).toEqual({
      internalId: "701",
      label: "Head office",
      text,
    });
  });
});

// the text the provider stores with an address it is sent (POST /api/customer-address, a typed order address)
describe("addressText", () => {
  it.each([
    [{ addr1: "1 Mill Lane", addr2: "Holbeck", city: "Leeds", zip: "LS1 4AP" }, "1 Mill Lane, Holbeck, Leeds, LS1 4AP"],
    [{ addr1: "9 Dock Road", addr2: "", city: "Hull", zip: "HU1 2AB" }, "9 Dock Road, Hull, HU1 2AB"],
    [{ addr1: "9 Dock Road", addr2: null, city: "Hull" }, "9 Dock Road, Hull"],
    [{}, ""],
  ])("%j → %j", (lines, text) => expect(addressText(lines)).toBe(text));
});
