import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("countOf", () => {
  it.each([
    [1, "point", "1 point"],
    [0, "point", "0 points"],
    [2, "point", "2 points"],
    [77, "point", "77 points"],
    [-1, "point", "-1 point"],
    [1.5, "point", "1.5 points"],
    [1, ["address", "addresses"] as const, "1 address"],
    [3, ["address", "addresses"] as const, "3 addresses"],
    [1, ["saved basket", "saved baskets"] as const, "1 saved basket"],
  ])("%s %s reads %s", (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text);
  });
});

describe("the singular for exactly one only", () => {
  it("0, 1, 2, 11, 21 wearers", () => {
    expect([0, 1, 2, 11, 21].map((n) => countOf(n, "wearer"))).toEqual([
      "0 wearers",
      "1 wearer",
      "2 wearers",
      "11 wearers",
      "21 wearers",
    ]);
  });
});
