import { expect, it } from "vitest";
import { isUpstreamIdValue, upstreamId } from "./upstream-id";

it.each([
  [20001, "20001"],
  ["20001", "20001"],
])("reads id %j as %j", (raw, id) => expect(upstreamId.parse(raw)).toBe(id));

it.each([null, undefined, {}, true])("refuses %j", (raw) => expect(upstreamId.safeParse(raw).success).toBe(false));

it.each(["1", "20001", "123456789012345"])("takes %j as an id value", (value) =>
  expect(isUpstreamIdValue(value)).toBe(true),
);
it.each(["", "0x1", "-1", "1.5", " 1", "1234567890123456", 1, undefined])("refuses %j as an id value", (value) =>
  expect(isUpstreamIdValue(value)).toBe(false),
);
