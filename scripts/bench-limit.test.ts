import http from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  capture,
  compressionCost,
  shareOfLimit,
  shareVerdict,
  startStaticServer,
  wireSize,
  type Captured,
  type StaticServer,
} from "./bench-limit";

const page = (path: string, body: string | Buffer, encoding = "identity"): Captured => ({
  path,
  status: 200,
  contentType: "text/html; charset=utf-8",
  encoding,
  body: Buffer.isBuffer(body) ? body : Buffer.from(body),
});

describe("shareOfLimit", () => {
  it("is the page's throughput over its bytes' throughput", () => {
    expect(shareOfLimit(150, 10_000)).toBeCloseTo(0.015);
    expect(shareOfLimit(0, 10_000)).toBe(0);
  });

  it("is NaN when either side is unknown or the limit is nothing", () => {
    for (const [pageRps, limitRps] of [
      [150, 0],
      [150, NaN],
      [NaN, 10_000],
      [150, -1],
      [-1, 10_000],
    ])
      expect(shareOfLimit(pageRps, limitRps)).toBeNaN();
  });
});

describe("shareVerdict", () => {
  it("holds the floor to 5 % and every other page to 4 % (decision 183)", () => {
    expect(shareVerdict("floor", 0.05)).toBe("share ok");
    expect(shareVerdict("floor", 0.049)).toBe("share UNDER");
    expect(shareVerdict("floor", 0.045)).toBe("share UNDER");
    for (const key of ["category", "product", "history"]) {
      expect(shareVerdict(key, 0.04)).toBe("share ok");
      expect(shareVerdict(key, 0.045)).toBe("share ok");
      expect(shareVerdict(key, 0.039)).toBe("share UNDER");
    }
  });

  it("says nothing without a share", () => {
    expect(shareVerdict("category", NaN)).toBeNull();
  });
});

describe("wireSize", () => {
  it("is the mean body size and the encodings met, once each", () => {
    expect(wireSize([page("/a", "x".repeat(100), "br"), page("/b", "x".repeat(300), "br")])).toEqual({
      bytes: 200,
      encoding: "br",
    });
    expect(wireSize([page("/a", "abc", "br"), page("/b", "abcd"), page("/c", "a", "br")]).encoding).toBe("br+identity");
    expect(wireSize([]).bytes).toBeNaN();
  });
});

describe("compressionCost", () => {
  it("times brotli and gzip on the uncompressed pages and reports what they shrink to", () => {
    const html = `<!DOCTYPE html><html><body>${"<li>A product of the catalogue</li>".repeat(500)}</body></html>`;
    const cost = compressionCost([page("/a", html)], 3);
    expect(cost.brMs).toBeGreaterThan(0);
    expect(cost.gzipMs).toBeGreaterThan(0);
    expect(cost.brBytes).toBeGreaterThan(0);
    expect(cost.brBytes).toBeLessThan(html.length / 10);
    expect(cost.gzipBytes).toBeLessThan(html.length / 10);
  });

  it("has nothing to time when every page came compressed", () => {
    const cost = compressionCost([page("/a", gzipSync("hello"), "gzip")], 3);
    expect(cost.brMs).toBeNaN();
    expect(cost.gzipBytes).toBeNaN();
  });
});

describe("capture and the bare server", () => {
  let origin: http.Server | undefined;
  let bare: StaticServer | undefined;
  afterEach(async () => {
    await bare?.stop();
    await new Promise<void>((resolve) => (origin ? origin.close(() => resolve()) : resolve()));
    origin = bare = undefined;
  });

  it("captures the exact bytes on the wire (compressed when asked) and serves them again, byte for byte", async () => {
    const html = `<!DOCTYPE html><title>Shirts</title>${"<p>Polo shirt, navy</p>".repeat(200)}`;
    const seen: Array<string | undefined> = [];
    origin = http.createServer((req, res) => {
      seen.push(req.headers["accept-encoding"]);
      const gzip = /gzip/.test(req.headers["accept-encoding"] ?? "");
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      });
      res.end(gzip ? gzipSync(html) : html);
    });
    await new Promise<void>((resolve) => origin!.listen(0, "127.0.0.1", () => resolve()));
    const address = origin.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

    const compressed = await capture(base, { "accept-encoding": "gzip, br" }, "/shirts?page=2");
    const plain = await capture(base, {}, "/shirts");
    expect(seen).toEqual(["gzip, br", undefined]);
    expect(compressed).toMatchObject({ path: "/shirts?page=2", status: 200, encoding: "gzip" });
    expect(gunzipSync(compressed.body).toString()).toBe(html);
    expect(plain).toMatchObject({ encoding: "identity", contentType: "text/html; charset=utf-8" });
    expect(plain.body.toString()).toBe(html);

    bare = await startStaticServer([compressed, plain]);
    expect(bare.pid).not.toBe(process.pid);
    const again = await capture(bare.base, {}, "/shirts?page=2");
    expect(again.encoding).toBe("gzip");
    expect(again.contentType).toBe("text/html; charset=utf-8");
    expect(again.body.equals(compressed.body)).toBe(true);
    expect((await capture(bare.base, {}, "/shirts")).body.equals(plain.body)).toBe(true);
    expect((await capture(bare.base, {}, "/elsewhere")).status).toBe(404);
  });
});
