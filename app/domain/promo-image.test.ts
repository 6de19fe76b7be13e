import { describe, expect, it } from "vitest";
import { NOT_A_PICTURE, PROMO_IMAGES, tooLargePng } from "../../tests/fixtures/promo-images";
import { checkPromoImage, imageTypeOf, PROMO_IMAGE_LIMIT } from "./promo-image";

// Decision 165: a promotion image's type by its first bytes, whatever it is called; the rule portal and provider share.
const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

describe("imageTypeOf", () => {
  it.each(PROMO_IMAGES.map((i) => [i.kind, i] as const))("a real %s", (_kind, image) => {
    expect(imageTypeOf(image.bytes)).toBe(image.type);
  });

  it("the signatures alone, and what only looks like them", () => {
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull(); // one byte short
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xdb))).toBe("image/jpeg");
    expect(imageTypeOf(bytes(0xff, 0xd8))).toBeNull();
    expect(imageTypeOf(ascii("RIFF\x10\x00\x00\x00WEBPVP8 "))).toBe("image/webp");
    expect(imageTypeOf(ascii("RIFF\x10\x00\x00\x00WAVEfmt "))).toBeNull(); // a RIFF that is a sound
    expect(imageTypeOf(ascii("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(imageTypeOf(ascii("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(imageTypeOf(new Uint8Array(0))).toBeNull();
  });
});

describe("checkPromoImage", () => {
  it("a picture up to 2 MB is taken with its type; empty, larger or no picture is refused with its message", () => {
    const png = PROMO_IMAGES[0].bytes;
    const exactly = new Uint8Array(PROMO_IMAGE_LIMIT);
    exactly.set(png);
    expect(checkPromoImage(exactly)).toEqual({ ok: true, contentType: "image/png" });
    expect(checkPromoImage(tooLargePng())).toEqual({
      ok: false,
      message: "The image can be at most 2 MB (2,048 KB): this one is 2,049 KB",
    });
    expect(checkPromoImage(new Uint8Array(0))).toEqual({
      ok: false,
      message: "Choose an image file (PNG, JPEG or WebP)",
    });
    expect(checkPromoImage(NOT_A_PICTURE)).toEqual({
      ok: false,
      message: "The image must be a PNG, JPEG or WebP picture: this file is none of them",
    });
  });
});
