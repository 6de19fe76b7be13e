import { http, HttpResponse } from "msw";
import { z } from "zod";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordGeneration, recordPollFailure } from "~/http/changes.server";
import { portalMetrics } from "~/http/metrics.server";
import { UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { get } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { setUpstreamCachingForTests } from "./cache.server";
import { createUpstreamClient } from "./client.server";

// Decision 185: a GET asked with `keep` is answered from what this process kept, per token and address, until the
// provider's change generation moves; parsed and checked once, as it enters.

const server = useUpstreamMock();
let asked: string[] = [];
let parsed = 0;
const Item = z.object({ internalId: z.string(), price: z.number() }).transform((item) => (parsed++, item));
const List = z.object({ data: z.array(Item) });

beforeEach(() => {
  asked = [];
  parsed = 0;
  setUpstreamCachingForTests(true);
  server.use(
    http.get(`${UPSTREAM}/api/item`, ({ request }) => {
      asked.push(`${request.headers.get("authorization")} ${new URL(request.url).search}`);
      return HttpResponse.json({ data: [{ internalId: "7", price: 12.5 }] });
    }),
  );
});
afterEach(() => setUpstreamCachingForTests(false));

function read(token: string, query: Record<string, string> = { catId: "3" }, keep = true) {
  return createUpstreamClient(get("/categories/full/x"), token).get("/api/item", List, { query, keep });
}

async function kept(service: string, outcome: "hit" | "miss"): Promise<number> {
  const metric = await portalMetrics().kept.get();
  return metric.values.find((v) => v.labels.service === service && v.labels.outcome === outcome)?.value ?? 0;
}

describe("kept GET answers", () => {
  it("asks once for the same token and address, parses once, and shares one frozen answer", async () => {
    const hitsBefore = await kept("item", "hit");
    const first = await read("tok-a");
    const second = await read("tok-a");
    expect(second).toEqual({ data: [{ internalId: "7", price: 12.5 }] });
    expect(second).toBe(first);
    expect(asked).toEqual(["Bearer tok-a ?catId=3"]);
    expect(parsed).toBe(1);
    expect(Object.isFrozen(second.data[0])).toBe(true);
    expect(() => {
      (second.data[0] as { price: number }).price = 1;
    }).toThrow(TypeError);
    expect((await kept("item", "hit")) - hitsBefore).toBe(1);
  });

  it("keeps each token's answers apart, and each address's", async () => {
    await read("tok-a");
    await read("tok-b");
    await read("tok-a", { catId: "4" });
    await read("tok-b");
    expect(asked).toEqual(["Bearer tok-a ?catId=3", "Bearer tok-b ?catId=3", "Bearer tok-a ?catId=4"]);
  });

  it("asks again once the change generation has moved (another's write)", async () => {
    await read("tok-a");
    recordGeneration(2, Number.POSITIVE_INFINITY);
    await read("tok-a");
    await read("tok-a");
    expect(asked).toHaveLength(2);
  });

  it("keeps nothing while the generation is not heard, nor without keep", async () => {
    await read("tok-a", undefined, false);
    await read("tok-a", undefined, false);
    expect(asked).toHaveLength(2);
    recordPollFailure();
    await read("tok-a");
    await read("tok-a");
    expect(asked).toHaveLength(4);
  });

  it("keeps no refusal: the next request asks again", async () => {
    let status = 503;
    server.use(http.get(`${UPSTREAM}/api/item`, () => HttpResponse.json({ message: "down" }, { status })));
    await expect(read("tok-a")).rejects.toMatchObject({ status: 502 });
    status = 200;
    server.use(http.get(`${UPSTREAM}/api/item`, () => (asked.push("again"), HttpResponse.json({ data: [] }))));
    expect(await read("tok-a")).toEqual({ data: [] });
    expect(asked).toEqual(["again"]);
  });
});

describe("a write with the token", () => {
  it("drops that token's kept answers in this process at once, and only that token's", async () => {
    server.use(http.post(`${UPSTREAM}/api/wish-list`, () => HttpResponse.json({ ok: true })));
    await read("tok-a");
    await read("tok-b");
    await createUpstreamClient(get("/wish-list"), "tok-a").post("/api/wish-list", z.object({ ok: z.boolean() }));
    await read("tok-a");
    await read("tok-b");
    expect(asked).toEqual(["Bearer tok-a ?catId=3", "Bearer tok-b ?catId=3", "Bearer tok-a ?catId=3"]);
  });
});
