import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  allowancesLeft,
  budgetAfterReset,
  budgetLabel,
  calendarDay,
  chargedBudgetIndex,
  checkAllowance,
  leftAfterPackWorthSaying,
  nextResetDate,
  overAllowanceMessage,
  overAllowances,
  packLinesOf,
  resetBudget,
  wearerName,
  type AllowanceItem,
  type Budget,
  type PackLine,
} from "./allowance";

// Issue 15 item 3 (decision 098): SPEC §3 Contact budget (contactId, type, qty, resetDays, resetDate, allocationType,
// allocationTypeName, usedQty), Item (allocationType, itemPoints), Manpack entry (data lines); the provider's charging
// rule and refusal (docs/upstream-api.md, POST /api/order manpack).

const budget = (type: string, qty: number, usedQty: number, more: Partial<Budget> = {}): Budget => ({
  type,
  qty,
  usedQty,
  resetDays: 365,
  resetDate: "2027-04-01",
  ...more,
});
const jacket: AllowanceItem = { allocationType: "Jacket", itemPoints: null };
const polo: AllowanceItem = { allocationType: "Tops", itemPoints: null };
const gloves: AllowanceItem = { allocationType: null, itemPoints: null };
const points = (n: number | null, allocationType: string | null = "Tops"): AllowanceItem => ({
  allocationType,
  itemPoints: n,
});
const line = (item: AllowanceItem, quantity: number): PackLine => ({ item, quantity });
const wes = { firstName: "Wes", lastName: "Wearer" };
const TODAY = "2026-11-23";

const left = (budgets: Budget[], lines: PackLine[] = [], today = TODAY) =>
  allowancesLeft(budgets, lines, today).map((a) => [a.budget.type, a.allowance, a.inPack, a.left]);

describe("allowancesLeft: what is left of each budget with the pack's lines", () => {
  it.each([
    ["a quantity budget, empty pack", [budget("Jacket", 2, 0)], [], [["Jacket", 2, 0, 2]]],
    ["a quantity budget partly used", [budget("Jacket", 2, 1)], [], [["Jacket", 2 - 1, 0, 1]]],
    [
      "lines of its allocation type count one each",
      [budget("Jacket", 3, 1)],
      [line(jacket, 1), line(jacket, 1)],
      [["Jacket", 2, 2, 0]],
    ],
    ["a line of another type leaves it alone", [budget("Jacket", 3, 0)], [line(polo, 2)], [["Jacket", 3, 0, 3]]],
    [
      "an item of no allocation type is not limited",
      [budget("Jacket", 1, 0)],
      [line(gloves, 5)],
      [["Jacket", 1, 0, 1]],
    ],
    [
      "several budgets, each charged by its own type",
      [budget("Tops", 5, 1), budget("Jacket", 1, 0), budget("Footwear", 1, 1)],
      [line(polo, 2), line(jacket, 1)],
      [
        ["Tops", 4, 2, 2],
        ["Jacket", 1, 1, 0],
        ["Footwear", 0, 0, 0],
      ],
    ],
    [
      "a points budget charges itemPoints × quantity",
      [budget("Points", 100, 30)],
      [line(points(15), 2), line(points(4), 1)],
      [["Points", 70, 34, 36]],
    ],
    [
      "with a points budget every item costs its points, whatever its type",
      [budget("Points", 100, 0), budget("Tops", 5, 0)],
      [line(points(10, "Tops"), 1)],
      [
        ["Points", 100, 10, 90],
        ["Tops", 5, 0, 5],
      ],
    ],
    [
      "an item without points costs nothing against points",
      [budget("Points", 10, 0)],
      [line(jacket, 3)],
      [["Points", 10, 0, 10]],
    ],
    ["over the allowance shows below zero", [budget("Jacket", 1, 0)], [line(jacket, 3)], [["Jacket", 1, 3, -2]]],
    ["used beyond its qty: none left, not less", [budget("Jacket", 2, 3)], [line(jacket, 1)], [["Jacket", 0, 1, -1]]],
    [
      "two budgets of one type: the first is charged",
      [budget("Jacket", 1, 0), budget("Jacket", 5, 0)],
      [line(jacket, 1)],
      [
        ["Jacket", 1, 1, 0],
        ["Jacket", 5, 0, 5],
      ],
    ],
    ["no budgets", [], [line(jacket, 1)], []],
  ] as [string, Budget[], PackLine[], unknown[]][])("%s", (_name, budgets, lines, expected) => {
    expect(left(budgets, lines)).toEqual(expected);
  });

  it("keeps the caller's own budget fields (internalId, allocationTypeName …)", () => {
    const mine = { ...budget("Jacket", 2, 0), internalId: "9", allocationTypeName: "Quantity" };
    expect(allowancesLeft([mine], [], TODAY)[0].budget).toEqual(mine);
  });

  it("applies a reset that has fallen due before counting", () => {
    expect(left([budget("Jacket", 2, 2, { resetDate: "2026-11-01", resetDays: 30 })], [line(jacket, 1)])).toEqual([
      ["Jacket", 2, 1, 1],
    ]);
  });
});

describe("chargedBudgetIndex", () => {
  it.each([
    [[budget("Tops", 5, 0), budget("Jacket", 1, 0)], jacket, 1],
    [[budget("Tops", 5, 0)], jacket, -1],
    [[budget("Tops", 5, 0), budget("Points", 9, 0)], jacket, 1],
    [[budget("Points", 9, 0)], gloves, 0],
    [[budget("Tops", 5, 0)], gloves, -1],
    [[budget("points", 9, 0)], jacket, -1], // the type is compared exactly, as the provider compares it
  ] as [Budget[], AllowanceItem, number][])("%j, %j → %s", (budgets, item, expected) => {
    expect(chargedBudgetIndex(budgets, item)).toBe(expected);
  });
});

describe("resetBudget: a reset that has fallen due (the reset boundary)", () => {
  const yearly = budget("Jacket", 2, 2, { resetDate: "2026-11-23", resetDays: 365 });

  it.each([
    ["the day before the reset day: unchanged", "2026-11-22", 2, "2026-11-23"],
    ["exactly on the reset day: reset, next one a period on", "2026-11-23", 0, "2027-11-23"],
    ["one day late", "2026-11-24", 0, "2027-11-23"],
    ["the last day of the first period", "2027-11-22", 0, "2027-11-23"],
    ["exactly one period late: moved on two periods", "2027-11-23", 0, "2028-11-22"],
    ["several periods late", "2030-01-01", 0, "2030-11-22"],
  ])("%s (today %s)", (_name, today, usedQty, resetDate) => {
    expect(resetBudget(yearly, today)).toEqual({ ...yearly, usedQty, resetDate });
  });

  it.each([
    [
      "30-day periods, three and a bit late (31.08, 30.09, 30.10 passed)",
      { resetDate: "2026-08-01", resetDays: 30 },
      "2026-11-01",
      "2026-11-29",
    ],
    ["across a month end and a leap day", { resetDate: "2028-02-28", resetDays: 1 }, "2028-02-29", "2028-03-01"],
    [
      "an impossible day rolls on as the provider reads it (30.02 is 02.03)",
      { resetDate: "2026-02-30", resetDays: 365 },
      "2026-11-23",
      "2027-03-02",
    ],
  ] as [string, Partial<Budget>, string, string][])("%s", (_name, more, today, resetDate) => {
    expect(resetBudget(budget("Tops", 5, 3, more), today)).toEqual({
      ...budget("Tops", 5, 3, more),
      usedQty: 0,
      resetDate,
    });
  });

  it.each([
    ["no resetDays", { resetDate: "2026-01-01", resetDays: null }],
    ["resetDays 0", { resetDate: "2026-01-01", resetDays: 0 }],
    ["negative resetDays", { resetDate: "2026-01-01", resetDays: -30 }],
    ["fractional resetDays", { resetDate: "2026-01-01", resetDays: 1.5 }],
    ["no resetDate", { resetDate: null, resetDays: 30 }],
    ["an unreadable resetDate", { resetDate: "01.01.26", resetDays: 30 }],
    ["a timestamp, not a day", { resetDate: "2026-01-01T00:00:00.000Z", resetDays: 30 }],
    ["a month that is none", { resetDate: "2026-13-01", resetDays: 30 }],
  ] as [string, Partial<Budget>][])("never resets with %s", (_name, more) => {
    const b = budget("Tops", 5, 3, more);
    expect(resetBudget(b, TODAY)).toBe(b);
  });

  it("an unreadable today changes nothing", () => {
    const b = budget("Tops", 5, 3, { resetDate: "2026-01-01", resetDays: 30 });
    expect(resetBudget(b, "")).toBe(b);
  });

  it("property: after a reset the next reset day is after today, less than one period away, whole periods on", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 800 }),
        fc.integer({ min: 0, max: 5_000 }),
        (start, every, late) => {
          const day = (n: number) => new Date(Date.UTC(2000, 0, 1 + n)).toISOString().slice(0, 10);
          const after = resetBudget(
            budget("Tops", 5, 4, { resetDate: day(start), resetDays: every }),
            day(start + late),
          );
          const moved = (Date.parse(after.resetDate!) - Date.parse(day(start))) / 86_400_000;
          expect(after.usedQty).toBe(0);
          expect(moved % every).toBe(0);
          expect(moved).toBeGreaterThan(late);
          expect(moved - late).toBeLessThanOrEqual(every);
        },
      ),
    );
  });
});

describe("nextResetDate: the day to show", () => {
  it.each([
    [
      "the earliest of the budgets'",
      [budget("Tops", 5, 0, { resetDate: "2027-03-01" }), budget("Jacket", 1, 0, { resetDate: "2027-01-15" })],
      "2027-01-15",
    ],
    [
      "after a reset that has fallen due",
      [budget("Tops", 5, 0, { resetDate: "2026-11-01", resetDays: 30 })],
      "2026-12-01",
    ],
    [
      "exactly on the reset day, the next one",
      [budget("Tops", 5, 0, { resetDate: TODAY, resetDays: 7 })],
      "2026-11-30",
    ],
    [
      "budgets that never reset are left out",
      [
        budget("Tops", 5, 0, { resetDate: "2026-12-01", resetDays: null }),
        budget("Jacket", 1, 0, { resetDate: "2027-02-01" }),
      ],
      "2027-02-01",
    ],
    ["none renews", [budget("Tops", 5, 0, { resetDate: null })], null],
    ["no budgets", [], null],
  ] as [string, Budget[], string | null][])("%s", (_name, budgets, expected) => {
    expect(nextResetDate(budgets, TODAY)).toBe(expected);
  });
});

describe("calendarDay: today where the wearers work", () => {
  it.each([
    ["winter: UK midnight is UTC midnight", "2026-11-23T23:59:59Z", "2026-11-23"],
    ["summer: 23:30 UTC is already the next UK day", "2026-06-30T23:30:00Z", "2026-07-01"],
    ["summer: 22:59 UTC is still the UK day", "2026-06-30T22:59:00Z", "2026-06-30"],
  ])("%s", (_name, instant, expected) => {
    expect(calendarDay(new Date(instant))).toBe(expected);
  });

  it("takes another time zone", () => {
    expect(calendarDay(new Date("2026-11-23T20:00:00Z"), "Asia/Tokyo")).toBe("2026-11-24");
  });
});

describe("the refusal in the provider's words", () => {
  it("names the wearer, what they have left and what the pack needs (docs/upstream-api.md)", () => {
    const [jackets] = allowancesLeft([budget("Jacket", 1, 0)], [line(jacket, 2)], TODAY);
    expect(overAllowanceMessage(wes, jackets)).toBe("Wes Wearer has 1 Jacket allowance left; this pack needs 2");
  });

  it.each([
    [{ firstName: "Wes", lastName: "Wearer" }, "Wes Wearer"],
    [{ firstName: " Wes ", lastName: "Wearer" }, "Wes Wearer"],
    [{ firstName: "Wes", lastName: "" }, "Wes"],
    [{ firstName: "", lastName: "Wearer" }, "Wearer"],
    [{ firstName: null, lastName: null }, "the wearer"],
  ])("wearerName %j → %s", (wearer, expected) => expect(wearerName(wearer)).toBe(expected));

  // the SPEC gives no words for this refusal: they are the provider's (the API's), the same on both sides (decision 172)
  it.each([
    [{ firstName: "Wes", lastName: "Wearer" }, "Wes Wearer has 1 Jacket allowance left; this pack needs 2"],
    [{ firstName: null, lastName: "Smith" }, "the wearer Smith has 1 Jacket allowance left; this pack needs 2"],
    [{ firstName: " ", lastName: "Smith" }, "the wearer Smith has 1 Jacket allowance left; this pack needs 2"],
    [{ firstName: "Wes", lastName: null }, "Wes has 1 Jacket allowance left; this pack needs 2"],
    [{ firstName: null, lastName: null }, "the wearer has 1 Jacket allowance left; this pack needs 2"],
  ])("the refusal names %j as %j", (wearer, expected) => {
    expect(overAllowanceMessage(wearer, { budget: { type: "Jacket" }, allowance: 1, inPack: 2 })).toBe(expected);
  });
});

describe("checkAllowance: may this quantity of the item go into the wearer's pack", () => {
  const check = (budgets: Budget[], lines: PackLine[], item: AllowanceItem, quantity: unknown, today = TODAY) =>
    checkAllowance({ wearer: wes, budgets, lines, item, quantity, today });
  const outcome = (c: ReturnType<typeof check>) => (c.ok ? "ok" : c.message);

  it.each([
    ["within a quantity allowance", [budget("Jacket", 2, 0)], [], jacket, 2, "ok"],
    ["exactly the last of it", [budget("Jacket", 2, 1)], [], jacket, 1, "ok"],
    ["one over", [budget("Jacket", 2, 1)], [], jacket, 2, "Wes Wearer has 1 Jacket allowance left; this pack needs 2"],
    [
      "the pack's lines count towards it",
      [budget("Jacket", 3, 1)],
      [line(jacket, 1)],
      jacket,
      2,
      "Wes Wearer has 2 Jacket allowance left; this pack needs 3",
    ],
    [
      "the same item again is summed with its line",
      [budget("Jacket", 2, 0)],
      [line(jacket, 2)],
      jacket,
      1,
      "Wes Wearer has 2 Jacket allowance left; this pack needs 3",
    ],
    ["lines of other types do not", [budget("Jacket", 1, 0), budget("Tops", 5, 0)], [line(polo, 5)], jacket, 1, "ok"],
    [
      "another budget over does not stop an item it does not charge",
      [budget("Jacket", 1, 0), budget("Tops", 1, 0)],
      [line(polo, 3)],
      jacket,
      1,
      "ok",
    ],
    [
      "an allowance used up",
      [budget("Jacket", 1, 1)],
      [],
      jacket,
      1,
      "Wes Wearer has 0 Jacket allowance left; this pack needs 1",
    ],
    ["an item no budget limits", [budget("Jacket", 0, 0)], [], gloves, 50, "ok"],
    ["an allocation type the wearer has no budget for", [budget("Tops", 0, 0)], [], jacket, 5, "ok"],
    ["points within", [budget("Points", 100, 40)], [line(points(20), 1)], points(20), 2, "ok"],
    [
      "points over",
      [budget("Points", 100, 40)],
      [line(points(20), 1)],
      points(15),
      3,
      "Wes Wearer has 60 Points allowance left; this pack needs 65",
    ],
    ["points: an item without points always fits", [budget("Points", 10, 10)], [], points(null), 4, "ok"],
    [
      "points are charged even with a budget of the item's type",
      [budget("Tops", 9, 0), budget("Points", 10, 0)],
      [],
      points(6, "Tops"),
      2,
      "Wes Wearer has 10 Points allowance left; this pack needs 12",
    ],
    [
      "a used-up allowance whose reset day is today",
      [budget("Jacket", 1, 1, { resetDate: TODAY, resetDays: 365 })],
      [],
      jacket,
      1,
      "ok",
    ],
    [
      "a used-up allowance that resets tomorrow",
      [budget("Jacket", 1, 1, { resetDate: "2026-11-24", resetDays: 365 })],
      [],
      jacket,
      1,
      "Wes Wearer has 0 Jacket allowance left; this pack needs 1",
    ],
    [
      "a used-up allowance several periods past its reset",
      [budget("Jacket", 1, 1, { resetDate: "2024-01-01", resetDays: 90 })],
      [],
      jacket,
      1,
      "ok",
    ],
  ] as [string, Budget[], PackLine[], AllowanceItem, number, string][])(
    "%s",
    (_name, budgets, lines, item, quantity, expected) => {
      expect(outcome(check(budgets, lines, item, quantity))).toBe(expected);
    },
  );

  it.each([
    [0, "Quantity must be at least 1"],
    [-1, "Quantity must be at least 1"],
    ["-3", "Quantity must be at least 1"],
    [1.5, "Quantity must be a whole number"],
    ["0.5", "Quantity must be a whole number"],
    ["two", "Quantity must be a whole number"],
    ["", "Quantity must be a whole number"],
    [null, "Quantity must be a whole number"],
    [Number.NaN, "Quantity must be a whole number"],
    [100, "Quantity cannot be more than 99"],
  ])("refuses the quantity %j before any allowance: %s", (quantity, message) => {
    const c = check([budget("Jacket", 200, 0)], [], jacket, quantity);
    expect(c).toMatchObject({ ok: false, reason: "quantity", message });
    expect(c).not.toHaveProperty("after");
  });

  it("applies the item's own quantity rules", () => {
    const packOfFour = { ...jacket, quantityStep: 2, minimumSaleQuantity: 2 };
    expect(
      checkAllowance({ wearer: wes, budgets: [], lines: [], item: packOfFour, quantity: 3, today: TODAY }),
    ).toMatchObject({
      ok: false,
      reason: "quantity",
      message: "Quantity must be a multiple of 2",
    });
    expect(
      checkAllowance({ wearer: wes, budgets: [], lines: [], item: packOfFour, quantity: "4", today: TODAY }),
    ).toMatchObject({ ok: true, qty: 4 });
  });

  it("answers what is left of every budget before and after the add", () => {
    const c = check([budget("Tops", 5, 1), budget("Jacket", 2, 0)], [line(polo, 1)], jacket, 1);
    expect(c.ok).toBe(true);
    if (!c.ok) throw new Error("the add should have been taken");
    expect(c.qty).toBe(1);
    expect(c.before.map((a) => [a.budget.type, a.left])).toEqual([
      ["Tops", 3],
      ["Jacket", 2],
    ]);
    expect(c.after.map((a) => [a.budget.type, a.left])).toEqual([
      ["Tops", 3],
      ["Jacket", 1],
    ]);
  });

  it("a refused add still answers before and after, the charged budget below zero", () => {
    const c = check([budget("Jacket", 1, 0, { resetDate: "2026-01-01", resetDays: 365 })], [], jacket, 2);
    expect(c).toMatchObject({ ok: false, reason: "allowance" });
    if (c.ok || c.reason !== "allowance") throw new Error("the add should have been refused for the allowance");
    expect(c.before[0]).toMatchObject({
      allowance: 1,
      inPack: 0,
      left: 1,
      budget: { resetDate: "2027-01-01", usedQty: 0 },
    });
    expect(c.after[0]).toMatchObject({ allowance: 1, inPack: 2, left: -1 });
  });

  it("property: an add is allowed exactly when its budget's allowance covers the pack (quantity budgets)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        (qty, used, held, add) => {
          const c = check([budget("Jacket", qty, used)], held ? [line(jacket, held)] : [], jacket, add);
          expect(c.ok).toBe(held + add <= qty - used);
        },
      ),
    );
  });
});

describe("budgetLabel: a budget's name on screen", () => {
  it.each([
    [{ type: "Points", allocationType: "Points", allocationTypeName: "Points" }, "Points"],
    [{ type: "Points", allocationTypeName: "Uniform points" }, "Points"],
    [{ type: "JKT", allocationType: "JKT", allocationTypeName: "Jacket" }, "Jacket"],
    [{ type: "JKT", allocationType: "JKT", allocationTypeName: null }, "JKT"],
    [{ type: "Tops", allocationType: null, allocationTypeName: null }, "Tops"],
  ])("%j → %s", (budget, label) => {
    expect(budgetLabel(budget)).toBe(label);
  });
});

describe("overAllowances and packLinesOf: what the basket and checkout warn of", () => {
  const hal = { firstName: "Hal", lastName: "Harbour" };
  const jacket: Budget = { type: "JKT", qty: 3, usedQty: 2, resetDays: null, resetDate: null };
  const trousers: Budget = { type: "TRS", qty: 2, usedQty: 0, resetDays: null, resetDate: null };
  const items = new Map([
    ["20030", { allocationType: "JKT", itemPoints: 10 }],
    ["20031", { allocationType: "TRS", itemPoints: 5 }],
  ]);

  it("reads each line with its item's allocation; a line whose item is unknown is not limited", () => {
    expect(
      packLinesOf(
        [
          { productId: "20030", qty: 2 },
          { productId: "99999", qty: 1 },
        ],
        items,
      ),
    ).toEqual([
      { item: { allocationType: "JKT", itemPoints: 10 }, quantity: 2 },
      { item: { allocationType: null, itemPoints: null }, quantity: 1 },
    ]);
  });

  it.each([
    [
      [
        { productId: "20030", qty: 1 },
        { productId: "20031", qty: 2 },
      ],
      [],
    ],
    [[{ productId: "20030", qty: 2 }], ["Hal Harbour has 1 JKT allowance left; this pack needs 2"]],
    [
      [
        { productId: "20030", qty: 3 },
        { productId: "20031", qty: 3 },
      ],
      [
        "Hal Harbour has 1 JKT allowance left; this pack needs 3",
        "Hal Harbour has 2 TRS allowance left; this pack needs 3",
      ],
    ],
  ])("%j → %j", (lines, messages) => {
    const after = allowancesLeft([jacket, trousers], packLinesOf(lines, items), "2026-11-23");
    expect(overAllowances(hal, after)).toEqual(messages);
  });
});

describe("leftAfterPackWorthSaying: an item's 'left after the pack' line only when it says something (decision 167)", () => {
  const after = (b: Budget, lines: PackLine[] = []) => allowancesLeft([b], lines, TODAY)[0];

  it("an empty pack with room to spare: no line (the allowances table says it once)", () => {
    expect(leftAfterPackWorthSaying(after(budget("Points", 100, 23)), points(1))).toBe(false);
    expect(leftAfterPackWorthSaying(after(budget("Jacket", 2, 0)), jacket)).toBe(false);
  });

  it("once the pack takes from the item's budget", () => {
    expect(leftAfterPackWorthSaying(after(budget("Points", 100, 0), [line(points(5), 1)]), points(1))).toBe(true);
    expect(leftAfterPackWorthSaying(after(budget("Jacket", 2, 0), [line(jacket, 1)]), jacket)).toBe(true);
  });

  it("when one more would not fit, even with nothing in the pack", () => {
    expect(leftAfterPackWorthSaying(after(budget("Points", 10, 2)), points(9))).toBe(true);
    expect(leftAfterPackWorthSaying(after(budget("Points", 10, 1)), points(9))).toBe(false);
    expect(leftAfterPackWorthSaying(after(budget("Jacket", 1, 1)), jacket)).toBe(true);
  });
});

// the provider's rows of the reset rule (decision 096), from when the provider had a module of its own for it
describe("budgetAfterReset", () => {
  const budget = { usedQty: 3, resetDays: 30, resetDate: "2026-11-20" };
  it.each([
    ["the day before the reset date: unchanged", "2026-11-19", { usedQty: 3, resetDate: "2026-11-20", reset: false }],
    [
      "exactly on the reset date: reset, next date one period on",
      "2026-11-20",
      { usedQty: 0, resetDate: "2026-12-20", reset: true },
    ],
    ["one day late", "2026-11-21", { usedQty: 0, resetDate: "2026-12-20", reset: true }],
    ["the last day of the first period late", "2026-12-19", { usedQty: 0, resetDate: "2026-12-20", reset: true }],
    ["exactly one period late: two periods on", "2026-12-20", { usedQty: 0, resetDate: "2027-01-19", reset: true }],
    ["several periods late (across a year end)", "2027-03-01", { usedQty: 0, resetDate: "2027-03-20", reset: true }],
  ])("%s", (_label, today, expected) => {
    expect(budgetAfterReset(budget, today)).toEqual(expected);
  });

  it.each([
    ["no reset date", { usedQty: 2, resetDays: 30, resetDate: null }],
    ["no reset days", { usedQty: 2, resetDays: null, resetDate: "2026-01-01" }],
    ["zero reset days", { usedQty: 2, resetDays: 0, resetDate: "2026-01-01" }],
    ["negative reset days", { usedQty: 2, resetDays: -5, resetDate: "2026-01-01" }],
    ["an unreadable reset date", { usedQty: 2, resetDays: 30, resetDate: "01.01.26" }],
  ])("never resets with %s", (_label, b) => {
    expect(budgetAfterReset(b, "2026-11-23")).toEqual({ usedQty: 2, resetDate: b.resetDate, reset: false });
  });

  it("a year-long period across a leap day", () => {
    expect(budgetAfterReset({ usedQty: 1, resetDays: 365, resetDate: "2027-03-01" }, "2028-03-01")).toEqual({
      usedQty: 0,
      resetDate: "2029-02-28",
      reset: true,
    });
  });
});

describe("calendarDay and nextResetDate, as the provider answers a contact", () => {
  it("the UK calendar day of an instant (GMT in winter, BST in summer)", () => {
    expect(calendarDay(new Date("2026-11-23T23:59:59.000Z"))).toBe("2026-11-23");
    expect(calendarDay(new Date("2026-07-01T23:30:00.000Z"))).toBe("2026-07-02");
  });
  it("the earliest reset date of the budgets that renew, or null", () => {
    expect(
      nextResetDate(
        [
          { resetDate: "2027-02-01", resetDays: 365 },
          { resetDate: null, resetDays: 30 },
          { resetDate: "2026-12-20", resetDays: 30 },
        ],
        TODAY,
      ),
    ).toBe("2026-12-20");
    // a reset date without reset days never comes round
    expect(
      nextResetDate(
        [
          { resetDate: "2026-12-01", resetDays: null },
          { resetDate: "2027-01-01", resetDays: 0 },
          { resetDate: "2027-03-01", resetDays: 90 },
        ],
        TODAY,
      ),
    ).toBe("2027-03-01");
    expect(nextResetDate([{ resetDate: null, resetDays: 30 }], TODAY)).toBeNull();
    expect(nextResetDate([], TODAY)).toBeNull();
  });
});
