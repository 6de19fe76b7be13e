import { describe, expect, it } from "vitest";
import { PROMO_IMAGE_LIMIT } from "../../app/domain/promo-image";
import { NOT_A_PICTURE, PROMO_IMAGES, tooLargePng } from "../../tests/fixtures/promo-images";
import { ABANDONED_IMAGE_HOURS } from "../services/promotion-images";
import { useProvider } from "./fixtures";

/**
 * Issue 34 item 4 (decision 165): a promotion's image uploaded as bytes, checked by the provider itself (PNG, JPEG or
 * WebP by their first bytes, at most 2 MB), kept in `promotion_images` and served with its type to any logged-in
 * caller; a promotion's `/promo-image/:id` must name a kept image.
 */

const { p, tokens } = useProvider({
  admin: "admin@demo.test",
  buyer: "buyer@demo.test",
});

async function upload(bytes: Buffer, type: string, token = tokens.admin) {
  const res = await fetch(`${p.url}/api/admin/promotion-image`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": type, accept: "application/json" },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const count = async () => Number((await p.db("promotion_images").count({ n: "*" }).first())?.n ?? 0);

describe("POST /api/admin/promotion-image", () => {
  it("removes the uploads older than a day that no promotion names, keeping named and recent ones", async () => {
    const keep = { content_type: "image/png", size: 1, bytes_base64: "AA==" };
    const old = new Date(p.clock.now.getTime() - (ABANDONED_IMAGE_HOURS + 1) * 3_600_000).toISOString();
    const recent = new Date(p.clock.now.getTime() - (ABANDONED_IMAGE_HOURS - 1) * 3_600_000).toISOString();
    const insert = async (uploadedAt: string) =>
      Number(
        (
          await p
            .db("promotion_images")
            .insert({ ...keep, uploaded_at: uploadedAt })
            .returning("id")
        )[0].id,
      );
    const [abandoned, named, fresh] = [await insert(old), await insert(old), await insert(recent)];
    const stamp = p.clock.now.toISOString();
    const [promotion] = await p
      .db("promotions")
      .insert({
        kind: "banner",
        title: "Named image",
        image: `/promo-image/${named}`,
        starts_on: "2026-01-01",
        ends_on: "2026-12-31",
        position: 999,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id");
    try {
      const sent = await upload(PROMO_IMAGES[0].bytes, "image/png");
      expect(sent.status).toBe(201);
      const left = (await p.db("promotion_images").whereIn("id", [abandoned, named, fresh]).pluck("id")).map(Number);
      expect(left.sort((a, b) => a - b)).toEqual([named, fresh]);
      const audit = await p
        .db("audit_log")
        .where({ service: "admin/promotion-image", record_id: String(sent.body.id) })
        .orderBy("id", "desc")
        .first("summary");
      expect(audit.summary).toMatch(/; \d+ abandoned uploads? removed$/);
    } finally {
      await p.db("promotions").where("id", Number(promotion.id)).delete();
    }
  });

  it.each(PROMO_IMAGES.map((image) => [image.kind, image] as const))(
    "a %s is kept with the type its bytes say, whatever type was declared, and served back byte for byte",
    async (_kind, image) => {
      const sent = await upload(image.bytes, "application/octet-stream");
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({ id: expect.any(Number), contentType: image.type, size: image.bytes.length });
      const row = await p.db("promotion_images").where("id", sent.body.id).first();
      expect(row.content_type).toBe(image.type);
      expect(Number(row.size)).toBe(image.bytes.length);
      expect(Number(row.uploaded_by_user_id)).toBeGreaterThan(0);

      // any logged-in caller (a customer's user on the dashboard) gets the bytes with their type, cacheable for good
      const served = await fetch(`${p.url}/api/promotion-image/${sent.body.id}`, {
        headers: { authorization: `Bearer ${tokens.buyer}` },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(image.type);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
      expect(Buffer.from(await served.arrayBuffer()).equals(image.bytes)).toBe(true);
    },
  );

  it("a PNG declared as a JPEG is a PNG: the bytes decide", async () => {
    const sent = await upload(PROMO_IMAGES[0].bytes, "image/jpeg");
    expect(sent.status).toBe(201);
    expect(sent.body.contentType).toBe("image/png");
  });

  it("bytes that are no picture, an empty body, one over 2 MB, or no bytes at all: 4xx under `image`, nothing kept", async () => {
    const before = await count();
    const wrong = await upload(NOT_A_PICTURE, "image/png");
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      image: "The image must be a PNG, JPEG or WebP picture: this file is none of them",
    });
    const empty = await upload(Buffer.alloc(0), "image/png");
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ image: "Choose an image file (PNG, JPEG or WebP)" });
    // a JSON body (or form) carries no bytes
    const json = await p.api("POST", "/api/admin/promotion-image", { token: tokens.admin, body: { image: "x" } });
    expect(json.status).toBe(400);
    expect(Object.keys(json.body.errors)).toEqual(["image"]);
    // over the limit: refused as it is read, before any of it is kept
    const big = await upload(tooLargePng(), "image/png");
    expect(big.status).toBe(413);
    expect(tooLargePng().length).toBe(PROMO_IMAGE_LIMIT + 1);
    expect(await count()).toBe(before);
  });

  it("exactly 2 MB is taken", async () => {
    const png = PROMO_IMAGES[0].bytes;
    const sent = await upload(Buffer.concat([png, Buffer.alloc(PROMO_IMAGE_LIMIT - png.length)]), "image/png");
    expect(sent.status).toBe(201);
    expect(sent.body.size).toBe(PROMO_IMAGE_LIMIT);
  });

  it("a customer's user may not upload (403); nobody without a token (401); nothing kept", async () => {
    const before = await count();
    expect((await upload(PROMO_IMAGES[0].bytes, "image/png", tokens.buyer)).status).toBe(403);
    const anonymous = await fetch(`${p.url}/api/admin/promotion-image`, {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: new Uint8Array(PROMO_IMAGES[0].bytes),
    });
    expect(anonymous.status).toBe(401);
    expect(await count()).toBe(before);
  });
});

describe("GET /api/promotion-image/:imageId", () => {
  it("an unknown or malformed id is a 404; no token is a 401", async () => {
    expect((await p.api("GET", "/api/promotion-image/999999", { token: tokens.buyer })).status).toBe(404);
    expect((await p.api("GET", "/api/promotion-image/abc", { token: tokens.buyer })).status).toBe(404);
    expect((await p.api("GET", "/api/promotion-image/1")).status).toBe(401);
  });
});

describe("a promotion's uploaded image", () => {
  it("names a kept image: an unknown one is refused under `image`, a kept one and a typed path are saved", async () => {
    const kept = await upload(PROMO_IMAGES[2].bytes, "image/webp");
    const promo = (image: string) => ({
      kind: "banner",
      title: `With ${image}`,
      startsOn: "2026-11-21",
      endsOn: "2026-11-30",
      image,
    });
    const unknown = await p.api("POST", "/api/admin/promotion", {
      token: tokens.admin,
      body: promo("/promo-image/999999"),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ image: "names an uploaded image that does not exist" });
    const uploaded = await p.api("POST", "/api/admin/promotion", {
      token: tokens.admin,
      body: promo(`/promo-image/${kept.body.id}`),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.image).toBe(`/promo-image/${kept.body.id}`);
    // a path typed before uploads existed keeps working
    const typed = await p.api("POST", "/api/admin/promotion", {
      token: tokens.admin,
      body: promo("/images/winter.png"),
    });
    expect(typed.status).toBe(201);
    expect(typed.body.image).toBe("/images/winter.png");
  });
});
