import { describe, expect, it } from "vitest";
import { inRequestScope, perRequest } from "./request-scope.server";

const get = () => new Request("http://portal.test/categories/full");

describe("perRequest", () => {
  it("makes the value once for all the loaders of one GET (each has its own Request copy)", async () => {
    let made = 0;
    const memo = new WeakMap<Request, number>();
    const values = await inRequestScope(async () => {
      const first = perRequest(get(), "user", memo, () => ++made);
      await Promise.resolve();
      return [first, perRequest(get(), "user", memo, () => ++made)];
    });
    expect(values).toEqual([1, 1]);
    expect(made).toBe(1);
  });

  it("gives each HTTP request its own scope", () => {
    let made = 0;
    const memo = new WeakMap<Request, number>();
    inRequestScope(() => perRequest(get(), "user", memo, () => ++made));
    inRequestScope(() => perRequest(get(), "user", memo, () => ++made));
    expect(made).toBe(2);
  });

  it("never shares an action's POST with the loaders after it", () => {
    let made = 0;
    const memo = new WeakMap<Request, number>();
    inRequestScope(() => {
      const post = new Request("http://portal.test/basket", { method: "POST" });
      perRequest(post, "user", memo, () => ++made);
      perRequest(post, "user", memo, () => ++made);
      perRequest(get(), "user", memo, () => ++made);
    });
    expect(made).toBe(2);
  });

  it("outside a scope (route tests), memoises per Request object", () => {
    let made = 0;
    const memo = new WeakMap<Request, number>();
    const request = get();
    perRequest(request, "user", memo, () => ++made);
    perRequest(request, "user", memo, () => ++made);
    perRequest(get(), "user", memo, () => ++made);
    expect(made).toBe(2);
  });
});
