import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminErpHandlers } from "../../tests/mocks/upstream/admin-erp";
import { action, loader } from "./_default.admin.netsuite-pull";

// /admin/netsuite-pull (issue 21 item 4, decision 134): where the pull reads from (GET /api/admin/erp-source) and the
// latest runs; "Pull now" queues a run (POST /api/admin/erp-import {}) and goes to /admin/sync-status with a toast.
const t = useRouteTest();

function setUp(options: { evolve?: boolean; exists?: boolean; uploaded?: boolean; waiting?: boolean } = {}) {
  const mock = adminErpHandlers({ exists: options.exists, uploaded: options.uploaded, waiting: options.waiting });
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const route = t.route("/admin/netsuite-pull", { loader, action });
const load = () => route.load();
const pull = () => route.send({});
/** The upload form as a browser sends it, JavaScript or not: multipart, with the file. */
const upload = (file: File | null, intent = "upload") => {
  const body = new FormData();
  body.set("intent", intent);
  if (file) body.set("feed", file);
  return route.send(body);
};
const jsonFile = (name: string, text: string) => new File([text], name, { type: "application/json" });
type Data = Awaited<ReturnType<typeof loader>>;
type Failure = { init: { status: number }; data: { ok: false; fieldErrors: Record<string, string> } };

describe("/admin/netsuite-pull", () => {
  it("shows the feed the pull reads and the three latest runs", async () => {
    const { queries } = setUp();
    const data = (await load()) as Data;
    expect(data.source).toMatchObject({
      kind: "directory",
      line: "Feed: the directory server/db/seed/erp-feed on the machine that runs the import",
      file: "erp-feed.json",
      format: "JSON",
      exists: true,
      size: "12,345 bytes",
      products: 12,
      rowProblems: null,
    });
    expect(data.uploadLimit).toBe("512 KB");
    expect(data.runs.map((r) => [r.id, r.statusWords])).toEqual([
      ["2", "Done"],
      ["1", "Failed"],
    ]);
    expect(Object.fromEntries(queries[0])).toEqual({ $limit: "3", $skip: "0" });
  });

  it("a missing feed is said so", async () => {
    setUp({ exists: false });
    const data = (await load()) as Data;
    expect(data.source).toMatchObject({ exists: false, size: null, changedAt: null, products: null });
  });

  it("an uploaded feed is said to be the source: its name, who uploaded it and when, its rows", async () => {
    setUp({ uploaded: true });
    const data = (await load()) as Data;
    expect(data.source).toMatchObject({
      kind: "upload",
      line: "Feed: june.json, uploaded by Ada Admin at 23.11.26 09:30:00, 40 rows",
      file: "june.json",
      exists: true,
      size: "20,480 bytes",
      products: 40,
      rowProblems: 1,
    });
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

  it("Pull now while a pull waits says so and follows that run", async () => {
    const { writes } = setUp({ waiting: true });
    const result = await pull();
    expect(writes).toEqual([{ method: "POST", path: "/api/admin/erp-import", body: {} }]);
    expect(locationOf(result)).toBe("/admin/sync-status");
    expect(await toastOf(result)).toEqual({
      kind: "info",
      message:
        "A pull is already waiting to run (run 2); it reads the feed as it is when it starts: this page follows it",
    });
  });

  it("Upload feed sends the file's JSON and its name, and comes back with a toast", async () => {
    const { writes } = setUp();
    const result = await upload(jsonFile("june.json", '{"items":[{"itemCode":"A1"},{"itemCode":"A2"}]}'));
    expect(writes).toEqual([
      {
        method: "POST",
        path: "/api/admin/erp-feed",
        body: { fileName: "june.json", feed: { items: [{ itemCode: "A1" }, { itemCode: "A2" }] } },
      },
    ]);
    expect(locationOf(result)).toBe("/admin/netsuite-pull");
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "The feed june.json is uploaded: 2 rows. The next pull reads it, whichever machine runs it",
    });
  });

  it("Upload feed refuses no file, a file too large, not JSON, and what the provider refuses, saying why", async () => {
    const { writes } = setUp();
    const refused = async (file: File | null) => {
      const result = (await upload(file)) as Failure;
      expect(result.init.status).toBe(400);
      return result.data.fieldErrors;
    };
    expect(await refused(null)).toEqual({ feed: "Choose the feed file (JSON) to upload" });
    expect(await refused(jsonFile("empty.json", ""))).toEqual({ feed: "Choose the feed file (JSON) to upload" });
    expect(await refused(jsonFile("big.json", `{"items":["${"x".repeat(512 * 1024)}"]}`))).toEqual({
      feed: "The feed file can be at most 512 KB; a larger one goes in the ERP_FEED_DIR directory",
    });
    expect(await refused(jsonFile("feed.csv", "code,price\nA1,2"))).toEqual({
      feed: "feed.csv is not valid JSON: the feed is a JSON file with a list of items",
    });
    expect(writes).toEqual([]);
    expect(await refused(jsonFile("products.json", '{"products":[]}'))).toEqual({
      feed: "The feed has no list of items",
    });
    expect(writes).toHaveLength(1);
    // an intent the page does not have
    expect(((await upload(jsonFile("a.json", "{}"), "delete")) as Failure).init.status).toBe(400);
  });

  it("a non-evolve user is refused: page, pull and upload, nothing sent", async () => {
    const { writes, queries } = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    expect(locationOf(await pull())).toBe("/");
    expect(locationOf(await upload(jsonFile("june.json", '{"items":[]}')))).toBe("/");
    expect(writes).toEqual([]);
    expect(queries).toEqual([]);
  });
});
