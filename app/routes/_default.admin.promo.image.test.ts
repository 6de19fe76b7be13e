import { describe, expect, it } from "vitest";
import { PROMO_IMAGE_LIMIT } from "~/domain/promo-image";
import { NOT_A_PICTURE, PROMO_IMAGES, tooLargePng } from "../../tests/fixtures/promo-images";
import { get, locationOf, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { adminPromoHandlers, promotion } from "../../tests/mocks/upstream/admin-promo";
import { action } from "./_default.admin.promo.$promoId";
import { action as newAction } from "./_default.admin.promo.new";
import { loader as imageLoader } from "./promo-image.$id";

// Issue 34 item 4 (decision 165): the promotion form as one multipart form — the image uploaded (PNG, JPEG or WebP by
// its bytes, at most 2 MB: refused under its field with nothing sent; kept by the provider, then the promotion saved
// with its /promo-image/{id}); the Find buttons inside the form keep every typed value; /promo-image/{id} serves it.
const t = useRouteTest();

function setUp(options: { evolve?: boolean; refuseImages?: string } = {}) {
  const mock = adminPromoHandlers({ refuseImages: options.refuseImages });
  mock.promotions.set("3", promotion(3, { image: "/images/winter.jpg" }));
  t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
  return mock;
}
const newPromo = t.route("/admin/promo/new", { action: newAction });
const promo = t.route("/admin/promo/:promoId", { action });
const image = t.route("/promo-image/:id", { loader: imageLoader });

const FIELDS: Array<[string, string]> = [
  ["intent", "save"],
  ["kind", "banner"],
  ["title", "Winter warmers"],
  ["text", "Fleeces for the cold months"],
  ["image", ""],
  ["link", ""],
  ["itemId", ""],
  ["startsOn", "2026-12-01"],
  ["endsOn", "2026-12-24"],
  ["audience", "all"],
];

/** The form posted as the browser posts it: multipart, the file under `imageFile` (named and typed as given). */
function send(
  promoId: string,
  fields: Array<[string, string]>,
  file?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  form.append(
    "imageFile",
    file ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type }) : new File([], "", { type: "" }),
  );
  return promoId === "new" ? newPromo.send(form) : promo.send(form, { params: { promoId } });
}
type Answer = {
  init: ResponseInit | null;
  data: {
    ok: false;
    fieldErrors: Record<string, string>;
    formError: string | null;
    values: Record<string, string> | null;
    found?: { productQ: string; customerQ: string; products: unknown[]; customers: Array<{ label: string }> };
  };
};

describe("/admin/promo/new: the image uploaded", () => {
  it.each(PROMO_IMAGES.map((image) => [image.kind, image] as const))(
    "a %s: its bytes to the provider, then the promotion with its /promo-image/{id}",
    async (_kind, image) => {
      const { writes, images } = setUp();
      // named and declared as something else: the bytes decide
      const result = await send("new", FIELDS, { bytes: image.bytes, name: "banner.txt", type: "text/plain" });
      expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
        "POST /api/admin/promotion-image",
        "POST /api/admin/promotion",
      ]);
      expect(writes[0].body).toEqual({ contentType: "application/octet-stream", size: image.bytes.length });
      expect(images.get("1")?.type).toBe(image.type);
      expect(writes[1].body).toMatchObject({ title: "Winter warmers", image: "/promo-image/1" });
      expect(locationOf(result)).toBe("/admin/promo");
      expect(await toastOf(result)).toEqual({ kind: "success", message: "Promotion 'Winter warmers' created" });
    },
  );

  it.each([
    [
      "bytes that are no picture (named .png, typed image/png)",
      { bytes: NOT_A_PICTURE, name: "photo.png", type: "image/png" },
      "The image must be a PNG, JPEG or WebP picture: this file is none of them",
    ],
    [
      "a picture one byte over 2 MB",
      { bytes: tooLargePng(), name: "huge.png", type: "image/png" },
      "The image can be at most 2 MB (2,048 KB): this one is 2,049 KB",
    ],
  ])("%s: 400 under the image field, what was typed kept, nothing sent", async (_label, file, message) => {
    const { writes } = setUp();
    const result = (await send("new", FIELDS, file)) as Answer;
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ imageFile: message });
    expect(result.data.values).toMatchObject({ title: "Winter warmers", startsOn: "2026-12-01" });
    expect(writes).toEqual([]);
    expect(file.bytes.length <= PROMO_IMAGE_LIMIT).toBe(message.startsWith("The image must"));
  });

  it("another field refused: nothing uploaded, nothing saved", async () => {
    const { writes } = setUp();
    const result = (await send(
      "new",
      FIELDS.map(([k, v]) => [k, k === "title" ? "" : v] as [string, string]),
      { bytes: PROMO_IMAGES[0].bytes, name: "a.png", type: "image/png" },
    )) as Answer;
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ title: "Enter a title" });
    expect(writes).toEqual([]);
  });

  it("refused by the provider: its message under the image field, no promotion saved", async () => {
    const { writes } = setUp({ refuseImages: "The image store is full" });
    const result = (await send("new", FIELDS, {
      bytes: PROMO_IMAGES[1].bytes,
      name: "a.jpg",
      type: "image/jpeg",
    })) as Answer;
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ imageFile: "The image store is full" });
    expect(result.data.values).toMatchObject({ title: "Winter warmers" });
    expect(writes.map((w) => w.path)).toEqual(["/api/admin/promotion-image"]);
  });
});

describe("/admin/promo/{id}: the image it has", () => {
  it("no new file keeps the image it had (a typed path from before uploads); Remove sends none", async () => {
    const { writes } = setUp();
    const keep = FIELDS.filter(([k]) => k !== "kind" && k !== "image");
    await send("3", [...keep, ["image", "/images/winter.jpg"]]);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "PATCH", body: { image: "/images/winter.jpg" } });
    await send("3", [...keep, ["image", "/images/winter.jpg"], ["removeImage", "on"]]);
    expect(writes[1]).toMatchObject({ method: "PATCH", body: { image: null } });
  });

  it("a new file replaces it", async () => {
    const { writes } = setUp();
    const keep = FIELDS.filter(([k]) => k !== "kind" && k !== "image");
    await send("3", [...keep, ["image", "/images/winter.jpg"]], {
      bytes: PROMO_IMAGES[2].bytes,
      name: "new.webp",
      type: "image/webp",
    });
    expect(writes.map((w) => w.path)).toEqual(["/api/admin/promotion-image", "/api/admin/promotion/3"]);
    expect(writes[1].body).toMatchObject({ image: "/promo-image/1" });
  });
});

describe("the product and customer search inside the form", () => {
  it("Find products: the products found, every typed value kept, nothing saved (200)", async () => {
    const { writes, queries } = setUp();
    const typed: Array<[string, string]> = [
      ...FIELDS.filter(([k]) => k !== "intent" && k !== "title"),
      ["title", "Half typed"],
      ["productQ", "vest"],
      ["customerQ", "harb"],
      ["intent", "search-products"],
    ];
    const result = (await send("new", typed)) as Answer;
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data.values).toMatchObject({
      title: "Half typed",
      text: "Fleeces for the cold months",
      startsOn: "2026-12-01",
      endsOn: "2026-12-24",
    });
    expect(result.data.found?.productQ).toBe("vest");
    expect(result.data.found?.products).toEqual([{ value: "20001", label: "Hi-Vis Vest (HV100)" }]);
    expect(result.data.found?.customerQ).toBe("harb");
    expect(result.data.found?.customers.map((c) => c.label)).toEqual(["Harbour Health Trust"]);
    expect(Object.fromEntries(queries.products[0])).toMatchObject({ q: "vest" });
    expect(writes).toEqual([]);
  });

  it("Find customers on a promotion's page keeps its values and offers its own product", async () => {
    const { writes } = setUp();
    const result = (await send("3", [
      ...FIELDS.filter(([k]) => k !== "intent" && k !== "kind"),
      ["intent", "search-customers"],
      ["customerQ", "north"],
    ])) as Answer;
    expect(result.data.values).toMatchObject({ title: "Winter warmers" });
    expect(result.data.found?.customers.map((c) => c.label)).toEqual(["Northwind Facilities"]);
    expect(writes).toEqual([]);
  });
});

describe("/promo-image/{id}", () => {
  it("the provider's image with its type, nosniff and a year's private caching; unknown or not an id → 404", async () => {
    const { images } = setUp();
    images.set("7", { bytes: PROMO_IMAGES[1].bytes, type: "image/jpeg" });
    const served = (await image.load({ params: { id: "7" } })) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(PROMO_IMAGES[1].bytes)).toBe(true);
    for (const id of ["8", "x1"]) {
      const missing = (await image.load({ params: { id } })) as Response;
      expect(missing.status).toBe(404);
    }
  });

  it("nobody logged in is sent to log in", async () => {
    setUp();
    const result = await t.run(imageLoader, get("/promo-image/1"), { id: "1" });
    expect(locationOf(result)).toMatch(/^\/login/);
  });
});

describe("a non-evolve user", () => {
  it("may not upload: sent home, nothing sent", async () => {
    const { writes } = setUp({ evolve: false });
    const result = await send("new", FIELDS, { bytes: PROMO_IMAGES[0].bytes, name: "a.png", type: "image/png" });
    expect(locationOf(result)).toBe("/");
    expect(writes).toEqual([]);
  });
});
