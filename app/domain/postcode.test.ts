import { describe, expect, it } from "vitest";
import { normalisePostcode, POSTCODE_MESSAGE } from "./postcode";

describe("normalisePostcode (issue 17 item 3)", () => {
  it.each([
    ["sw1a1aa", "SW1A 1AA"], // the example
    ["SW1A 1AA", "SW1A 1AA"],
    ["  ec1a  1bb ", "EC1A 1BB"],
    ["m11ae", "M1 1AE"], // A9 9AA
    ["b338th", "B33 8TH"], // A99 9AA
    ["cr26xh", "CR2 6XH"], // AA9 9AA
    ["dn551pt", "DN55 1PT"], // AA99 9AA
    ["w1a0ax", "W1A 0AX"], // A9A 9AA
    ["ec1a1bb", "EC1A 1BB"], // AA9A 9AA
    ["gy11aa", "GY1 1AA"], // Guernsey
    ["je23ab", "JE2 3AB"], // Jersey
    ["im11ad", "IM1 1AD"], // Isle of Man
    ["gir0aa", "GIR 0AA"],
    ["bfpo 801", "BFPO 801"],
    ["BFPO0801", "BFPO 801"],
    ["bfpo1", "BFPO 1"],
  ])("%s → %s", (input, postcode) => {
    expect(normalisePostcode(input)).toEqual({ ok: true, postcode });
  });

  it.each([
    ["", "empty"],
    ["SW1A", "outward code only"],
    ["1AA", "inward code only"],
    ["QA1 1AA", "Q never starts an area"],
    ["AZ1 1AA", "Z never second"],
    ["SW1A 1CA", "C never in the inward code"],
    ["W1I 0AX", "I never after a single letter's digit"],
    ["EC1C 1BB", "C never after a two letters' digit"],
    ["SW1A 1AAA", "too long"],
    ["BFPO", "BFPO without a number"],
    ["BFPO 0", "BFPO 0"],
    ["BFPO 12345", "five digits"],
    ["75008", "a French code"],
    ["SW1A-1AA", "a hyphen"],
  ])("refuses %s (%s)", (input) => {
    expect(normalisePostcode(input)).toEqual({ ok: false, message: POSTCODE_MESSAGE });
  });
});
