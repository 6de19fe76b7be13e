import { describe, expect, it } from "vitest";
import { idValue as ordersIdValue } from "../services/orders/common";
import { isUpstreamIdValue as isIdText } from "../../app/domain/id-rule";
import { idValue, sessionIdValue } from "../services/ids";

// The provider's one id rule (decision 010): digits, at most 15; a body's id as a number, the basket session's as a string.
describe("the provider's id rule", () => {
  it.each(["1", "20001", "123456789012345"])("takes %j as id text", (text) => expect(isIdText(text)).toBe(true));
  it.each(["", "0x1", "1.5", "-1", " 1", "1234567890123456", "１"])("refuses %j as id text", (text) =>
    expect(isIdText(text)).toBe(false),
  );

  it("reads a body's id as a number, from digits or a positive integer", () => {
    expect(idValue.parse("20001")).toBe(20001);
    expect(idValue.parse(20001)).toBe(20001);
    for (const bad of [0, -1, 1.5, "1234567890123456", "abc", null]) expect(idValue.safeParse(bad).success).toBe(false);
  });

  it("keeps a basket-session id as a string, taking 0 as before", () => {
    expect(sessionIdValue.parse(20001)).toBe("20001");
    expect(sessionIdValue.parse("0")).toBe("0");
    expect(sessionIdValue.parse(0)).toBe("0");
    for (const bad of [-1, 1.5, "1234567890123456", "x"]) expect(sessionIdValue.safeParse(bad).success).toBe(false);
  });

  it("is the one the order services import (orders/common re-exports it)", () => expect(ordersIdValue).toBe(idValue));
});
