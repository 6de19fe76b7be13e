import { http, HttpResponse, delay } from "msw";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { get } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { callSignal, createUpstreamClient, toSearchParams } from "./client.server";
import { UpstreamError } from "./errors.server";

const server = useUpstreamMock();
const Item = z.object({ internalId: z.string() });

async function failure(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected the call to fail");
}

describe("upstream client", () => {
  it("sends the bearer token and the Feathers query, and parses the answer", async () => {
    let seen: URL | null = null;
    let auth: string | null = null;
    server.use(
      http.get(`${UPSTREAM}/api/item/7`, ({ request }) => {
        seen = new URL(request.url);
        auth = request.headers.get("authorization");
        return HttpResponse.json({ internalId: "7", extra: "ignored" });
      }),
    );
    const client = createUpstreamClient(get("/product/x"), "tok");
    const item = await client.get("/api/item/7", Item, {
      query: { $limit: 16, $sort: { createdDate: -1 }, tranId: { $in: ["SO1", "SO2"] }, q: undefined },
    });
    expect(item).toEqual({ internalId: "7" });
    expect(auth).toBe("Bearer tok");
    expect(seen!.searchParams.get("$limit")).toBe("16");
    expect(seen!.searchParams.get("$sort[createdDate]")).toBe("-1");
    expect(seen!.searchParams.getAll("tranId[$in][]")).toEqual(["SO1", "SO2"]);
    expect(seen!.searchParams.has("q")).toBe(false);
  });

  it.each([
    [400, 400],
    [403, 403],
    [404, 404],
    [409, 409],
    [429, 429],
    [500, 502],
    [503, 502],
  ])("maps an upstream %i to a %i Response carrying the message", async (upstream, mapped) => {
    server.use(
      http.get(`${UPSTREAM}/api/order/1`, () =>
        HttpResponse.json({ message: `said ${upstream}` }, { status: upstream }),
      ),
    );
    const response = await failure(() => createUpstreamClient(get("/x"), "tok").get("/api/order/1", Item));
    expect(response.status).toBe(mapped);
    expect(response).toBeInstanceOf(UpstreamError);
    expect((response as UpstreamError).message).toBe(`said ${upstream}`);
  });

  it("keeps the provider's Retry-After of a 429, and only of a 429", async () => {
    server.use(
      http.get(`${UPSTREAM}/api/order/1`, () =>
        HttpResponse.json({ message: "slow down" }, { status: 429, headers: { "Retry-After": "30" } }),
      ),
      http.get(`${UPSTREAM}/api/order/2`, () =>
        HttpResponse.json({ message: "gone" }, { status: 404, headers: { "Retry-After": "30" } }),
      ),
    );
    const limited = (await failure(() =>
      createUpstreamClient(get("/x"), "tok").get("/api/order/1", Item),
    )) as UpstreamError;
    expect(limited.retryAfter).toBe(30);
    expect(limited.headers.get("Retry-After")).toBe("30");
    const missing = (await failure(() =>
      createUpstreamClient(get("/x"), "tok").get("/api/order/2", Item),
    )) as UpstreamError;
    expect(missing.retryAfter).toBeNull();
  });

  it("answers 502 when the provider's answer breaks the contract", async () => {
    server.use(http.get(`${UPSTREAM}/api/item/1`, () => HttpResponse.json({ id: 1 })));
    const response = await failure(() => createUpstreamClient(get("/x"), "tok").get("/api/item/1", Item));
    expect(response.status).toBe(502);
  });

  it("gives up after UPSTREAM_TIMEOUT_MS with a 504", async () => {
    process.env.UPSTREAM_TIMEOUT_MS = "150";
    resetEnvForTests();
    server.use(
      http.get(`${UPSTREAM}/api/item/1`, async () => {
        await delay(2000);
        return HttpResponse.json({ internalId: "1" });
      }),
    );
    const response = await failure(() => createUpstreamClient(get("/x"), "tok").get("/api/item/1", Item));
    expect(response.status).toBe(504);
    delete process.env.UPSTREAM_TIMEOUT_MS;
    resetEnvForTests();
  });

  it("hands a successful answer's headers to onHeaders (x-wp-total), and not a failed one's", async () => {
    server.use(
      http.get(`${UPSTREAM}/api/wp/v2/posts`, () =>
        HttpResponse.json([], { headers: { "x-wp-total": "12", "x-wp-totalpages": "2" } }),
      ),
      http.get(`${UPSTREAM}/api/wp/v2/pages`, () =>
        HttpResponse.json({ message: "down" }, { status: 503, headers: { "x-wp-total": "9" } }),
      ),
    );
    const client = createUpstreamClient(get("/news"), null);
    const seen: Array<string | null> = [];
    await client.get("/api/wp/v2/posts", z.array(z.unknown()), {
      onHeaders: (h) => seen.push(h.get("x-wp-total"), h.get("x-wp-totalpages")),
    });
    expect(seen).toEqual(["12", "2"]);
    await failure(() =>
      client.get("/api/wp/v2/pages", z.array(z.unknown()), { onHeaders: (h) => seen.push(h.get("x-wp-total")) }),
    );
    expect(seen).toEqual(["12", "2"]);
  });

  it("builds query strings from flat keys or nested objects alike", () => {
    expect(toSearchParams({ "createdDate[$gte]": "2026-01-01", orderToApprove: true }).toString()).toBe(
      "createdDate%5B%24gte%5D=2026-01-01&orderToApprove=true",
    );
    expect(toSearchParams({ createdDate: { $gte: "2026-01-01" } }).toString()).toBe(
      "createdDate%5B%24gte%5D=2026-01-01",
    );
  });
});

describe("upstream client errors", () => {
  it("raises an UpstreamError carrying the field the provider named", async () => {
    server.use(
      http.post(`${UPSTREAM}/api/order`, () =>
        HttpResponse.json(
          { name: "BadRequest", message: "Choose a delivery address", code: 400, data: { field: "addressId" } },
          { status: 400 },
        ),
      ),
    );
    const thrown = await createUpstreamClient(get("/checkout"), "tok")
      .post("/api/order", Item, { body: {} })
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(UpstreamError);
    expect(thrown).toMatchObject({ status: 400, message: "Choose a delivery address", field: "addressId" });
  });

  it("carries every field's message when the provider checked them all at once (Feathers' errors)", async () => {
    const errors = { from: "Enter a date as YYYY-MM-DD", type: "Choose a report type" };
    server.use(
      http.post(`${UPSTREAM}/api/report`, () =>
        HttpResponse.json(
          { name: "BadRequest", message: 'Invalid value at field "from"', code: 400, errors },
          { status: 400 },
        ),
      ),
    );
    const thrown = await createUpstreamClient(get("/reporting"), "tok")
      .post("/api/report", Item, { body: {} })
      .catch((error: unknown) => error);
    expect(thrown).toMatchObject({ status: 400, field: "from", errors });
  });
});

describe("a call's end when the browser goes away (decision 045)", () => {
  it("the browser going away ends the call with the browser's reason, not an UpstreamError", async () => {
    server.use(
      http.get(`${UPSTREAM}/api/item/7`, async () => (await delay(1_000), HttpResponse.json({ internalId: "7" }))),
    );
    const browser = new AbortController();
    const request = new Request("http://portal.test/x", { signal: browser.signal });
    const call = createUpstreamClient(request, "tok").get("/api/item/7", Item);
    setTimeout(() => browser.abort(new Error("browser gone")), 20);
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(UpstreamError);
    expect(request.signal.aborted).toBe(true);
  });

  it("callSignal: aborted at once for a browser already gone; a timeout is a TimeoutError; done stops both", async () => {
    const gone = new AbortController();
    gone.abort(new Error("gone"));
    expect(callSignal(gone.signal, 10_000).signal.aborted).toBe(true);

    const timed = callSignal(new AbortController().signal, 10);
    await delay(50);
    expect(timed.signal.reason).toBeInstanceOf(DOMException);
    expect((timed.signal.reason as DOMException).name).toBe("TimeoutError");

    const browser = new AbortController();
    const finished = callSignal(browser.signal, 10);
    finished.done();
    browser.abort(new Error("later"));
    await delay(50);
    expect(finished.signal.aborted).toBe(false);
  });
});
