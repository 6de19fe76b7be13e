import { describe, expect, it } from "vitest";
import { openRequestScope, perRequest, REQUEST_SCOPE_HEADER } from "./request-scope.server";

/** A loader's copy of the request: Remix makes one per loader, with the same headers. */
const copy = (key: string | null, method = "GET") =>
  new Request("http://portal.test/categories/full", { method, headers: key ? { [REQUEST_SCOPE_HEADER]: key } : {} });

describe("perRequest", () => {
  it("makes the value once for all the loaders of one GET, each with its own Request copy", () => {
    let made = 0;
    const memo = new WeakMap<Request, number>();
    const scope = openRequestScope();
    expect([
      perRequest(copy(scope.key), "user", memo, () => ++made),
      perRequest(copy(scope.key), "user", memo, () => ++made),
    ]).toEqual([1, 1]);
    expect(perRequest(copy(scope.key), "maintenance", memo, () => ++made)).toBe(2);
    scope.close();
  });

  it("gives each HTTP request its own scope, and forgets a closed one", () => {
    let made = 0;
    const memo = new WeakMap<Request, number>();
    const [a, b] = [openRequestScope(), openRequestScope()];
    perRequest(copy(a.key), "user", memo, () => ++made);
    perRequest(copy(b.key), "user", memo, () => ++made);
    expect(made).toBe(2);
    a.close();
    perRequest(copy(a.key), "user", memo, () => ++made);
    expect(made).toBe(3);
    b.close();
  });

  it("never shares an action's POST with the loaders after it", () => {
    let made = 0;
    const memo = new WeakMap<Request, number>();
    const scope = openRequestScope();
    const post = copy(scope.key, "POST");
    perRequest(post, "user", memo, () => ++made);
    perRequest(post, "user", memo, () => ++made);
    perRequest(copy(scope.key), "user", memo, () => ++made);
    expect(made).toBe(2);
    scope.close();
  });

  it("without a scope (route tests, or a key no server opened) memoises per Request object", () => {
    let made = 0;
    const memo = new WeakMap<Request, number>();
    const request = copy(null);
    perRequest(request, "user", memo, () => ++made);
    perRequest(request, "user", memo, () => ++made);
    perRequest(copy("made-up-by-a-client"), "user", memo, () => ++made);
    perRequest(copy("made-up-by-a-client"), "user", memo, () => ++made);
    expect(made).toBe(3);
  });
});
