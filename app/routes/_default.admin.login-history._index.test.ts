import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { parseCsv } from "~/domain/csv";
import type { LoginHistoryData } from "~/admin/admin-login-history.server";
import { locationOf, statusAndData } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminUserHandlers, loginAttempt } from "../../tests/mocks/upstream/admin-users";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { loader as csvLoader } from "./_default.admin.login-history.export[.csv]";
import { loader } from "./_default.admin.login-history._index";

// /admin/login-history and its CSV (issue 20 item 2, decision 130): the GET form's filters as C20's query, 16 or 50 a
// page, bad filters under their fields with nothing asked, the provider's 400 placed the same way, the CSV paging
// through the provider's list 100 at a time with the filters in its name, and who may use either.
const t = useRouteTest();

function setUp(options: { attempts?: number; evolve?: boolean } = {}) {
  const mock = adminUserHandlers({ attempts: options.attempts });
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}

const route = t.route("/admin/login-history", { loader });
async function load(query = ""): Promise<{ status: number; data: LoginHistoryData }> {
  const result = (await route.load(query)) as Awaited<ReturnType<typeof loader>>;
  return statusAndData<LoginHistoryData>(result);
}
const csv = t.route("/admin/login-history/export.csv", { loader: csvLoader });
const download = (query = "") => csv.load(query) as Promise<Response>;

describe("/admin/login-history: the page", () => {
  it("lists the attempts newest first, 16 a page, in words", async () => {
    const { queries } = setUp();
    const { status, data } = await load();
    expect(status).toBe(200);
    expect(Object.fromEntries(queries.attempts[0])).toEqual({ $limit: "16", $skip: "0" });
    expect(data.rows[0]).toEqual({
      id: "1",
      when: expect.stringMatching(/^23\.11\.26 \d\d:\d\d$/),
      email: "person1@demo.test",
      user: { id: "1", name: "First1 Last1" },
      outcome: "Succeeded",
      success: true,
      reason: "",
      address: "Not recorded",
      userAgent: "Not recorded",
    });
    expect(data.rows[2]).toMatchObject({ outcome: "Failed", reason: "wrong password", address: "127.0.0.1" });
    expect([data.page, data.pageCount, data.total]).toEqual([1, 1, 3]);
  });

  it("sends the filters as C20's query: e-mail contains, outcome, from/to as ISO days (dd.mm.yy accepted), 50 a page", async () => {
    const { queries } = setUp({ attempts: 120 });
    const { status, data } = await load("?email=+Person2+&outcome=failure&from=01.11.26&to=2026-11-23&per=50&page=2");
    expect(status).toBe(200);
    expect(Object.fromEntries(queries.attempts[0])).toEqual({
      email: "Person2",
      outcome: "failure",
      from: "2026-11-01",
      to: "2026-11-23",
      $limit: "50",
      $skip: "50",
    });
    expect(data.form).toEqual({
      email: " Person2 ",
      outcome: "failure",
      from: "01.11.26",
      to: "2026-11-23",
      per: "50",
    });
  });

  it("pages past the end go to the last page, asked again", async () => {
    const { queries } = setUp({ attempts: 20 });
    const { data } = await load("?page=9");
    expect([data.page, data.pageCount, data.rows.length]).toEqual([2, 2, 4]);
    expect(queries.attempts.map((q) => q.get("$skip"))).toEqual(["128", "16"]);
  });

  it.each([
    ["?from=31.02.26", "from", "From: enter a date as dd.mm.yy, for example 31.03.26"],
    ["?to=yesterday", "to", "To: enter a date as dd.mm.yy, for example 31.03.26"],
    ["?from=2026-11-23&to=2026-11-01", "from", "The start date must be on or before the end date"],
    ["?outcome=maybe", "outcome", "Choose one of the options given"],
    ["?per=1000", "per", "Choose 16 or 50 a page"],
    [`?email=${"x".repeat(321)}`, "email", "Use at most 320 characters"],
  ])("%s: 400, the message under its field, nothing asked", async (query, field, message) => {
    const { queries } = setUp();
    const { status, data } = await load(query);
    expect(status).toBe(400);
    expect(data.errors).toEqual({ [field]: message });
    expect(data.rows).toEqual([]);
    expect(queries.attempts).toEqual([]);
  });

  it("a non-evolve user is sent to / and nothing is asked", async () => {
    const { queries } = setUp({ evolve: false });
    const result = await route.load();
    expect(locationOf(result)).toBe("/");
    expect(queries.attempts).toEqual([]);
  });
});

describe("/admin/login-history/export.csv", () => {
  it("pages through the provider's list 100 at a time and streams every row, the filters in the file name", async () => {
    const { queries } = setUp({ attempts: 230 });
    const response = await download("?outcome=failure&email=nobody&from=01.11.26&page=3&per=50");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="login-history_email-nobody_failure_from-2026-11-01_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(["Time (UTC)", "E-mail tried", "User", "Outcome", "Reason", "Address", "User agent"]);
    // nobody…: every 4th attempt; failures: every 3rd → every 12th of 230
    expect(rows.length - 1).toBe(19);
    expect(rows[1]).toEqual([
      "2026-11-23 11:48:00",
      "nobody12@x.test",
      "",
      "Failed",
      "wrong password",
      "127.0.0.1",
      "Mozilla/5.0 (X11; Linux x86_64)",
    ]);
    expect(
      queries.attempts.map((q) => [q.get("$limit"), q.get("$skip"), q.get("outcome"), q.get("email"), q.get("from")]),
    ).toEqual([["100", "0", "failure", "nobody", "2026-11-01"]]);
  });

  it("no filters: all 230 rows over three pages of 100", async () => {
    const { queries } = setUp({ attempts: 230 });
    const response = await download();
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="login-history_\d{4}-\d{2}-\d{2}\.csv"/);
    expect(parseCsv(await response.text()).length).toBe(231);
    expect(queries.attempts.map((q) => q.get("$skip"))).toEqual(["0", "100", "200"]);
  });

  it("a cell that could run as a formula is made plain text (the one cell rule)", async () => {
    t.signIn(
      { isEvolveUser: true },
      http.get(`${UPSTREAM}/api/admin/login-attempt`, () =>
        HttpResponse.json({
          total: 1,
          limit: 100,
          skip: 0,
          data: [loginAttempt(5, { email: "=cmd()@x.test", userAgent: "+evil" })],
        }),
      ),
    );
    const rows = parseCsv(await (await download()).text());
    expect(rows[1][1]).toBe("'=cmd()@x.test");
    expect(rows[1][6]).toBe("'+evil");
  });

  it("a bad filter: 400 before any CSV, nothing asked", async () => {
    const { queries } = setUp();
    const response = await download("?from=nope");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "These filters could not be used: From: enter a date as dd.mm.yy, for example 31.03.26",
    );
    expect(queries.attempts).toEqual([]);
  });

  it("a non-evolve user is sent to /", async () => {
    const { queries } = setUp({ evolve: false });
    expect(locationOf(await download())).toBe("/");
    expect(queries.attempts).toEqual([]);
  });
});
