import { describe, expect, it } from "vitest";
import type { SimpleItem } from "./matrix";
import { gridCellLabel, gridField, gridWaitsFor, readGridPost, sizeGrid, sortSizes } from "./size-grid";

const v = (internalId: string, size: string | null, color: string | null, extra: SimpleItem["options"] = {}) => ({
  internalId,
  options: { size, color, ...extra },
});

const polos = [
  v("1", "L", "Navy"),
  v("2", "S", "Navy"),
  v("3", "2XL", "Black"),
  v("4", "M", "Navy"),
  v("5", "S", "Black"),
];

describe("sortSizes", () => {
  it("puts letter sizes in size order, XXL and 2XL as one rank", () => {
    expect(sortSizes(["XL", "S", "3XL", "M", "XS", "2XL", "L"])).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL"]);
  });

  it("puts numbered sizes (waists, gloves, boots) by number, after letter sizes", () => {
    expect(sortSizes(["10 (XL)", "8 (M)", "9 (L)"])).toEqual(["8 (M)", "9 (L)", "10 (XL)"]);
    expect(sortSizes(["40", "30", "M", "34"])).toEqual(["M", "30", "34", "40"]);
  });

  it("keeps sizes it cannot read in the order given, after the others", () => {
    expect(sortSizes(["One size", "L", "Petite", "S"])).toEqual(["S", "L", "One size", "Petite"]);
  });
});

describe("sizeGrid", () => {
  it("rows are the sizes in order, columns the colours as given, a cell not made is null", () => {
    const grid = sizeGrid(polos)!;
    expect(grid.sizes).toEqual(["S", "M", "L", "2XL"]);
    expect(grid.colours).toEqual(["Navy", "Black"]);
    expect(grid.rows.map((row) => [row.size, ...row.cells.map((c) => c.variant?.internalId ?? null)])).toEqual([
      ["S", "2", "5"],
      ["M", "4", null],
      ["L", "1", null],
      ["2XL", null, "3"],
    ]);
  });

  it("reads values with spaces around them as the same size and colour", () => {
    expect(sizeGrid([v("1", " M ", "Navy"), v("2", "M", " Navy ")])).toBeNull(); // two variants in one cell
    expect(sizeGrid([v("1", " M ", "Navy"), v("2", "L", " Navy ")])?.colours).toEqual(["Navy"]);
  });

  it.each([
    ["no variants", []],
    ["one variant", [v("1", "M", "Navy")]],
    ["a leg length", [v("1", "32", "Navy", { legLength: "Regular" }), v("2", "34", "Navy", { legLength: "Regular" })]],
    ["a finish", [v("1", "M", "Navy", { finish: "Plain" }), v("2", "L", "Navy")]],
    ["a variant without a colour", [v("1", "M", "Navy"), v("2", "L", null)]],
    ["a variant without a size", [v("1", "M", "Navy"), v("2", null, "Navy")]],
    ["two variants in one cell", [v("1", "M", "Navy"), v("2", "M", "Navy")]],
  ])("is null for %s", (_case, simples) => {
    expect(sizeGrid(simples)).toBeNull();
  });

  const trousers = [
    v("1", "32", "Navy", { legLength: "Regular" }),
    v("2", "34", "Navy", { legLength: "Regular" }),
    v("3", "32", "Black", { legLength: "Regular" }),
    v("4", "32", "Navy", { legLength: "Tall" }),
  ];

  it("with a further option chosen, is the grid of that choice's variants and names the choice", () => {
    const grid = sizeGrid(trousers, { legLength: "Regular", size: "34", color: "Navy" })!;
    expect(grid.fixed).toEqual([{ option: "legLength", value: "Regular" }]);
    expect(grid.rows.map((r) => [r.size, r.cells.map((c) => c.variant?.internalId ?? null)])).toEqual([
      ["32", ["1", "3"]],
      ["34", ["2", null]],
    ]);
    expect(sizeGrid(polos)!.fixed).toEqual([]);
  });

  it("is null for a further option's choice that leaves one variant or none", () => {
    expect(sizeGrid(trousers, { legLength: "Tall" })).toBeNull();
    expect(sizeGrid(trousers, { legLength: "Short" })).toBeNull();
  });

  it("waits for the further options not chosen, when some choice of them gives a grid", () => {
    expect(gridWaitsFor(trousers, {})).toEqual(["legLength"]);
    expect(gridWaitsFor(trousers, { size: "32" })).toEqual(["legLength"]);
    expect(gridWaitsFor(trousers, { legLength: "Regular" })).toEqual([]); // the grid is there
    expect(gridWaitsFor(trousers, { legLength: "Tall" })).toEqual([]); // chosen, and no grid for it
    expect(gridWaitsFor(polos, {})).toEqual([]);
    expect(
      gridWaitsFor([v("1", "M", "Navy", { finish: "Plain" }), v("2", "L", "Navy", { finish: "Logo" })], {}),
    ).toEqual([]); // no finish has two variants
  });

  it("is a grid when only the logo differs from size and colour (a logo is no variant)", () => {
    expect(sizeGrid([v("1", "M", "Navy", { logo: "Left chest" }), v("2", "L", "Navy")])?.sizes).toEqual(["M", "L"]);
  });
});

describe("grid fields and labels", () => {
  it("names one field per variant and reads the cell's row and column in its label", () => {
    expect(gridField("21")).toBe("qty-21");
    expect(gridCellLabel("M", "Navy")).toBe("Quantity, size M, colour Navy");
  });
});

describe("readGridPost", () => {
  const grid = sizeGrid(polos)!;

  it("gives each cell's text and the cells that order something, row by row", () => {
    const read = readGridPost(grid, [
      ["intent", "grid"],
      ["qty-3", "2"],
      ["qty-1", " 4 "],
      ["qty-2", "0"],
      ["qty-5", ""],
      ["qty-4", "x"],
    ]);
    expect(read).toEqual({
      typed: { "3": "2", "1": "4", "2": "0", "5": "", "4": "x" },
      ordered: [
        { internalId: "4", qty: "x" },
        { internalId: "1", qty: "4" },
        { internalId: "3", qty: "2" },
      ],
    });
  });

  it("orders nothing when every cell is blank or 0", () => {
    expect(
      readGridPost(grid, [
        ["qty-1", "00"],
        ["qty-2", ""],
      ])?.ordered,
    ).toEqual([]);
  });

  it.each([
    ["a variant of another product", [["qty-99", "1"]]],
    [
      "a cell posted twice",
      [
        ["qty-1", "1"],
        ["qty-1", "2"],
      ],
    ],
  ] as const)("is null for %s", (_case, fields) => {
    expect(readGridPost(grid, fields as unknown as [string, string][])).toBeNull();
  });
});
