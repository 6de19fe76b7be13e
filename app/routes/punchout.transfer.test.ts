import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { PunchoutState } from "~/session/session.server";
import { testLoadContext } from "~/http/context";
import { allowedFormActions } from "~/http/form-action.server";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "~/http/request-scope.server";
import { get, locationOf, post, sessionCookie, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { punchoutReturnAnswer } from "../../tests/mocks/upstream/punchout-session";
import { action as cancelAction, loader as cancelLoader } from "./punchout.cancel";
import { action as transferAction, loader as transferLoader } from "./punchout.transfer";

// POST /punchout/transfer and /punchout/cancel (decision 111): the provider ends the session; the answer is a page of
// its own that posts the basket back, its CSP allowing the return URL, the portal cookie destroyed.
const t = useRouteTest();
const STATE: PunchoutState = {
  id: "po-1",
  protocol: "cxml",
  operation: "create",
  orderingAllowed: false,
  returnOrigin: "https://buyer.example",
};
const RETURN_URL = "https://buyer.example/punchout/return";

const providerAnswer = punchoutReturnAnswer;

type Calls = { transfer: number; cancel: number };

function setUp({
  transfer,
  cancel,
  punchoutSession = "po-1",
}: { transfer?: () => Response; cancel?: () => Response; punchoutSession?: string | null } = {}): Calls {
  const calls: Calls = { transfer: 0, cancel: 0 };
  t.signIn(
    { punchoutSession },
    http.post(`${UPSTREAM}/api/punchout/transfer`, async ({ request }) => {
      calls.transfer += 1;
      expect(await request.json()).toEqual({});
      return transfer ? transfer() : HttpResponse.json(providerAnswer(), { status: 201 });
    }),
    http.post(`${UPSTREAM}/api/punchout/cancel`, () => {
      calls.cancel += 1;
      return cancel
        ? cancel()
        : HttpResponse.json(providerAnswer({ state: "cancelled", lines: [], totalPence: 0 }), { status: 201 });
    }),
  );
  return calls;
}

const refused = (status: number, message: string) => () =>
  HttpResponse.json({ name: "Error", message, code: status }, { status });

async function send(
  kind: "transfer" | "cancel",
  state: PunchoutState | null = STATE,
  form: Record<string, string> = {},
) {
  const cookie = await sessionCookie(state ? { token: "token-1", punchout: state } : { token: "token-1" });
  const scope = openRequestScope();
  const request = post(`/punchout/${kind}`, form, cookie);
  request.headers.set(REQUEST_SCOPE_HEADER, scope.key);
  const action = kind === "transfer" ? transferAction : cancelAction;
  const result = (await t.run(action, request)) as Response;
  const origins = allowedFormActions(scope.key);
  scope.close();
  return { result, origins };
}

const destroys = (response: Response) =>
  /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(response.headers.get("Set-Cookie") ?? "");

describe("POST /punchout/transfer", () => {
  it("answers the page that posts the PunchOutOrderMessage back, allowing the return URL as a form-action", async () => {
    const calls = setUp();
    const { result, origins } = await send("transfer");
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await result.text();
    expect(html).toContain(`action="${RETURN_URL}" target="_top"`);
    expect(html).toContain('name="cxml-urlencoded"');
    expect(html).toContain("&lt;SupplierPartID&gt;HVJ-100&lt;/SupplierPartID&gt;");
    expect(html).toContain("&lt;BuyerCookie&gt;REQ-42&lt;/BuyerCookie&gt;");
    expect(html).toContain("Return to your procurement system</button>");
    expect(html).toContain('<script nonce="test-nonce">');
    expect(origins).toEqual(["https://buyer.example"]);
    expect(destroys(result)).toBe(true);
    expect(calls).toEqual({ transfer: 1, cancel: 0 });
  });

  it("a ShipTo the setup request gave only in part is carried back as given (every field optional there)", async () => {
    setUp({
      transfer: () =>
        HttpResponse.json(providerAnswer({ shipTo: { postalCode: "LS1 4DY", street: ["1 Station Road"] } }), {
          status: 201,
        }),
    });
    const { result } = await send("transfer");
    expect(result.status).toBe(200);
    const html = await result.text();
    expect(html).toContain("&lt;PostalCode&gt;LS1 4DY&lt;/PostalCode&gt;");
    expect(html).toContain("1 Station Road");
  });

  it("OCI: the NEW_ITEM fields to HOOK_URL, at ~TARGET", async () => {
    setUp({
      transfer: () =>
        HttpResponse.json(
          providerAnswer({
            protocol: "oci",
            credentials: null,
            oci: { target: "_parent", caller: "CTLG", okCode: "ADDI" },
            returnUrl: "http://srm.example:8000/sap/hook",
          }),
          { status: 201 },
        ),
    });
    const { result, origins } = await send("transfer", { ...STATE, protocol: "oci" });
    const html = await result.text();
    expect(html).toContain('action="http://srm.example:8000/sap/hook" target="_parent"');
    expect(html).toContain('name="NEW_ITEM-DESCRIPTION[1]" value="Hi-Vis Jacket M"');
    expect(html).not.toContain("cxml-urlencoded");
    expect(origins).toEqual(["http://srm.example:8000"]);
  });

  it("an empty basket goes back to the basket with the provider's words, the session kept", async () => {
    setUp({ transfer: refused(400, "The basket is empty") });
    const { result, origins } = await send("transfer");
    expect(result.status).toBe(303);
    expect(locationOf(result)).toBe("/basket");
    expect(await toastOf(result)).toEqual({ kind: "error", message: "The basket is empty" });
    expect(origins).toEqual([]);
  });

  it("inspecting an empty basket returns it by cancelling: nothing to return is an empty basket", async () => {
    const calls = setUp({ transfer: refused(400, "The basket is empty") });
    const { result } = await send("transfer", { ...STATE, operation: "inspect" });
    expect(result.status).toBe(200);
    expect(await result.text()).not.toContain("ItemIn");
    expect(calls).toEqual({ transfer: 1, cancel: 1 });
  });

  it.each([
    [409, "This punchout session has already ended"],
    [404, "This is not a punchout session"],
  ])("a %i is a page saying so, nothing posted back", async (status, message) => {
    setUp({ transfer: refused(status, message) });
    const { result, origins } = await send("transfer");
    expect(result.status).toBe(status);
    const html = await result.text();
    expect(html).toContain(`${message}.`);
    expect(html).toContain("Start again from your procurement system.");
    expect(html).not.toContain("<form");
    expect(origins).toEqual([]);
  });

  it("a basket that needs approval: the page says so, nothing is posted back, the cookie goes", async () => {
    setUp({
      transfer: () =>
        HttpResponse.json(providerAnswer({ state: "awaiting-approval", savedBasketId: 31 }), { status: 201 }),
    });
    const { result, origins } = await send("transfer");
    expect(result.status).toBe(200);
    const html = await result.text();
    expect(html).toContain("Your basket has been sent for approval");
    expect(html).not.toContain("<form");
    expect(html).not.toContain("HVJ-100");
    expect(origins).toEqual([]);
    expect(destroys(result)).toBe(true);
  });

  it("a return URL that is not http(s) is never a form action: a 400 page", async () => {
    setUp({ transfer: () => HttpResponse.json(providerAnswer({ returnUrl: "javascript:alert(1)" }), { status: 201 }) });
    const { result, origins } = await send("transfer");
    expect(result.status).toBe(400);
    const html = await result.text();
    expect(html).not.toContain("<form");
    expect(html).not.toContain("javascript:");
    expect(origins).toEqual([]);
  });

  it("outside a punchout session: home, the provider never asked", async () => {
    const calls = setUp({ punchoutSession: null });
    const { result } = await send("transfer", null);
    expect(locationOf(result)).toBe("/");
    expect(calls).toEqual({ transfer: 0, cancel: 0 });
  });

  it("GET: back to the basket (transferring is a post)", async () => {
    const calls = setUp();
    const request = get("/punchout/transfer", await sessionCookie({ token: "token-1", punchout: STATE }));
    const result = await t.run(transferLoader, request);
    expect(locationOf(result)).toBe("/basket");
    const cancelled = await t.run(cancelLoader, get("/punchout/cancel", request.headers.get("Cookie")!));
    expect(locationOf(cancelled)).toBe("/basket");
    expect(calls).toEqual({ transfer: 0, cancel: 0 });
  });

  it("without a log-in: to the log-in page", async () => {
    setUp();
    const request = post("/punchout/transfer", {});
    const result = (await settle(() =>
      transferAction({ request, params: {}, context: testLoadContext() }),
    )) as Response;
    expect(locationOf(result)).toMatch(/^\/login/);
  });
});

describe("POST /punchout/cancel", () => {
  it("posts an empty basket back (no ItemIn, Total 0) and ends the session", async () => {
    const calls = setUp();
    const { result, origins } = await send("cancel");
    expect(result.status).toBe(200);
    const html = await result.text();
    expect(html).not.toContain("ItemIn");
    expect(html).toContain("&lt;Money currency=&quot;GBP&quot;&gt;0.00&lt;/Money&gt;");
    expect(html).toContain("cancelled");
    expect(origins).toEqual(["https://buyer.example"]);
    expect(destroys(result)).toBe(true);
    expect(calls).toEqual({ transfer: 0, cancel: 1 });
  });

  it("a session already ended: a 409 page", async () => {
    setUp({ cancel: refused(409, "This punchout session has already ended") });
    const { result } = await send("cancel");
    expect(result.status).toBe(409);
    expect(await result.text()).toContain("This punchout session has already ended.");
  });

  it("outside a punchout session: home", async () => {
    const calls = setUp({ punchoutSession: null });
    const { result } = await send("cancel", null);
    expect(locationOf(result)).toBe("/");
    expect(calls.cancel).toBe(0);
  });
});
