import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { getSession } from "~/session/session.server";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, sessionCookie } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { spyOnPosts } from "../../tests/mocks/upstream/spy";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_login.select-your-customer";

const t = useRouteTest();
type Answer = {
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

let cookie: string;
beforeAll(async () => {
  cookie = await sessionCookie({ token: "token-1", customerId: "1001", contactId: "5001", catalogueId: "77" });
});

const twoUnits = () => sessionAnswer({ customers: 2, selected: false });

function choose(form: Record<string, string>, withCookie: string | undefined = cookie) {
  return t.run(action, post("/select-your-customer", form, withCookie));
}

const countSelects = () => spyOnPosts(t.server, "/api/select-customer");

async function sessionOf(result: unknown) {
  const setCookie = (result as Response).headers.get("Set-Cookie") ?? "";
  return getSession(new Request("http://portal.test/", { headers: { Cookie: setCookie.split(";")[0] } }));
}

describe("/select-your-customer", () => {
  it("lists the user's business units and the one chosen now", async () => {
    t.signIn({ customers: 2 });
    const result = await loader({
      request: get("/select-your-customer", cookie),
      params: {},
      context: testLoadContext(),
    });
    expect(result).toEqual({
      customers: [
        { internalId: "1001", name: "Northwind Facilities", contactId: "5001" },
        { internalId: "1002", name: "Harbour Health Trust", contactId: "5101" },
      ],
      selectedContactId: "5001",
    });
  });

  it("chooses the unit upstream, keeps its ids in the session, forgets the catalogue and goes on with a toast", async () => {
    t.signIn(twoUnits());
    const seen = countSelects();
    const result = await choose({ contactId: "5101", redirect: "/order-history?page=2" });
    expect(seen).toEqual([{ contactId: "5101" }]);
    expect((result as Response).status).toBe(302);
    expect(locationOf(result)).toBe("/order-history?page=2");
    const session = await sessionOf(result);
    expect(session.get("token")).toBe("token-1");
    expect(session.get("customerId")).toBe("1002");
    expect(session.get("contactId")).toBe("5101");
    expect(session.get("catalogueId")).toBeUndefined();
    expect(session.get("toast")).toEqual({
      kind: "success",
      message: "You are now ordering for Harbour Health Trust.",
    });
  });

  it.each(["//evil.example", "https://evil.example/steal", ""])("goes home instead of to %j", async (target) => {
    t.signIn(twoUnits());
    expect(locationOf(await choose({ contactId: "5001", redirect: target }))).toBe("/");
  });

  it("refuses a post without a unit with 400 and a message, before calling the provider", async () => {
    t.signIn(twoUnits());
    const seen = countSelects();
    for (const form of [{}, { contactId: "   " }] as Array<Record<string, string>>) {
      const result = (await choose(form)) as Answer;
      expect(result.init.status).toBe(400);
      expect(result.data.fieldErrors).toEqual({ contactId: "Choose a business unit" });
    }
    expect(seen).toEqual([]);
  });

  it("refuses a unit that is not one of the user's with 400, before calling the provider", async () => {
    t.signIn(twoUnits());
    const seen = countSelects();
    const result = (await choose({ contactId: "9999" })) as Answer;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ contactId: "That business unit is not one of yours." });
    expect(seen).toEqual([]);
  });

  it("passes on the provider's refusal as its 4xx with its words on the form, changing nothing in the session", async () => {
    t.signIn(twoUnits());
    t.server.use(
      http.post(`${UPSTREAM}/api/select-customer`, () =>
        HttpResponse.json(
          { name: "Forbidden", message: "This business unit is closed for ordering.", code: 403 },
          { status: 403 },
        ),
      ),
    );
    const result = (await choose({ contactId: "5101" })) as Answer;
    expect(result.init.status).toBe(403);
    expect(new Headers(result.init.headers).get("Set-Cookie")).toBeNull();
    expect(result.data).toEqual({
      ok: false,
      fieldErrors: {},
      formError: "This business unit is closed for ordering.",
    });
  });

  it("puts a refusal that names contactId on the unit choice", async () => {
    t.signIn(twoUnits());
    t.server.use(
      http.post(`${UPSTREAM}/api/select-customer`, () =>
        HttpResponse.json(
          { name: "BadRequest", message: "That business unit is not yours.", code: 400, data: { field: "contactId" } },
          { status: 400 },
        ),
      ),
    );
    const result = (await choose({ contactId: "5101" })) as Answer;
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      fieldErrors: { contactId: "That business unit is not yours." },
      formError: null,
    });
  });

  it("sends a visitor without a session to log in, coming back here", async () => {
    t.signIn();
    const result = await choose({ contactId: "5001" }, "");
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/select-your-customer")}`);
  });
});
