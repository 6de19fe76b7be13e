import { createHash } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CXML_BODY_LIMIT, FORM_BODY_LIMIT, OCI_BODY_LIMIT, PROMO_FORM_BODY_LIMIT } from "~/domain/body-limits";
import { bodyLimitFor, limitRequestBodies, requestForRemix, tooLargeMessage } from "./body-limit.server";
import { postStream } from "../../tests/http/streaming-post";

// Decision 150 over real HTTP: a body past its path's limit is a 413 at once, chunked or not, and the rest is not read
// (the answer comes while the client is still sending); a body within it reaches the handler whole, read as Remix's
// Express adapter reads it (a web stream over the request).

let server: http.Server;
let port: number;
const seen: Array<{ path: string; bytes: number; sha: string }> = [];

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies());
  app.all("*", (req, res) => {
    void (async () => {
      const stream = createReadableStreamFromReadable(requestForRemix(req));
      const body = Buffer.from(await new Response(stream).arrayBuffer());
      seen.push({ path: req.path, bytes: body.byteLength, sha: createHash("sha256").update(body).digest("hex") });
      res.status(200).type("text/plain").send(`read ${body.byteLength}`);
    })();
  });
  server = app.listen(0);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

const HUGE = 64 * 1024 * 1024;

describe("request bodies are counted while read (decision 150)", () => {
  it("the limits: 1 MB for forms, 256 KB for cXML, 64 KB for the OCI log-in", () => {
    expect([FORM_BODY_LIMIT, CXML_BODY_LIMIT, OCI_BODY_LIMIT]).toEqual([1_048_576, 262_144, 65_536]);
    expect(bodyLimitFor("/login")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/quick-order")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/punchout/cxml/setup")).toBe(CXML_BODY_LIMIT);
    expect(bodyLimitFor("/punchout/cxml/order")).toBe(CXML_BODY_LIMIT);
    expect(bodyLimitFor("/punchout/oci")).toBe(OCI_BODY_LIMIT);
    expect(bodyLimitFor("/punchout/ocirus")).toBe(FORM_BODY_LIMIT);
    // the promotion form with its image (decision 165): 4 MB, so a picture over 2 MB is refused under its field
    expect(PROMO_FORM_BODY_LIMIT).toBe(4_194_304);
    expect(bodyLimitFor("/admin/promo/new")).toBe(PROMO_FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/promo/3")).toBe(PROMO_FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/promo")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/promo/3/x")).toBe(FORM_BODY_LIMIT);
    expect(tooLargeMessage(OCI_BODY_LIMIT)).toBe(
      "Payload Too Large: this address takes at most 64 KB. Nothing was saved.",
    );
  });

  it.each([
    ["/login", FORM_BODY_LIMIT],
    ["/punchout/oci", OCI_BODY_LIMIT],
    ["/punchout/cxml/setup", CXML_BODY_LIMIT],
    ["/punchout/cxml/order", CXML_BODY_LIMIT],
  ])(
    "a 64 MB chunked body to %s: 413 while the client is still sending, the handler never runs",
    async (path, limit) => {
      const before = seen.length;
      const answer = await postStream(`http://127.0.0.1:${port}${path}`, HUGE);
      expect(answer.status).toBe(413);
      expect(answer.text).toBe(tooLargeMessage(limit));
      // the answer came after about the limit: far from all 64 MB was sent (socket buffers hold a few MB at most)
      expect(answer.written).toBeGreaterThan(limit);
      expect(answer.written).toBeLessThan(limit + 16 * 1024 * 1024);
      expect(seen.length).toBe(before);
    },
  );

  it.each([
    ["/login", FORM_BODY_LIMIT],
    ["/punchout/oci", OCI_BODY_LIMIT],
    ["/punchout/cxml/setup", CXML_BODY_LIMIT],
  ])("%s: exactly the limit, chunked, reaches the handler whole; one byte more is a 413", async (path, limit) => {
    const within = await postStream(`http://127.0.0.1:${port}${path}`, limit, { fill: 0x62 });
    expect(within).toMatchObject({ status: 200, text: `read ${limit}` });
    expect(seen.at(-1)).toEqual({
      path,
      bytes: limit,
      sha: createHash("sha256").update(Buffer.alloc(limit, 0x62)).digest("hex"),
    });
    const over = await postStream(`http://127.0.0.1:${port}${path}`, limit + 1);
    expect(over.status).toBe(413);
  });

  it("a Content-Length over the limit is refused before any of the body is sent", async () => {
    const before = seen.length;
    const answer = await postStream(`http://127.0.0.1:${port}/punchout/oci`, 0, { contentLength: OCI_BODY_LIMIT + 1 });
    expect(answer.status).toBe(413);
    expect(answer.written).toBe(0);
    expect(seen.length).toBe(before);
  });

  it("a body within its declared Content-Length is read as sent; a GET without a body passes as it is", async () => {
    const answer = await postStream(`http://127.0.0.1:${port}/login`, 1000, { contentLength: 1000 });
    expect(answer).toMatchObject({ status: 200, text: "read 1000" });
    const got = await fetch(`http://127.0.0.1:${port}/dashboard`);
    expect(await got.text()).toBe("read 0");
  });
});
