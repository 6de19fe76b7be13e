// Issue 34 item 4 (decision 165): a promotion's image, uploaded on its form and kept by the provider. One rule for the
// portal (before it sends) and the provider (before it stores): a PNG, JPEG or WebP picture by its first bytes, never
// by its file name or declared type, of at most 2 MB.

/** The largest image a promotion takes: 2 MB. */
export const PROMO_IMAGE_LIMIT = 2 * 1024 * 1024;

export const PROMO_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type PromoImageType = (typeof PROMO_IMAGE_TYPES)[number];

/** The path an uploaded image is served at by the portal (its id is the provider's). */
export const promoImagePath = (id: number | string) => `/promo-image/${id}`;

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** The picture's type by its magic number: PNG's signature, JPEG's SOI marker, WebP's RIFF….WEBP header; else null. */
export function imageTypeOf(bytes: Uint8Array): PromoImageType | null {
  if (startsWith(bytes, 0, PNG)) return "image/png";
  if (startsWith(bytes, 0, JPEG)) return "image/jpeg";
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return "image/webp";
  return null;
}

const kilobytes = (n: number) => `${Math.ceil(n / 1024).toLocaleString("en-GB")} KB`;

export const IMAGE_MISSING = "Choose an image file (PNG, JPEG or WebP)";
export const IMAGE_TOO_LARGE = (size: number) =>
  `The image can be at most ${PROMO_IMAGE_LIMIT / (1024 * 1024)} MB (${kilobytes(PROMO_IMAGE_LIMIT)}): this one is ${kilobytes(size)}`;
export const IMAGE_NOT_A_PICTURE = "The image must be a PNG, JPEG or WebP picture: this file is none of them";

/** The rule: the image's type, or the one message saying why it is refused. */
export function checkPromoImage(
  bytes: Uint8Array,
): { ok: true; contentType: PromoImageType } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: IMAGE_MISSING };
  if (bytes.length > PROMO_IMAGE_LIMIT) return { ok: false, message: IMAGE_TOO_LARGE(bytes.length) };
  const contentType = imageTypeOf(bytes);
  return contentType ? { ok: true, contentType } : { ok: false, message: IMAGE_NOT_A_PICTURE };
}
