import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getSession } from "~/session/session.server";
import { testLoadContext } from "~/http/context";
import type { StartRefusal } from "~/punchout/entry.server";
import { locationOf, sessionCookie, settle, toastOf } from "../../tests/mocks/requests";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { useRouteTest } from "../../tests/mocks/route";
import { loader } from "./punchout.start.$token";

// Issue 16 item 3: /punchout/start/{token} opens a new portal session inside the punchout session; a spent, expired
// or unknown link is a clear page with its status, and log-in is not offered as a fix.
const t = useRouteTest();

const TOKEN = "Yq3v1c2QhX6mB0w9ZrT8sLkP4nE7aJdU5oFiGhCxVb0";
const NEW_TOKEN = "punchout-provider-token";

type Refused = { data: StartRefusal; init: ResponseInit };

function started(operation: "create" | "edit" | "inspect", more: Record<string, unknown> = {}) {
  return {
    accessToken: NEW_TOKEN,
    punchoutSession: {
      id: "41",
      protocol: "cxml",
      operation,
      buyerCookie: "REQ-1",
      returnUrl: "https://procure.example/punchout/return?s=1",
      orderingAllowed: false,
      items: [],
      unknownItems: [],
      ...more,
    },
  };
}

function provider(answer: () => Response) {
  const calls = { start: [] as unknown[], revoked: [] as string[], session: 0 };
  t.server.use(
    http.post(`${UPSTREAM}/api/punchout/start`, async ({ request }) => {
      calls.start.push(await request.json());
      return answer();
    }),
    http.get(`${UPSTREAM}/api/session`, ({ request }) => {
      calls.session += 1;
      if (request.headers.get("authorization") !== `Bearer ${NEW_TOKEN}`)
        return HttpResponse.json({ message: "no" }, { status: 401 });
      return HttpResponse.json(
        sessionAnswer({ punchoutSession: "41", permissions: ["punchoutOnly", "canViewFullCatalogue"] }),
      );
    }),
    http.delete(`${UPSTREAM}/api/authentication`, ({ request }) => {
      calls.revoked.push(request.headers.get("authorization") ?? "");
      return HttpResponse.json({ revoked: true });
    }),
    ...authHandlers(),
  );
  return calls;
}

function open(token: string, cookie?: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://portal.test/punchout/start/${token}`, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
  return settle(() => loader({ request, params: { token }, context: testLoadContext() }));
}

async function sessionOf(result: unknown) {
  const cookie = ((result as Response).headers.get("Set-Cookie") ?? "").split(";")[0];
  return getSession(new Request("http://portal.test/", { headers: { Cookie: cookie } }));
}

describe("GET /punchout/start/{token}", () => {
  it("create: a new session inside the punchout session, then 303 to the dashboard", async () => {
    const calls = provider(() => HttpResponse.json(started("create"), { status: 201 }));
    const result = (await open(TOKEN)) as Response;
    expect(result.status).toBe(303);
    expect(locationOf(result)).toBe("/");
    expect(calls.start).toEqual([{ token: TOKEN }]);
    const session = await sessionOf(result);
    expect(session.get("token")).toBe(NEW_TOKEN);
    expect(session.get("customerId")).toBe("1001");
    expect(session.get("contactId")).toBe("5001");
    expect(session.get("punchout")).toEqual({
      id: "41",
      protocol: "cxml",
      operation: "create",
      orderingAllowed: false,
      returnOrigin: "https://procure.example",
    });
    expect(await toastOf(result)).toBeUndefined();
  });

  it.each(["edit", "inspect"] as const)("%s: 303 to the basket", async (operation) => {
    provider(() => HttpResponse.json(started(operation, { orderingAllowed: true }), { status: 201 }));
    const result = (await open(TOKEN)) as Response;
    expect(locationOf(result)).toBe("/basket");
    expect((await sessionOf(result)).get("punchout")).toMatchObject({ operation, orderingAllowed: true });
  });

  it("an edit with lines not in the catalogue names them in a toast", async () => {
    const unknownItems = [
      { supplierPartId: "OLD-1", supplierPartAuxiliaryId: "size=M", description: "Discontinued fleece" },
      { supplierPartId: "OLD-2", supplierPartAuxiliaryId: null, description: null },
    ];
    provider(() => HttpResponse.json(started("edit", { unknownItems }), { status: 201 }));
    const result = await open(TOKEN);
    expect(await toastOf(result)).toEqual({
      kind: "info",
      message:
        "2 items from your procurement system are not in the catalogue and were left out of the basket: Discontinued fleece (OLD-1 size=M), OLD-2.",
    });
  });

  it("replaces the browser's earlier session: none of its data is kept, and its provider session is revoked", async () => {
    const calls = provider(() => HttpResponse.json(started("create"), { status: 201 }));
    const earlier = await sessionCookie({ token: "token-1", customerId: "1002", contactId: "5101", catalogueId: "9" });
    const result = await open(TOKEN, earlier);
    const session = await sessionOf(result);
    expect(session.data).toEqual({
      token: NEW_TOKEN,
      customerId: "1001",
      contactId: "5001",
      punchout: {
        id: "41",
        protocol: "cxml",
        operation: "create",
        orderingAllowed: false,
        returnOrigin: "https://procure.example",
      },
    });
    expect(calls.revoked).toEqual(["Bearer token-1"]);
  });

  it("an OCI session remembers the HOOK_URL's origin", async () => {
    provider(() =>
      HttpResponse.json(started("create", { protocol: "oci", returnUrl: "http://srm.example:8000/sap/hook" }), {
        status: 201,
      }),
    );
    expect((await sessionOf(await open(TOKEN))).get("punchout")).toMatchObject({
      protocol: "oci",
      returnOrigin: "http://srm.example:8000",
    });
  });

  it.each([
    [404, "NotFound", "This punchout link is not valid"],
    [410, "Gone", "This punchout link has already been used"],
    [410, "Gone", "This punchout link has expired"],
  ])(
    "the provider's %i: a clear page with that status, no session, the earlier one kept",
    async (code, name, message) => {
      const calls = provider(() => HttpResponse.json({ name, message, code }, { status: code }));
      const earlier = await sessionCookie({ token: "token-1" });
      const result = (await open(TOKEN, earlier)) as Refused;
      expect(result.init.status).toBe(code);
      expect(result.data).toEqual({
        kind: "start",
        status: code,
        message: "This punchout link has expired or has already been used. Start again from your procurement system.",
      });
      expect(result.data.message).not.toMatch(/log in/i);
      expect(new Headers(result.init.headers).get("Set-Cookie")).toBeNull();
      expect(calls.revoked).toEqual([]);
    },
  );

  it("the provider's 403 (the profile switched off): a 403 page saying so", async () => {
    provider(() =>
      HttpResponse.json(
        { name: "Forbidden", message: "This punchout profile is no longer active", code: 403 },
        { status: 403 },
      ),
    );
    const result = (await open(TOKEN)) as Refused;
    expect(result.init.status).toBe(403);
    expect(result.data.message).toMatch(/no longer switched on/);
  });

  it("a token that cannot be one of the provider's: 404 without asking it", async () => {
    const calls = provider(() => HttpResponse.json(started("create"), { status: 201 }));
    const result = (await open("short")) as Refused;
    expect(result.init.status).toBe(404);
    expect(calls.start).toHaveLength(0);
  });

  it.each<Record<string, string>>([
    { "Sec-Purpose": "prefetch" },
    { Purpose: "prefetch" },
    { "Sec-Purpose": "prefetch;prerender" },
  ])("a prefetch (%j) does not spend the token", async (headers) => {
    const calls = provider(() => HttpResponse.json(started("create"), { status: 201 }));
    const result = (await open(TOKEN, undefined, headers)) as Response;
    expect(result.status).toBe(425);
    expect(calls.start).toHaveLength(0);
  });
});
