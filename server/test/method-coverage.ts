import { expect } from "vitest";

/**
 * A table of rows covers a set of registered service methods exactly ("method path" strings on both sides): no
 * registered method without a row, no row naming a method that is not registered.
 */
export function expectRowsMatchMethods(
  registered: Set<string>,
  rows: Set<string>,
  labels: { unlisted: string; unregistered: string },
) {
  expect(
    [...registered].filter((w) => !rows.has(w)),
    labels.unlisted,
  ).toEqual([]);
  expect(
    [...rows].filter((w) => !registered.has(w)),
    labels.unregistered,
  ).toEqual([]);
}
