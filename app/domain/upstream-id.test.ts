import { expect, it } from "vitest";
import { upstreamId } from "./upstream-id";

it.each([
  [20001, "20001"],
  ["20001", "20001"],
])("reads id %j as %j", (raw, id) => expect(upstreamId.parse(raw)).toBe(id));

it.each([null, undefined, {}, true])("refuses %j", (raw) => expect(upstreamId.safeParse(raw).success).toBe(false));
