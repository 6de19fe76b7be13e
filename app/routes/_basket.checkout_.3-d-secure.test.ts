import { describe, expect, it } from "vitest";
import { getSession } from "~/session/session.server";
import { THREE_D_SECURE_PATH, threeDSecureRedirect } from "~/checkout/three-d-secure.server";
import { allowedFormActions } from "~/http/form-action.server";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "~/http/request-scope.server";
import { get, locationOf, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader } from "./_basket.checkout_.3-d-secure";

// The 3-D Secure hand-off as a document of its own, so its CSP form-action can allow the card issuer (decision 006).
const t = useRouteTest();
const HAND_OFF = { url: "https://acs.bank.test/challenge", cReq: "eyJjcmVxIjoxfQ", transactionId: "tx-9" };
const pairOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0];

async function handedOff(handOff = HAND_OFF): Promise<{ response: Response; cookie: string }> {
  const request = get("/checkout", await sessionCookie());
  const response = await threeDSecureRedirect(request, handOff);
  return { response, cookie: pairOf(response.headers.get("Set-Cookie")) };
}

function load(cookie: string) {
  const scope = openRequestScope();
  const request = get(THREE_D_SECURE_PATH, cookie);
  request.headers.set(REQUEST_SCOPE_HEADER, scope.key);
  const result = t.run(loader, request);
  return { scope, result };
}

describe("threeDSecureRedirect", () => {
  it("answers a full-document 303 to the 3-D Secure page, the challenge in the encrypted session", async () => {
    const { response, cookie } = await handedOff();
    expect(response.status).toBe(303);
    expect(locationOf(response)).toBe("/checkout/3-d-secure");
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(cookie).not.toContain("acs.bank.test");
    expect((await getSession(get("/", cookie))).get("token")).toBe("token-1");
  });
});

describe("/checkout/3-d-secure", () => {
  it("shows the challenge once and allows the issuer's origin in this response's form-action only", async () => {
    t.signIn();
    const { cookie } = await handedOff();
    const { scope, result } = load(cookie);
    const answer = (await result) as { data: typeof HAND_OFF; init: ResponseInit };
    expect(answer.data).toEqual(HAND_OFF);
    expect(allowedFormActions(scope.key)).toEqual(["https://acs.bank.test"]);
    scope.close();
    // read once: the cookie it answers no longer holds it
    const after = pairOf(new Headers(answer.init.headers).get("Set-Cookie"));
    const again = load(after);
    expect(locationOf(await again.result)).toBe("/checkout");
    expect(allowedFormActions(again.scope.key)).toEqual([]);
    again.scope.close();
  });

  it("without a challenge handed over (reloaded, bookmarked) goes back to the checkout", async () => {
    t.signIn();
    const { scope, result } = load(await sessionCookie());
    expect(locationOf(await result)).toBe("/checkout");
    scope.close();
  });

  it.each(["javascript:alert(1)", "data:text/html,x", "/relative"])(
    "a challenge address %j is not opened: back to the checkout with a message",
    async (url) => {
      t.signIn();
      const { cookie } = await handedOff({ ...HAND_OFF, url });
      const { scope, result } = load(cookie);
      const response = (await result) as Response;
      expect(locationOf(response)).toBe("/checkout");
      expect(allowedFormActions(scope.key)).toEqual([]);
      const toast = (await getSession(get("/", pairOf(response.headers.get("Set-Cookie"))))).get("toast");
      expect(toast?.kind).toBe("error");
      scope.close();
    },
  );

  it("needs a login like every page", async () => {
    t.signIn();
    const { scope, result } = load("");
    expect(locationOf(await result)).toBe(`/login?redirect=${encodeURIComponent("/checkout/3-d-secure")}`);
    scope.close();
  });
});
