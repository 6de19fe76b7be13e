import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { allowedFrameAncestors } from "~/http/form-action.server";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "~/http/request-scope.server";
import type { OciRefusal } from "~/punchout/entry.server";
import { locationOf, settle } from "../../tests/mocks/requests";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { useRouteTest } from "../../tests/mocks/route";
import { action, loader } from "./punchout.oci";

// Issue 16 item 2: an SAP OCI log-in → 303 into a new punchout session; invalid → a 401 page (400 for a bad HOOK_URL).
const t = useRouteTest();

const LOGIN = {
  USERNAME: "apex-rail",
  PASSWORD: "apex-punchout-secret",
  HOOK_URL: "https://srm.example/sap/bc/gui/sap/its/bbpsc02?~OkCode=ADDI",
  "~OkCode": "ADDI",
  "~TARGET": "_top",
  "~CALLER": "CTLG",
};

type Refused = { data: OciRefusal; init: ResponseInit };

function provider(answer?: () => Response) {
  const calls: Array<{ body: Record<string, unknown>; forwardedFor: string | null }> = [];
  t.signIn(
    {},
    http.post(`${UPSTREAM}/api/punchout/oci-login`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ body, forwardedFor: request.headers.get("x-forwarded-for") });
      if (answer) return answer();
      if (body.password !== "apex-punchout-secret") {
        return HttpResponse.json(
          { name: "NotAuthenticated", message: "Invalid punchout credentials", code: 401 },
          { status: 401 },
        );
      }
      return HttpResponse.json(
        { sessionId: "3", startToken: "oci_token-0123456789abcdef", expiresAt: "2026-11-23T10:05:00Z" },
        { status: 201 },
      );
    }),
  );
  return calls;
}

const context = testLoadContext({ clientIp: "203.0.113.20" });

function viaGet(fields: Record<string, string>) {
  return settle(() =>
    loader({
      request: new Request(`http://portal.test/punchout/oci?${new URLSearchParams(fields)}`),
      params: {},
      context,
    }),
  );
}

// a form post from the procurement system's own site, as SAP SRM sends it
function viaPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request("http://portal.test/punchout/oci", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://srm.example", ...headers },
    body: new URLSearchParams(fields),
  });
  return settle(() => action({ request, params: {}, context }));
}

describe("GET|POST /punchout/oci", () => {
  it.each([
    ["GET", viaGet],
    ["POST", viaPost],
  ])("%s: a valid log-in goes on to its start link with a 303", async (_method, send) => {
    const calls = provider();
    const result = (await send(LOGIN)) as Response;
    expect(result.status).toBe(303);
    expect(locationOf(result)).toBe("/punchout/start/oci_token-0123456789abcdef");
    expect(result.headers.get("Set-Cookie")).toBeNull();
    expect(calls).toEqual([
      {
        body: {
          username: "apex-rail",
          password: "apex-punchout-secret",
          hookUrl: LOGIN.HOOK_URL,
          target: "_top",
          okCode: "ADDI",
          caller: "CTLG",
        },
        forwardedFor: "203.0.113.20",
      },
    ]);
  });

  it("reads field names in another case, and defaults ~OkCode and ~TARGET", async () => {
    const calls = provider();
    const result = (await viaPost({
      username: "apex-rail",
      password: "apex-punchout-secret",
      hook_url: "http://srm.example/hook",
    })) as Response;
    expect(result.status).toBe(303);
    expect(calls[0].body).toEqual({
      username: "apex-rail",
      password: "apex-punchout-secret",
      hookUrl: "http://srm.example/hook",
      target: "_top",
      okCode: "ADDI",
    });
  });

  it("a wrong password: the 401 page, saying the punchout log-in was refused", async () => {
    provider();
    const result = (await viaPost({ ...LOGIN, PASSWORD: "wrong" })) as Refused;
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual({ kind: "refused", message: "The user name or password was not accepted." });
  });

  it("no user name or password: 401 without asking the provider", async () => {
    const calls = provider();
    const result = (await viaGet({ HOOK_URL: LOGIN.HOOK_URL })) as Refused;
    expect(result.init.status).toBe(401);
    expect(result.data.kind).toBe("refused");
    expect(calls).toHaveLength(0);
  });

  it.each([
    [{ ...LOGIN, HOOK_URL: "javascript:alert(1)" }, "HOOK_URL must be an http or https address."],
    [{ USERNAME: "apex-rail", PASSWORD: "x" }, "HOOK_URL is missing: the address to send the basket back to."],
    [{ ...LOGIN, "~TARGET": "a b" }, "~TARGET must be a frame name such as _top."],
  ])("%j: 400 naming the field, without asking the provider", async (fields, problem) => {
    const calls = provider();
    const result = (await viaGet(fields)) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({ kind: "invalid", problems: [problem] });
    expect(calls).toHaveLength(0);
  });

  it("the provider's 429 is passed on with its Retry-After", async () => {
    provider(() =>
      HttpResponse.json(
        {
          name: "TooManyRequests",
          message: "Too many failed punchout log-in attempts. Please try again in 2 minutes.",
          code: 429,
        },
        { status: 429, headers: { "Retry-After": "120" } },
      ),
    );
    const result = (await viaGet(LOGIN)) as Refused;
    expect(result.init.status).toBe(429);
    expect(new Headers(result.init.headers).get("Retry-After")).toBe("120");
    expect(result.data).toEqual({
      kind: "refused",
      message: "Too many failed punchout log-in attempts. Please try again in 2 minutes.",
    });
  });

  it("the provider's 400 (a field it will not take) is a 400 page with its reason", async () => {
    provider(() =>
      HttpResponse.json(
        { name: "BadRequest", message: "hookUrl: must be an http or https URL", code: 400 },
        { status: 400 },
      ),
    );
    expect(((await viaGet(LOGIN)) as Refused).init.status).toBe(400);
  });

  it("a form post that is far too big is refused unread", async () => {
    const calls = provider();
    const result = (await viaPost(LOGIN, { "Content-Length": String(10 * 1024 * 1024) })) as Refused;
    expect(result.init.status).toBe(400);
    expect(calls).toHaveLength(0);
  });

  it("a refusal page may be framed by any procurement system: it has nothing to click", async () => {
    provider();
    const scope = openRequestScope();
    const request = new Request("http://portal.test/punchout/oci?USERNAME=x", {
      headers: { [REQUEST_SCOPE_HEADER]: scope.key },
    });
    await settle(() => loader({ request, params: {}, context }));
    expect(allowedFrameAncestors(scope.key)).toEqual(["*"]);
    scope.close();
  });
});
