import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildFeathersQuery, feathersQueryRecord, pagination, parsePage } from "./feathers-query";

describe("buildFeathersQuery (docs/upstream-api.md dialect)", () => {
  it("flat values", () => {
    expect(buildFeathersQuery({ $limit: 16, scope: "full", includePricing: true })).toEqual([
      ["$limit", "16"],
      ["scope", "full"],
      ["includePricing", "true"],
    ]);
  });

  it("operators become bracketed keys", () => {
    expect(
      buildFeathersQuery({ $sort: { createdDate: -1 }, createdDate: { $gte: "2026-01-01", $lte: "2026-01-31" } }),
    ).toEqual([
      ["$sort[createdDate]", "-1"],
      ["createdDate[$gte]", "2026-01-01"],
      ["createdDate[$lte]", "2026-01-31"],
    ]);
  });

  it("$in arrays repeat with [] by default", () => {
    expect(buildFeathersQuery({ internalId: { $in: ["1", "2"] } })).toEqual([
      ["internalId[$in][]", "1"],
      ["internalId[$in][]", "2"],
    ]);
  });

  it("$in arrays are comma-joined when asked", () => {
    expect(buildFeathersQuery({ internalId: { $in: ["1", "2"] } }, { arrays: "comma" })).toEqual([
      ["internalId[$in]", "1,2"],
    ]);
  });

  it("arrays of objects are indexed ($or)", () => {
    expect(buildFeathersQuery({ $or: [{ isStock: true }, { dropShip: { $ne: false } }] })).toEqual([
      ["$or[0][isStock]", "true"],
      ["$or[1][dropShip][$ne]", "false"],
    ]);
  });

  it("dotted field names stay whole", () => {
    expect(buildFeathersQuery({ "class.internalId": { $match: "hi" } })).toEqual([["class.internalId[$match]", "hi"]]);
  });

  it("null, undefined and empty comma lists mean no filter", () => {
    expect(buildFeathersQuery({ a: null, b: undefined, c: { $gte: undefined } })).toEqual([]);
    expect(buildFeathersQuery({ d: [] }, { arrays: "comma" })).toEqual([]);
  });

  it("the pairs feed URLSearchParams", () => {
    const params = new URLSearchParams(buildFeathersQuery({ $limit: 0, id: { $in: ["a b", "c&d"] } }));
    expect(params.toString()).toBe("%24limit=0&id%5B%24in%5D%5B%5D=a+b&id%5B%24in%5D%5B%5D=c%26d");
  });

  it("property: every primitive leaf yields one pair with its value", () => {
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean());
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.dictionary(fc.constantFrom("$gte", "$lte", "$ne"), leaf)),
        (query) => {
          const pairs = buildFeathersQuery(query);
          const leaves = Object.entries(query).flatMap(([k, ops]) =>
            Object.entries(ops).map(([op, v]) => [`${k}[${op}]`, String(v)]),
          );
          expect(pairs).toEqual(leaves);
        },
      ),
    );
  });

  it("feathersQueryRecord gives one string per key", () => {
    expect(feathersQueryRecord({ $limit: 16, employees: ["1", "2"] })).toEqual({ $limit: "16", employees: "1,2" });
  });
});

describe("paging (SPEC §7)", () => {
  it.each([
    [1, 0],
    [2, 16],
    [3, 32],
  ])("page %s → $skip %s", (page, skip) => expect(pagination(page)).toEqual({ $limit: 16, $skip: skip }));

  it("another limit", () => expect(pagination(3, 10)).toEqual({ $limit: 10, $skip: 20 }));

  it.each([
    ["2", 2],
    [" 7 ", 7],
    [5, 5],
    ["0", 1],
    ["-1", 1],
    ["abc", 1],
    ["1.5", 1],
    [null, 1],
    [undefined, 1],
    ["100001", 1],
  ])("parsePage(%j) → %s", (value, page) => expect(parsePage(value)).toBe(page));

  it("property: $skip = (page − 1) × 16 for every page", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (page) => {
        expect(pagination(page)).toEqual({ $limit: 16, $skip: (page - 1) * 16 });
        expect(parsePage(String(page))).toBe(page);
      }),
    );
  });
});
