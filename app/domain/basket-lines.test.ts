import { describe, expect, it } from "vitest";
import {
  addCapped,
  addPacks,
  droppedNotice,
  lineAmount,
  reorderDroppedNotice,
  lineFromItem,
  mergeLine,
  optionLabels,
  orderable,
  priceNoticeText,
  UNKNOWN_PRODUCT,
  type ItemLine,
  type LineItem,
} from "./basket-lines";
import { PLACEHOLDER_IMAGE } from "./product-card";

const item = (extra: Partial<LineItem> = {}): LineItem => ({
  internalId: "20002",
  displayName: "Hi-Vis Jacket M",
  price: 24.5,
  isInactive: false,
  matrixType: null,
  parent: { internalId: "20001" },
  options: null,
  images: null,
  defaultImage: null,
  ...extra,
});

const line = (productId: string, qty: number, extra: Partial<ItemLine> = {}): ItemLine => ({
  productId,
  qty,
  parentId: productId,
  name: `Item ${productId}`,
  price: 1,
  ...extra,
});

describe("orderable: what may go into a basket line (SPEC §3 basket line, §6 pricingHidden, decision 058)", () => {
  it.each([
    ["an active priced item", item(), false, null],
    ["an inactive item", item({ isInactive: true }), false, UNKNOWN_PRODUCT],
    [
      "a matrix parent",
      item({ matrixType: "parent", displayName: "Hi-Vis Jacket" }),
      false,
      "Choose a size or colour of Hi-Vis Jacket first.",
    ],
    [
      "an item without a price",
      item({ price: null }),
      false,
      "Hi-Vis Jacket M has no price and cannot be ordered here.",
    ],
    ["an item whose price is hidden from the account", item({ price: null }), true, null],
    ["an inactive item, prices hidden", item({ price: null, isInactive: true }), true, UNKNOWN_PRODUCT],
  ])("%s", (_name, candidate, pricesHidden, refusal) => {
    const answer = orderable(candidate, { pricesHidden });
    expect(answer.ok ? null : answer.message).toBe(refusal);
  });
});

describe("lineFromItem: SPEC §3 basket line for a catalogue item", () => {
  it.each([
    [
      "price and name from the catalogue, parentId from the matrix parent",
      item(),
      {
        productId: "20002",
        parentId: "20001",
        price: 24.5,
        name: "Hi-Vis Jacket M",
        thumbnail: PLACEHOLDER_IMAGE,
        options: undefined,
      },
    ],
    ["a standalone item is its own parent", item({ parent: null }), { parentId: "20002" }],
    ["a hidden price stays null (decision 058)", item({ price: null }), { price: null }],
    [
      "the default image, else the first image of any colour",
      item({ images: { yellow: [], orange: ["/o.jpg"] } }),
      { thumbnail: "/o.jpg" },
    ],
    [
      "only chosen string options are kept",
      item({ options: { size: "M", colour: "", fit: null } }),
      { options: { size: "M" } },
    ],
  ])("%s", (_name, source, expected) => {
    expect(lineFromItem(source, 3)).toEqual(expect.objectContaining({ qty: 3, ...expected }));
  });
});

describe("mergeLine: adding sums with the product's line (SPEC §4 basket), refused beyond the item's rules (SPEC §5, §9)", () => {
  it.each([
    [
      "a new product is added",
      [line("a", 1)],
      line("b", 2),
      {},
      {
        lines: [
          ["a", 1],
          ["b", 2],
        ],
      },
    ],
    ["the same product is summed", [line("a", 1)], line("a", 2), {}, { lines: [["a", 3]] }],
    [
      "a sum above 99 is refused, not trimmed",
      [line("a", 98)],
      line("a", 2),
      {},
      { message: "You already have 98 of Item a in your basket; a basket line cannot be more than 99." },
    ],
    [
      "a sum off the item's step is refused",
      [line("a", 2)],
      line("a", 1),
      { quantityStep: 2 },
      { message: "You already have 2 of Item a in your basket; quantity must be a multiple of 2." },
    ],
  ])("%s", (_name, current, added, rules, expected) => {
    const answer = mergeLine(current, added, rules);
    if ("lines" in expected) expect(answer.ok && answer.lines.map((l) => [l.productId, l.qty])).toEqual(expected.lines);
    else expect(answer.ok ? null : answer.message).toBe(expected.message);
  });
});

describe("addCapped and addPacks: a reorder's lines (SPEC §7 POST /api/re-order, §4 basket, §9 max 99)", () => {
  it.each([
    [
      "lines of new products are appended",
      [line("a", 1)],
      [line("b", 2)],
      [
        ["a", 1],
        ["b", 2],
      ],
    ],
    ["the same product is summed", [line("a", 1)], [line("a", 2), line("a", 3)], [["a", 6]]],
    ["a sum above 99 stops at 99", [line("a", 90)], [line("a", 20)], [["a", 99]]],
  ])("addCapped: %s", (_name, current, added, expected) => {
    expect(addCapped(current, added).map((l) => [l.productId, l.qty])).toEqual(expected);
  });

  it.each([
    [
      "a new wearer gets a pack of their own",
      [{ employeeId: "7", data: [line("a", 1)] }],
      [{ employeeId: "8", data: [line("b", 2)] }],
      [
        ["7", [["a", 1]]],
        ["8", [["b", 2]]],
      ],
    ],
    [
      "a wearer's pack already held is added to",
      [{ employeeId: "7", data: [line("a", 1)] }],
      [{ employeeId: "7", data: [line("a", 2), line("c", 1)] }],
      [
        [
          "7",
          [
            ["a", 3],
            ["c", 1],
          ],
        ],
      ],
    ],
  ])("addPacks: %s", (_name, current, added, expected) => {
    expect(addPacks(current, added).map((p) => [p.employeeId, p.data.map((l) => [l.productId, l.qty])])).toEqual(
      expected,
    );
  });

  it("addPacks: a pack already held keeps its other fields (its address)", () => {
    const [pack] = addPacks(
      [{ employeeId: "7", addressId: "3", data: [] }],
      [{ employeeId: "7", data: [line("a", 1)] }],
    );
    expect(pack).toEqual(expect.objectContaining({ addressId: "3" }));
  });
});

describe("droppedNotice: SPEC §5 saved lines whose product no longer exists are removed, with a notice", () => {
  it.each([
    [[], ""],
    [["Old Fleece"], " No longer available, so not added: Old Fleece."],
    [["Old Fleece", "Cap"], " No longer available, so not added: Old Fleece, Cap."],
  ])("%j", (names, notice) => {
    expect(droppedNotice(names)).toBe(notice);
  });
});

describe("reorderDroppedNotice: products gone, and wearers' lines left out with the provider's reason (decision 104)", () => {
  it.each([
    [[], ""],
    [[{ name: "Old Fleece" }], " No longer available, so not added: Old Fleece."],
    [
      [{ name: "Work Trousers", reason: "Hal Harbour is no longer entitled to Work Trousers" }],
      " Not added: Hal Harbour is no longer entitled to Work Trousers.",
    ],
    [
      [
        { name: "Old Fleece", reason: null },
        { name: "Tunic", reason: "Lee Leaver is no longer an active wearer" },
        { name: "Cap", reason: "Lee Leaver is no longer an active wearer" },
      ],
      " No longer available, so not added: Old Fleece. Not added: Lee Leaver is no longer an active wearer; Lee Leaver is no longer an active wearer.",
    ],
  ])("%j", (dropped, notice) => {
    expect(reorderDroppedNotice(dropped)).toBe(notice);
  });
});

describe("lineAmount: price × quantity in whole pence (SPEC §9 currency £ with 2 decimals)", () => {
  it.each([
    [24.5, 2, 49],
    [0.1, 3, 0.3],
    [19.99, 7, 139.93],
    [2.5, 99, 247.5],
  ])("%s × %s = %s", (price, qty, amount) => {
    expect(lineAmount(price, qty)).toBe(amount);
  });
});

describe("priceNoticeText: SPEC §5 verifyPrices, a fetched price that differs from the held one or is missing", () => {
  it.each([
    [
      "a changed price",
      line("20002", 1, { name: "Hi-Vis Jacket M", price: 22 }),
      item(),
      "Hi-Vis Jacket M: was £22.00, now £24.50",
    ],
    [
      "a price gone",
      line("20002", 1, { name: "Hi-Vis Jacket M", price: 22 }),
      item({ price: null }),
      "Hi-Vis Jacket M: no longer available at a price",
    ],
    [
      "a product gone, named from the line",
      line("20002", 1, { name: "Old Fleece" }),
      undefined,
      "Old Fleece: no longer available at a price",
    ],
    [
      "a line without a name takes the catalogue's",
      line("20002", 1, { name: undefined, price: 22 }),
      item(),
      "Hi-Vis Jacket M: was £22.00, now £24.50",
    ],
    [
      "neither named: the product id",
      line("20002", 1, { name: undefined }),
      undefined,
      "Product 20002: no longer available at a price",
    ],
  ])("%s", (_name, held, current, text) => {
    expect(priceNoticeText(held, current)).toBe(text);
  });
});

describe("optionLabels: a basket line's chosen options (SPEC §3 basket line options)", () => {
  it.each([
    [undefined, []],
    [{ size: "M", color: "Yellow" }, ["Size: M", "Colour: Yellow"]],
    [{ Color: "Navy", legLength: "Long" }, ["Colour: Navy", "Leg length: Long"]],
    [{ size: "M", legLength: null, finish: "" }, ["Size: M"]],
    [{ pack: 2, logo: true }, ["Pack: 2", "Logo: true"]],
  ])("%j", (options, labels) => {
    expect(optionLabels(options)).toEqual(labels);
  });
});
