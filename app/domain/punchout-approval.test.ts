import { describe, expect, it } from "vitest";
import {
  approvalKeys,
  approvalRefusal,
  CLEARED_APPROVAL_ID,
  isAwaitingApproval,
  isOwnBasket,
  OWN_BASKET_REFUSAL,
  punchoutLines,
  punchoutTotal,
  requesterName,
} from "./punchout-approval";

const flags = (is_punchout: number, punchout_approved: number, checked_out: number) => ({
  basket_name: "Req 1",
  is_punchout,
  punchout_approved,
  checked_out,
});

describe("isAwaitingApproval", () => {
  it.each([
    [flags(1, 0, 0), true],
    [flags(0, 0, 0), false],
    [flags(1, 1, 0), false],
    [flags(1, 0, 1), false],
    [flags(1, 1, 1), false],
  ])("%j → %s", (basket, expected) => {
    expect(isAwaitingApproval(basket)).toBe(expected);
  });
});

describe("approvalRefusal", () => {
  it("none while awaiting; ordered wins over approved", () => {
    expect(approvalRefusal(flags(1, 0, 0), "3")).toBeNull();
    expect(approvalRefusal(flags(1, 1, 0), "3")).toBe('"Req 1" has already been approved.');
    expect(approvalRefusal(flags(1, 1, 1), "3")).toBe('"Req 1" has already been ordered.');
  });

  it("decision 138: a basket the approver saved themselves is not theirs to approve; a colleague's is", () => {
    const saved = (userId: string) => ({ ...flags(1, 0, 0), user: { id: userId } });
    expect(approvalRefusal(saved("3"), "3")).toBe(OWN_BASKET_REFUSAL);
    expect(approvalRefusal(saved("2"), "3")).toBeNull();
    expect(approvalRefusal(flags(1, 0, 0), "3")).toBeNull(); // no user named: the provider decides
    // already ordered or approved says so first
    expect(approvalRefusal({ ...saved("3"), checked_out: 1 }, "3")).toBe('"Req 1" has already been ordered.');
    expect(isOwnBasket(saved("3"), "3")).toBe(true);
    expect(isOwnBasket({ user: null }, "3")).toBe(false);
  });
});

describe("approvalKeys", () => {
  it("sets the three SPEC §3 keys from the saved basket", () => {
    expect(approvalKeys({ id: "650", address_id: "701" })).toEqual({
      keys: { basketIdForApproval: "650", approvedOrderAddressId: "701", punchoutLoadedBasket: true },
      addressMissing: false,
    });
  });

  it.each([null, undefined, ""])("a missing address_id (%j) is flagged, the keys still set", (address_id) => {
    const { keys, addressMissing } = approvalKeys({ id: "650", address_id });
    expect(addressMissing).toBe(true);
    expect(keys.basketIdForApproval).toBe("650");
  });

  it("clearing sends only the approval id", () => {
    expect(CLEARED_APPROVAL_ID).toEqual({ basketIdForApproval: null });
  });
});

describe("punchoutLines and punchoutTotal", () => {
  it("reads lines loosely and sums to the penny", () => {
    const lines = punchoutLines([
      { internalId: "20002", name: "Jacket", qty: 3, price: 0.1 },
      { internalId: 20010, qty: 2, price: "0.2" },
      { internalId: "20011", name: "", qty: "x", price: null },
      "junk",
    ]);
    expect(lines).toEqual([
      { productId: "20002", name: "Jacket", qty: 3, price: 0.1, lineTotal: 0.3 },
      { productId: "20010", name: "20010", qty: 2, price: 0.2, lineTotal: 0.4 },
      { productId: "20011", name: "20011", qty: 0, price: null, lineTotal: 0 },
      { productId: "", name: "", qty: 0, price: null, lineTotal: 0 },
    ]);
    expect(punchoutTotal(lines)).toBe(0.7);
    expect(punchoutTotal([])).toBe(0);
  });
});

describe("requesterName", () => {
  it.each([
    [{ id: "2", firstName: "Priya", lastName: "Sharma", email: "p@x.test" }, "Priya Sharma"],
    [{ id: "2", firstName: " ", lastName: "", email: "p@x.test" }, "p@x.test"],
    [{ id: "2" }, "User 2"],
    [null, "Unknown"],
  ])("%j → %s", (user, expected) => {
    expect(requesterName(user)).toBe(expected);
  });
});
