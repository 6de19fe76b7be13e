import { describe, expect, it } from "vitest";
import { postStream } from "../../tests/http/streaming-post";
import { PROVIDER_JSON_LIMIT } from "../app";
import { useProvider } from "./fixtures";

// Decision 150 on the provider, over real HTTP: a JSON body past 1 MB (a form past 100 KB) is a 413 while the client
// is still sending, chunked or not, whoever sends it (before any log-in is checked); within the limit it is read.

const { p } = useProvider();

const HUGE = 64 * 1024 * 1024;

describe("the provider counts request bodies (decision 150)", () => {
  it.each([
    ["application/json", "/api/authentication"],
    ["application/json", "/api/report"],
    ["application/x-www-form-urlencoded", "/api/authentication"],
  ])("a 64 MB chunked %s body to %s: 413 at once, not a 400 or 500", async (contentType, path) => {
    const answer = await postStream(p.url + path, HUGE, { contentType });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 413, message: "The request body is too large" });
    expect(answer.written).toBeLessThan(PROVIDER_JSON_LIMIT + 16 * 1024 * 1024);
  });

  it("a Content-Length over the limit: 413 before the body is sent", async () => {
    const answer = await postStream(p.url + "/api/authentication", 0, {
      contentType: "application/json",
      contentLength: PROVIDER_JSON_LIMIT + 1,
    });
    expect(answer.status).toBe(413);
    expect(answer.written).toBe(0);
  });

  it("a JSON body of exactly 1 MB, chunked, is read (a log-in refused for its e-mail, not its size)", async () => {
    const head = '{"strategy":"local","email":"nobody@demo.test","password":"x","pad":"';
    const body = head + "a".repeat(PROVIDER_JSON_LIMIT - head.length - 2) + '"}';
    expect(Buffer.byteLength(body)).toBe(PROVIDER_JSON_LIMIT);
    const res = await fetch(p.url + "/api/authentication", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(401);
  });
});
