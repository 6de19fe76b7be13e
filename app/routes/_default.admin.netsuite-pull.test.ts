import { beforeAll, describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, sessionCookie, settle, toastOf } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { adminErpHandlers } from "../../tests/mocks/upstream/admin-erp";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_default.admin.netsuite-pull";

// /admin/netsuite-pull (issue 21 item 4, decision 134): where the pull reads from (GET /api/admin/erp-source) and the
// latest runs; "Pull now" queues a run (POST /api/admin/erp-import {}) and goes to /admin/sync-status with a toast.
const server = useUpstreamMock();
let cookie: string;
beforeAll(async () => {
  cookie = await sessionCookie();
});

function setUp(options: { evolve?: boolean; exists?: boolean } = {}) {
  const mock = adminErpHandlers({ exists: options.exists });
  server.use(...authHandlers({ session: sessionAnswer({ isEvolveUser: options.evolve ?? true }) }), ...mock.handlers);
  return mock;
}
const load = () =>
  settle(() => loader({ request: get("/admin/netsuite-pull", cookie), params: {}, context: testLoadContext() }));
const pull = () =>
  settle(() =>
    action({
      request: new Request("http://portal.test/admin/netsuite-pull", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://portal.test", Cookie: cookie },
        body: new URLSearchParams(),
      }),
      params: {},
      context: testLoadContext(),
    }),
  );
type Data = Awaited<ReturnType<typeof loader>>;

describe("/admin/netsuite-pull", () => {
  it("shows the feed the pull reads and the three latest runs", async () => {
    const { queries } = setUp();
    const data = (await load()) as Data;
    expect(data.source).toMatchObject({
      directory: "server/db/seed/erp-feed",
      file: "erp-feed.json",
      format: "JSON",
      exists: true,
      size: 12345,
      products: 12,
    });
    expect(data.runs.map((r) => [r.id, r.statusWords])).toEqual([
      ["2", "Done"],
      ["1", "Failed"],
    ]);
    expect(Object.fromEntries(queries[0])).toEqual({ $limit: "3", $skip: "0" });
  });

  it("a missing feed is said so", async () => {
    setUp({ exists: false });
    const data = (await load()) as Data;
    expect(data.source).toMatchObject({ exists: false, size: null, modifiedAt: null, products: null });
  });

  it("Pull now queues a run with an empty body and goes to the sync status with a toast", async () => {
    const { writes } = setUp();
    const result = await pull();
    expect(writes).toEqual([{ method: "POST", path: "/api/admin/erp-import", body: {} }]);
    expect(locationOf(result)).toBe("/admin/sync-status");
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "The ERP pull is queued (run 3): this page follows it",
    });
  });

  it("a non-evolve user is refused: page and post, nothing sent", async () => {
    const { writes, queries } = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    expect(locationOf(await pull())).toBe("/");
    expect(writes).toEqual([]);
    expect(queries).toEqual([]);
  });
});
