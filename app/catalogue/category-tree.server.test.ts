import { beforeEach, describe, expect, it } from "vitest";
import type { PortalUser } from "~/auth/require-user.server";
import type { UpstreamClient } from "~/upstream/client.server";
import { categoryTreeAnswer } from "../../tests/mocks/upstream/categories";
import { CATEGORY_TREE_TTL_MS, categoryTree, clearCategoryTrees, parentOf } from "./category-tree.server";

beforeEach(clearCategoryTrees);

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
    const first = await categoryTree(a.user, "full", 1_000);
    // the mock answers Workwear before Hi-Vis Clothing: that order is kept, not the old fixed table's
    expect(first.map((c) => c.name)).toEqual(["Workwear", "Hi-Vis Clothing"]);
    expect(await categoryTree(sameCustomer.user, "full", 1_000 + CATEGORY_TREE_TTL_MS - 1)).toBe(first);
    expect(sameCustomer.calls).toEqual([]);
    await categoryTree(a.user, "my", 2_000);
    expect(a.calls).toEqual(["/api/userCategory?type=full", "/api/userCategory?type=my"]);
  });

  it("asks again after a minute, and never shares one customer's tree with another", async () => {
    const a = userOf("1");
    const b = userOf("2");
    await categoryTree(a.user, "full", 0);
    await categoryTree(b.user, "full", 0);
    await categoryTree(a.user, "full", CATEGORY_TREE_TTL_MS);
    expect(a.calls).toHaveLength(2);
    expect(b.calls).toHaveLength(1);
  });

  it("shares one call between concurrent requests and keeps no failure", async () => {
    let fail = true;
    const a = userOf("1", async () => {
      if (fail) throw new Response(null, { status: 502 });
      return { total: 0, limit: 0, skip: 0, data: [] };
    });
    const both = [categoryTree(a.user, "full", 0), categoryTree(a.user, "full", 0)];
    await expect(Promise.all(both)).rejects.toBeInstanceOf(Response);
    expect(a.calls).toHaveLength(1);
    fail = false;
    expect(await categoryTree(a.user, "full", 1)).toEqual([]);
    expect(a.calls).toHaveLength(2);
  });

  it("keeps nothing without a selected business unit", async () => {
    const a = userOf(null);
    await categoryTree(a.user, "full", 0);
    await categoryTree(a.user, "full", 0);
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
