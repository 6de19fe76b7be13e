import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTS, imagePath } from "./catalogue";
import { GARMENT_FAMILIES, catalogueImages, familyOf, garmentSvg, placeholderSvg } from "./images";

/** The silhouette a drawing is clipped to: its outline. */
function outlineOf(svg: string): string {
  const match = svg.match(/<clipPath id="[^"]+"><path d="([^"]+)"\/><\/clipPath>/);
  if (!match) throw new Error("no outline");
  return match[1];
}

const byCode = (code: string) => PRODUCTS.find((p) => p.code === code)!;

describe("product images (decision 089)", () => {
  it("draws each garment family with an outline of its own", () => {
    const outlines = GARMENT_FAMILIES.map((family) => outlineOf(garmentSvg({ title: family, family, hex: "#1f2a44" })));
    expect(new Set(outlines).size).toBe(GARMENT_FAMILIES.length);
  });

  it("tells a bomber, a softshell and a parka apart (the garments issue 14 saw drawn alike)", () => {
    const families = ["HV200", "HV210", "HV220"].map((code) => familyOf(byCode(code)));
    expect(families).toEqual(["bomber", "softshell", "parka"]);
    const images = catalogueImages();
    const outlines = ["HV200", "HV210", "HV220"].map((code) =>
      outlineOf(images.get(imagePath(byCode(code), { name: "Orange", hex: "" }))!),
    );
    expect(new Set(outlines).size).toBe(3);
  });

  it("picks a family from the product's name within its shape, else the shape's own", () => {
    expect(familyOf({ name: "Safety Trainer S1P", shape: "boot" })).toBe("trainer");
    expect(familyOf({ name: "Rail Spec Orange Cargo Trousers", shape: "trousers" })).toBe("cargo-trousers");
    expect(familyOf({ name: "Rail Boot S3 HRO", shape: "boot" })).toBe("rail-boot");
    expect(familyOf({ name: "Nitrile Examination Gloves (box of 100)", shape: "glove" })).toBe("disposable-glove");
    expect(familyOf({ name: "Lace-Up Hiker Boot S3", shape: "boot" })).toBe("hiker-boot");
    expect(familyOf({ name: "Unheard-of Jacket", shape: "jacket" })).toBe("work-jacket");
    // every product in the seed gets a family
    for (const product of PRODUCTS) expect(GARMENT_FAMILIES).toContain(familyOf(product));
  });

  it("fills the garment with the variant's colour", () => {
    const yellow = garmentSvg({ title: "Vest, Yellow", family: "vest", hex: "#e8f000" });
    const orange = garmentSvg({ title: "Vest, Orange", family: "vest", hex: "#ff7a00" });
    expect(yellow).toContain('fill="#e8f000"');
    expect(orange).toContain('fill="#ff7a00"');
    expect(orange).not.toContain("#e8f000");
    expect(outlineOf(yellow)).toBe(outlineOf(orange));
    // each colour of a product is its own file in its own colour
    const images = catalogueImages();
    for (const product of PRODUCTS) {
      for (const color of product.colors)
        expect(images.get(imagePath(product, color))).toContain(`fill="${color.hex}"`);
    }
  });

  it("puts reflective tape on hi-vis only", () => {
    const tape = 'fill="#c8cdd3"';
    expect(garmentSvg({ title: "Bomber", family: "bomber", hex: "#ff7a00", reflective: true })).toContain(tape);
    expect(garmentSvg({ title: "Bomber", family: "bomber", hex: "#ff7a00" })).not.toContain(tape);
    const images = catalogueImages();
    expect(images.get("/images/products/hv100-yellow.svg")).toContain(tape);
    expect(images.get("/images/products/ps100-navy.svg")).not.toContain(tape);
  });

  it("has a title and no caption, and stays small", () => {
    const images = catalogueImages();
    expect(images.get("/images/products/hv220-orange.svg")).toContain(
      "<title>Rail Spec Orange Parka GO/RT 3279, Orange</title>",
    );
    for (const [file, svg] of images) {
      expect(svg, file).not.toContain("<text");
      expect(svg, file).toMatch(/<title>[^<]+<\/title>/);
      expect(Buffer.byteLength(svg), file).toBeLessThan(4096);
    }
    expect(placeholderSvg()).toContain("<title>Image coming soon</title>");
  });

  it("keeps the committed files as the generator draws them", () => {
    const publicDir = path.resolve(__dirname, "../../../public");
    for (const [file, svg] of catalogueImages())
      expect(fs.readFileSync(path.join(publicDir, file), "utf8"), file).toBe(svg);
  });

  it("the favicon is the logo's mark, and each logo names the portal", () => {
    const publicDir = path.resolve(__dirname, "../../../public");
    const favicon = fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8");
    const mark = favicon.match(/<\/title>(.*)<\/svg>/s)?.[1] ?? "";
    expect(mark).toContain('fill="#f2c200"');
    for (const file of ["logo.svg", "images/logo-on-light.svg"]) {
      const logo = fs.readFileSync(path.join(publicDir, file), "utf8");
      expect(logo, file).toContain(mark);
      expect(logo, file).toContain("<title>Workwear ordering portal</title>");
    }
  });
});
