import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  alternativeProducts,
  firstBannerProducts,
  frequentlyBoughtTogether,
  secondBannerItems,
  shuffle,
} from "./banners";

const items = (...ids: string[]) => ids.map((internalId) => ({ internalId }));
const ids = (list: { internalId: string | number }[]) => list.map((i) => String(i.internalId));
const noShuffle = () => 0.999_999;

describe("firstBannerProducts (SPEC §9)", () => {
  it("four sector products when there are enough", () => {
    expect(firstBannerProducts(items("s1", "s2", "s3", "s4", "s5"), items("g1"), noShuffle)).toHaveLength(4);
  });

  it("fills up from general items to four", () => {
    expect(ids(firstBannerProducts(items("s1"), items("g1", "g2", "g3", "g4"), noShuffle))).toEqual([
      "s1",
      "g1",
      "g2",
      "g3",
    ]);
  });

  it("de-duplicates across both lists", () => {
    expect(ids(firstBannerProducts(items("s1", "s1", "g1"), items("g1", "g2", "g3"), noShuffle))).toEqual([
      "s1",
      "g1",
      "g2",
      "g3",
    ]);
  });

  it("fewer than four when there are not enough products", () => {
    expect(ids(firstBannerProducts([], items("g1"), noShuffle))).toEqual(["g1"]);
  });

  it("the order of sector products comes from the random source", () => {
    expect(ids(firstBannerProducts(items("s1", "s2", "s3"), [], () => 0))).toEqual(["s2", "s3", "s1"]);
  });

  it("property: at most four, unique, sector products first", () => {
    const idList = fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f", "g"), { maxLength: 8 });
    fc.assert(
      fc.property(
        idList,
        idList,
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (s, g, stream) => {
          const rnd = stream[Symbol.iterator]();
          const result = ids(firstBannerProducts(items(...s), items(...g), () => rnd.next().value as number));
          const uniqueSector = new Set<string>(s);
          expect(result.length).toBe(Math.min(4, new Set([...s, ...g]).size));
          expect(new Set(result).size).toBe(result.length);
          result.slice(0, Math.min(4, uniqueSector.size)).forEach((id) => expect(uniqueSector.has(id)).toBe(true));
        },
      ),
    );
  });

  it("shuffle keeps every element", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (list) => {
        expect(shuffle(list).sort()).toEqual([...list].sort());
      }),
    );
  });
});

describe("other product strips (SPEC §9)", () => {
  const ten = Array.from({ length: 10 }, (_, i) => i + 1);

  it("second banner: four items after skipping four", () => expect(secondBannerItems(ten)).toEqual([5, 6, 7, 8]));
  it("second banner with few items is short or empty", () => {
    expect(secondBannerItems([1, 2, 3, 4, 5])).toEqual([5]);
    expect(secondBannerItems([1, 2])).toEqual([]);
  });
  const items = ten.map((internalId) => ({ internalId }));
  it("frequently bought together shows four", () =>
    expect(frequentlyBoughtTogether(items).map((i) => i.internalId)).toEqual([1, 2, 3, 4]));
  it("frequently bought together leaves out what the page already shows", () => {
    const shown = [{ internalId: "2" }, { internalId: 3 }, { internalId: 9 }];
    expect(frequentlyBoughtTogether(items, shown).map((i) => i.internalId)).toEqual([1, 4, 5, 6]);
  });
  it("alternatives show eight", () => expect(alternativeProducts(ten, "full")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]));
  it.each([undefined, null, ""])("alternatives without scope (%j) are emptied", (scope) => {
    expect(alternativeProducts(ten, scope)).toEqual([]);
  });
});
