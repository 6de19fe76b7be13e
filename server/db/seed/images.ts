/**
 * Product images as small hand-drawn SVGs: one garment silhouette per shape, filled with the colour,
 * with reflective bands on hi-vis. Committed under public/images/products; regenerate with
 * `npx tsx server/db/seed/images.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PRODUCTS, imagePath } from "./catalogue";

export type GarmentShape =
  | "vest" | "jacket" | "trousers" | "polo" | "tunic" | "coverall" | "boot" | "glove" | "helmet" | "glasses";

const SILHOUETTES: Record<GarmentShape, string> = {
  vest: "M140 60 L180 60 Q200 110 220 60 L260 60 L300 120 L300 340 L100 340 L100 120 Z",
  jacket: "M150 50 L250 50 L330 100 L360 250 L320 260 L300 160 L300 350 L100 350 L100 160 L80 260 L40 250 L70 100 Z",
  polo: "M150 60 L180 60 L200 90 L220 60 L250 60 L340 110 L310 170 L290 160 L290 340 L110 340 L110 160 L90 170 L60 110 Z",
  tunic: "M150 55 L185 55 L200 110 L215 55 L250 55 L330 100 L305 165 L290 155 L295 350 L105 350 L110 155 L95 165 L70 100 Z",
  trousers: "M120 50 L280 50 L300 350 L225 350 L200 140 L175 350 L100 350 Z",
  coverall: "M160 40 L240 40 L300 80 L340 200 L310 210 L285 130 L285 220 L300 360 L225 360 L200 240 L175 360 L100 360 L115 220 L115 130 L90 210 L60 200 L100 80 Z",
  boot: "M120 80 L210 80 L215 230 L320 260 Q345 270 340 300 L340 320 L90 320 L95 240 Z",
  glove: "M130 340 L130 200 L110 130 Q110 115 125 118 L150 180 L150 80 Q160 65 170 80 L175 170 L185 65 Q197 52 207 67 L205 170 L222 78 Q235 66 243 82 L235 180 L258 110 Q272 102 275 118 L265 220 L265 340 Z",
  helmet: "M90 260 Q90 110 200 100 Q310 110 310 260 L345 270 L345 290 L55 290 L55 270 Z",
  glasses: "M60 180 L340 180 L330 240 Q300 280 240 250 L215 215 L185 215 L160 250 Q100 280 70 240 Z",
};

/** Where reflective tape goes (y positions, as bands across the silhouette). */
const BANDS: Partial<Record<GarmentShape, number[]>> = {
  vest: [230, 280],
  jacket: [250, 300],
  trousers: [270, 310],
  coverall: [180, 300],
};

export function productSvg(opts: { label: string; hex: string; shape: GarmentShape; reflective?: boolean }): string {
  const id = `clip-${opts.shape}`;
  const outline = shade(opts.hex, -0.35);
  const bands = opts.reflective
    ? (BANDS[opts.shape] ?? [])
        .map((y) => `<rect x="0" y="${y}" width="400" height="18" fill="#c9cdd2" clip-path="url(#${id})"/>`)
        .join("")
    : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(opts.label)}">`,
    `<defs><clipPath id="${id}"><path d="${SILHOUETTES[opts.shape]}"/></clipPath></defs>`,
    `<rect width="400" height="400" fill="#f5f6f8"/>`,
    `<path d="${SILHOUETTES[opts.shape]}" fill="${opts.hex}" stroke="${outline}" stroke-width="4" stroke-linejoin="round"/>`,
    bands,
    `<text x="200" y="388" font-family="Arial, sans-serif" font-size="16" fill="#555" text-anchor="middle">${escapeXml(opts.label)}</text>`,
    `</svg>`,
    "",
  ].join("\n");
}

export function placeholderSvg(): string {
  return productSvg({ label: "Image coming soon", hex: "#d5d8dd", shape: "polo" });
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    return Math.max(0, Math.min(255, Math.round(c + c * amount)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, "0")).join("")}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Every image the catalogue refers to, as public-relative path → SVG text. */
export function catalogueImages(): Map<string, string> {
  const files = new Map<string, string>();
  for (const product of PRODUCTS) {
    for (const color of product.colors) {
      files.set(
        imagePath(product, color),
        productSvg({ label: `${product.name} – ${color.name}`, hex: color.hex, shape: product.shape, reflective: product.reflective }),
      );
    }
  }
  files.set("/images/products/placeholder.svg", placeholderSvg());
  return files;
}

export function writeImages(publicDir: string): number {
  const files = catalogueImages();
  for (const [rel, svg] of files) {
    const target = path.join(publicDir, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, svg);
  }
  return files.size;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const publicDir = fileURLToPath(new URL("../../../public", import.meta.url));
  console.log(`wrote ${writeImages(publicDir)} images under ${publicDir}/images/products`);
}
