import { describe, expect, it } from "vitest";
import { locationOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminUserHandlers } from "../../tests/mocks/upstream/admin-users";
import { loader } from "./_default.admin.user._index";

// /admin/user (decision 130): find a user by name or e-mail, GET /api/admin/user?q=, 16 a page; non-evolve users refused.
const t = useRouteTest();

function setUp(evolve = true) {
  const mock = adminUserHandlers();
  t.signIn({ isEvolveUser: evolve }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/user", { loader });
const load = (query = "") => route.load(query);

describe("/admin/user", () => {
  it("finds users by ?q, with their customers, 16 a page", async () => {
    const { queries } = setUp();
    const data = (await load("?q=+person2+")) as Awaited<ReturnType<typeof loader>>;
    expect(Object.fromEntries(queries.users[0])).toEqual({ q: "person2", $limit: "16", $skip: "0" });
    expect("rows" in data && data.rows).toEqual([
      {
        id: "2",
        name: "First2 Last2",
        email: "person2@demo.test",
        customers: "Harbour Health Trust, Northwind Facilities",
        admin: false,
        active: true,
      },
    ]);
  });

  it("a search over 100 characters: 400 under the field, nothing asked", async () => {
    const { queries } = setUp();
    const result = (await load(`?q=${"x".repeat(101)}`)) as { init: ResponseInit; data: { error: string } };
    expect(result.init.status).toBe(400);
    expect(result.data.error).toBe("Use at most 100 characters");
    expect(queries.users).toEqual([]);
  });

  it("a non-evolve user is sent to /", async () => {
    const { queries } = setUp(false);
    expect(locationOf(await load())).toBe("/");
    expect(queries.users).toEqual([]);
  });
});
