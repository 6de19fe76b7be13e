import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setChangeStateForTests } from "~/http/changes.server";
import { setUpstreamCachingForTests } from "~/upstream/cache.server";
import type { PortalUser } from "~/auth/require-user.server";
import type { UpstreamClient } from "~/upstream/client.server";
import { categoryTreeAnswer } from "../../tests/mocks/upstream/categories";
import { CATEGORY_TREE_TTL_MS, categoryTree, clearCategoryTrees, parentOf } from "./category-tree.server";

beforeEach(() => {
  setUpstreamCachingForTests(true);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
  setUpstreamCachingForTests(false);
});

/** The tree asked for `user` with the clock at `at` ms. */
function treeAt(user: PortalUser, type: "full" | "my", at: number) {
  vi.setSystemTime(at);
  return categoryTree(user, type);
}

/** A user of `customerId` whose upstream answers GET /api/userCategory from `answer` and counts the calls. */
function userOf(
  customerId: string | null,
  answer: () => Promise<unknown> = async () => ({ total: 2, limit: 2, skip: 0, data: categoryTreeAnswer() }),
) {
  const calls: string[] = [];
  const upstream = {
    token: "t",
    get: async (path: string, schema: { parse(v: unknown): unknown }, options?: { query?: { type?: string } }) => {
      calls.push(`${path}?type=${options?.query?.type}`);
      return schema.parse(await answer());
    },
  } as unknown as UpstreamClient;
  const selectedCustomer = customerId ? { internalId: customerId, name: "C", contactId: "1" } : null;
  return { calls, user: { upstream, inPunchout: false, session: { selectedCustomer } } as unknown as PortalUser };
}

describe("categoryTree (decision 061)", () => {
  it("asks once per business unit and tree type within a minute, in the provider's order (decision 135)", async () => {
    const a = userOf("1");
    const sameCustomer = userOf("1");
    const first = await treeAt(a.user, "full", 1_000);
    // the mock answers Workwear before Hi-Vis Clothing: that order is kept, not the old fixed table's
    expect(first.map((c) => c.name)).toEqual(["Workwear", "Hi-Vis Clothing"]);
    expect(await treeAt(sameCustomer.user, "full", 1_000 + CATEGORY_TREE_TTL_MS - 1)).toBe(first);
    expect(sameCustomer.calls).toEqual([]);
    await treeAt(a.user, "my", 2_000);
    expect(a.calls).toEqual(["/api/userCategory?type=full", "/api/userCategory?type=my"]);
  });

  it("asks again after a minute, and never shares one customer's tree with another", async () => {
    const a = userOf("1");
    const b = userOf("2");
    await treeAt(a.user, "full", 0);
    await treeAt(b.user, "full", 0);
    await treeAt(a.user, "full", CATEGORY_TREE_TTL_MS);
    expect(a.calls).toHaveLength(2);
    expect(b.calls).toHaveLength(1);
  });

  it("shares one call between concurrent requests and keeps no failure", async () => {
    const a = userOf("1");
    const [first, second] = await Promise.all([treeAt(a.user, "full", 0), treeAt(a.user, "full", 0)]);
    expect(second).toBe(first);
    expect(a.calls).toHaveLength(1);
    let fail = true;
    const b = userOf("2", async () => {
      if (fail) throw new Response(null, { status: 502 });
      return { total: 0, limit: 0, skip: 0, data: [] };
    });
    await expect(treeAt(b.user, "full", 0)).rejects.toBeInstanceOf(Response);
    fail = false;
    expect(await treeAt(b.user, "full", 1)).toEqual([]);
    expect(b.calls).toHaveLength(2);
  });

  it("asks again as soon as the change generation moves, and keeps nothing while it is not heard (decision 157)", async () => {
    const a = userOf("1");
    await treeAt(a.user, "full", 0);
    await treeAt(a.user, "full", 1);
    expect(a.calls).toHaveLength(1);
    setChangeStateForTests({ generation: 2, live: true });
    await treeAt(a.user, "full", 2);
    expect(a.calls).toHaveLength(2);
    setChangeStateForTests({ generation: 2, live: false });
    await treeAt(a.user, "full", 3);
    await treeAt(a.user, "full", 4);
    expect(a.calls).toHaveLength(4);
  });

  it("asks afresh in this process after clearCategoryTrees (an admin's edit here)", async () => {
    const a = userOf("1");
    await treeAt(a.user, "full", 0);
    clearCategoryTrees();
    await treeAt(a.user, "full", 1);
    expect(a.calls).toHaveLength(2);
  });

  it("keeps nothing without a selected business unit", async () => {
    const a = userOf(null);
    await treeAt(a.user, "full", 0);
    await treeAt(a.user, "full", 0);
    expect(a.calls).toHaveLength(2);
  });
});

describe("parentOf", () => {
  const tree = categoryTreeAnswer().map((n) => ({ ...n, children: n.children.map((c) => ({ ...c, children: [] })) }));
  it("finds a category's parent at any depth, null at the top, undefined when absent", () => {
    expect(parentOf(tree, "11")).toBe("10");
    expect(parentOf(tree, "10")).toBeNull();
    expect(parentOf(tree, "99")).toBeUndefined();
  });
});
