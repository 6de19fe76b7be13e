import { describe, expect, it } from "vitest";
import { visibleNavigation } from "~/chrome.server";
import { testLoadContext } from "~/http/context";
import type { UpstreamSession } from "~/upstream/schemas";
import { get, locationOf, post, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { CURRENT_PASSWORD, siteUserHandlers } from "../../tests/mocks/upstream/site-users";
import { action, loader } from "./_default.my-account";

// /my-account (issue 17 item 1, decision 113): the user, business units, permissions in words, the links they may
// open, changing the password (POST /api/password-change) and signing out everywhere (POST /api/sign-out-everywhere).
const t = useRouteTest();

function setUp(
  options: {
    permissions?: string[];
    rateLimited?: boolean;
    setting?: { isApprover?: boolean; needsAproval?: boolean };
    customers?: number;
    inPunchout?: boolean;
  } = {},
) {
  const mock = siteUserHandlers({ rateLimited: options.rateLimited });
  t.server.use(
    ...authHandlers({
      session: sessionAnswer({
        permissions: options.permissions ?? ["canViewFullCatalogue", "viewOrderHistory"],
        setting: options.setting,
        customers: options.customers,
        punchoutSession: options.inPunchout ? "ps-1" : null,
      }),
    }),
    ...mock.handlers,
  );
  return mock;
}
const load = () => loader({ request: get("/my-account", t.cookie()), params: {}, context: testLoadContext() });
const send = (form: Record<string, string>) =>
  settle(() =>
    action({
      request: post("/my-account", form, t.cookie()),
      params: {},
      context: testLoadContext({ clientIp: "203.0.113.7" }),
    }),
  );
type Refused = {
  init: ResponseInit;
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
};

const CHANGE = {
  intent: "change-password",
  currentPassword: CURRENT_PASSWORD,
  newPassword: "a new long password",
  confirmPassword: "a new long password",
};

describe("/my-account: the page (issue 17 item 1)", () => {
  it("shows the name, e-mail, business units (the selected one marked) and what the user may do in words", async () => {
    setUp({ customers: 2, setting: { needsAproval: true } });
    const data = await load();
    expect(data.name).toBe("Bea Buyer");
    expect(data.email).toBe("buyer@demo.test");
    expect(data.businessUnits.map((b) => b.selected)).toEqual([true, false]);
    expect(data.businessUnits).toHaveLength(2);
    expect(data.abilities).toEqual([
      "Browse and order from the full catalogue",
      "See the order history",
      "Your orders go to an approver before they are fulfilled",
    ]);
    expect(data.abilities.join(" ")).not.toMatch(/canView|viewOrderHistory/);
  });

  it("links only to the account screens the user may open", async () => {
    setUp({ permissions: ["canViewFullCatalogue"] });
    expect((await load()).links.map((l) => l.to)).not.toContain("/add-site-user");
    setUp({ permissions: ["canViewFullCatalogue", "addSiteUser"] });
    expect((await load()).links.map((l) => l.to)).toContain("/add-site-user");
  });
});

describe("/my-account: change password (contract 4)", () => {
  it("posts exactly {currentPassword, newPassword} with the client's address, then 303 back here with the toast; the session stays", async () => {
    const { writes } = setUp();
    const result = await send(CHANGE);
    expect(writes.map((w) => [w.method, w.path, w.body])).toEqual([
      ["POST", "/api/password-change", { currentPassword: CURRENT_PASSWORD, newPassword: "a new long password" }],
    ]);
    expect(writes[0].headers.get("x-forwarded-for")).toBe("203.0.113.7");
    expect(locationOf(result)).toBe("/my-account");
    expect(await toastOf(result)).toEqual({
      kind: "success",
      message: "Password changed. You are signed out everywhere else.",
    });
  });

  it("a wrong current password: the provider's words under the field, 400", async () => {
    setUp();
    const result = (await send({ ...CHANGE, currentPassword: "not-it" })) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ currentPassword: "The current password is not right" });
  });

  it("over the log-in limits: 429, its message above the form, Retry-After passed on", async () => {
    setUp({ rateLimited: true });
    const result = (await send(CHANGE)) as Refused & { init: { headers?: Record<string, string> } };
    expect(result.init.status).toBe(429);
    expect(result.data.formError).toBe("Too many attempts. Try again in 15 minutes.");
    expect(new Headers(result.init.headers).get("Retry-After")).toBe("900");
  });

  it.each([
    ["no current password", { currentPassword: "" }, "currentPassword", "Enter your current password"],
    [
      "a new password under 10 characters",
      { newPassword: "short", confirmPassword: "short" },
      "newPassword",
      "Use at least 10 characters",
    ],
    [
      "a new password over 200 characters",
      { newPassword: "x".repeat(201), confirmPassword: "x".repeat(201) },
      "newPassword",
      "Use at most 200 characters",
    ],
    [
      "a confirmation that differs",
      { confirmPassword: "a new long passw0rd" },
      "confirmPassword",
      "The two new passwords are not the same",
    ],
  ])("%s: the message under the field, the provider not asked", async (_label, change, field, message) => {
    const { writes } = setUp();
    const result = (await send({ ...CHANGE, ...change })) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors[field]).toBe(message);
    expect(writes).toEqual([]);
  });

  it("an unknown intent: refused above the form, nothing sent", async () => {
    const { writes } = setUp();
    const result = (await send({ intent: "delete-account" })) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toMatch(/Choose what to do/);
    expect(writes).toEqual([]);
  });
});

describe("/my-account: sign out everywhere (contract 5)", () => {
  it("posts {} then 303 to /login with the toast, the portal session emptied", async () => {
    const { writes } = setUp();
    const result = await send({ intent: "sign-out-everywhere" });
    expect(writes.map((w) => [w.method, w.path, w.body])).toEqual([["POST", "/api/sign-out-everywhere", {}]]);
    expect(locationOf(result)).toBe("/login");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "You have been signed out on every device." });
    const after = (result as Response).headers.get("Set-Cookie") ?? "";
    expect(after.split(";")[0]).not.toBe(t.cookie());
  });
});

describe("/my-account: who may use it", () => {
  const sidebar = (permissions: string[], inPunchout = false) =>
    visibleNavigation({ session: sessionAnswer({ permissions }) as unknown as UpstreamSession, inPunchout }).map(
      (i) => i.to,
    );

  it("the sidebar's Account group: My account for every user; Site users only with addSiteUser; neither within punchout", () => {
    expect(sidebar([])).toContain("/my-account");
    expect(sidebar(["canViewFullCatalogue"])).not.toContain("/add-site-user");
    expect(sidebar(["addSiteUser"])).toEqual(expect.arrayContaining(["/my-account", "/add-site-user"]));
    expect(sidebar(["addSiteUser"], true)).not.toContain("/add-site-user");
    expect(sidebar(["addSiteUser"], true)).not.toContain("/my-account");
  });

  it("within a punchout session: refused like any account screen (page, password change, sign out everywhere), the provider not asked", async () => {
    const { writes } = setUp({ inPunchout: true });
    for (const result of [
      await settle(() => load()),
      await send(CHANGE),
      await send({ intent: "sign-out-everywhere" }),
    ]) {
      expect(locationOf(result)).toBe("/");
      expect(await toastOf(result)).toEqual({
        kind: "error",
        message: "Your account cannot open the My account page.",
      });
    }
    expect(writes).toEqual([]);
  });

  it("any logged-in user, whatever their permissions", async () => {
    setUp({ permissions: [] });
    expect((await load()).abilities).toEqual([]);
  });

  it("without a session: sent to log in, nothing sent", async () => {
    const { writes } = setUp();
    const result = await t.run(action, post("/my-account", { intent: "sign-out-everywhere" }));
    expect(locationOf(result)).toMatch(/^\/login/);
    expect(writes).toEqual([]);
  });
});
