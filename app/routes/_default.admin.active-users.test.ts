import { describe, expect, it } from "vitest";
import { locationOf, toastOf } from "../../tests/mocks/requests";
import { activeSession, ADA, ADMIN_TOKEN, useAdminSessionRoute } from "../../tests/mocks/upstream/admin-session";
import { action, loader } from "./_default.admin.active-users";

// /admin/active-users (issue 20 item 1, decision 129): GET /api/admin/active-session 16 a page, each row's user (a link
// to /admin/user/{id}), customer, last request, punchout and view-as; "End session" → DELETE
// /api/admin/active-session/:id, Post/Redirect/Get with a toast; evolve users only.
const { setUp, load, send, expectNonEvolveUserRefused, expectBadInputRefused } = useAdminSessionRoute(
  "/admin/active-users",
  {
    loader,
    action,
  },
);

describe("/admin/active-users", () => {
  it("a user who is not an evolve user is sent to / from the page and the post; nothing asked, nothing ended", async () => {
    await expectNonEvolveUserRefused([{ intent: "end", sessionId: "101" }]);
  });

  it("lists the sessions with user, customer, last request, punchout and view-as, 16 a page", async () => {
    const { calls, sessions } = setUp({ sessions: 3 });
    sessions[1] = activeSession(2, { punchout: true, customer: null });
    sessions[2] = activeSession(3, { actAs: true, actingAdmin: ADA });
    const data = await load();
    expect(data.sessions[0]).toEqual({
      sessionId: "101",
      userId: "21",
      user: "First1 Last1",
      email: "user1@demo.test",
      customer: "Northwind Facilities",
      lastSeen: expect.stringMatching(/^23\.11\.26 \d\d:58$/),
      punchout: false,
      viewingAs: "No",
    });
    expect([data.sessions[1].punchout, data.sessions[1].customer]).toEqual([true, "—"]);
    expect(data.sessions[2].viewingAs).toBe("Yes, by Ada Admin");
    expect([data.total, data.page, data.pages]).toEqual([3, 1, 1]);
    expect(calls[0]).toMatchObject({
      path: "/api/admin/active-session",
      token: ADMIN_TOKEN,
      query: { $limit: "16", $skip: "0" },
    });
  });

  it("pages with ?page; past the end is the last page, asked again", async () => {
    const { calls } = setUp({ sessions: 20 });
    const second = await load("?page=2");
    expect([second.page, second.pages, second.sessions.length]).toEqual([2, 2, 4]);
    expect(calls.at(-1)?.query.$skip).toBe("16");
    const past = await load("?page=7");
    expect(past.page).toBe(2);
    expect(calls.at(-1)?.query.$skip).toBe("16");
  });

  it("End session: DELETE /api/admin/active-session/:id, back to the same page with a toast", async () => {
    const { calls } = setUp();
    const result = await send({ intent: "end", sessionId: "101" }, "?page=1");
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", path: "/api/admin/active-session/101", token: ADMIN_TOKEN });
    expect(locationOf(result)).toBe("/admin/active-users?page=1");
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "The session has ended: that user has to log in again",
    });
  });

  it("a session that has already ended (404) is an error toast, not an error page", async () => {
    setUp();
    const result = await send({ intent: "end", sessionId: "999" });
    expect(locationOf(result)).toBe("/admin/active-users");
    expect(await toastOf(result)).toEqual({ kind: "error", message: "That session had already ended" });
  });

  it.each([{ intent: "end" }, { intent: "end", sessionId: "abc" }, { intent: "wipe", sessionId: "101" }])(
    "bad input %j → 400, nothing sent",
    (form) => expectBadInputRefused(form as Record<string, string>),
  );
});
