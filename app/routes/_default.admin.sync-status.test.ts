import { describe, expect, it } from "vitest";
import { locationOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminErpHandlers, erpRun } from "../../tests/mocks/upstream/admin-erp";
import { loader as runLoader } from "./_default.admin.sync-status.$runId";
import { loader } from "./_default.admin.sync-status._index";

// /admin/sync-status and /admin/sync-status/{runId} (issue 21 item 4, decision 134): the runs newest first with their
// times and counts, a status filter, `underWay` while one waits or runs (the page then refreshes); one run with its row
// errors; an unknown run or one that is not an id the 404 page; a non-evolve user refused.
const t = useRouteTest();
const { load } = t.route("/admin/sync-status", { loader });
const run = t.route("/admin/sync-status/:runId", { loader: runLoader });

function setUp(options: { evolve?: boolean; runs?: Array<ReturnType<typeof erpRun>> } = {}) {
  const mock = adminErpHandlers({ runs: options.runs });
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const loadRun = (runId: string) => run.load({ params: { runId } });
type Data = Awaited<ReturnType<typeof loader>>;
type RunData = Awaited<ReturnType<typeof runLoader>>;

describe("/admin/sync-status", () => {
  it("lists the runs with who queued them, times and counts; nothing under way", async () => {
    const { queries } = setUp();
    const data = (await load()) as Data;
    expect(data.rows[0]).toMatchObject({
      id: "2",
      statusWords: "Done",
      queuedBy: "Ada Admin",
      created: 1,
      updated: 5,
      unchanged: 700,
      errorCount: 2,
      failure: null,
    });
    expect(data.rows[1]).toMatchObject({
      id: "1",
      statusWords: "Failed",
      failure: "The feed file could not be read: not JSON",
    });
    expect(data.underWay).toBe(false);
    expect(Object.fromEntries(queries[0])).toEqual({ $limit: "16", $skip: "0" });
  });

  it("a waiting or running run makes the page under way (Refresh, meta refresh, poll)", async () => {
    setUp({ runs: [erpRun(3, { status: "running", finishedAt: null }), erpRun(2)] });
    expect(((await load()) as Data).underWay).toBe(true);
  });

  it("the status filter is sent; an unknown one shows all; page 2 skips 16", async () => {
    const { queries } = setUp();
    await load("?status=failed&page=2");
    expect(Object.fromEntries(queries[0])).toEqual({ status: "failed", $limit: "16", $skip: "16" });
    await load("?status=broken");
    expect(queries[1].has("status")).toBe(false);
  });

  it("a non-evolve user is sent to /", async () => {
    const { queries } = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    expect(queries).toEqual([]);
  });
});

describe("/admin/sync-status/{runId}", () => {
  it("one run with each bad row (row, item code, reason)", async () => {
    setUp();
    const data = (await loadRun("2")) as RunData;
    expect(data.run).toMatchObject({ id: "2", statusWords: "Done", created: 1, updated: 5, unchanged: 700 });
    expect(data.errors).toEqual([
      { row: 7, itemCode: "XX1", reason: "price must be a number, 0 or more" },
      { row: 9, itemCode: "—", reason: "itemCode is required" },
    ]);
    expect(data.underWay).toBe(false);
  });

  it("an unknown run, or one that is not an id, is the 404 page", async () => {
    setUp();
    for (const id of ["99", "x1"]) expect(((await loadRun(id)) as Response).status).toBe(404);
  });

  it("a non-evolve user is sent to /", async () => {
    setUp({ evolve: false });
    expect(locationOf(await loadRun("2"))).toBe("/");
  });
});
