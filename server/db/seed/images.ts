/**
 * Product images as small generated SVGs (decision 089): one drawing per garment family (a bomber, a softshell and
 * a parka each look like themselves), in the variant's colour, with reflective tape on hi-vis. No caption: the
 * product's name is on the page; each file keeps a <title>. Committed under public/images/products; regenerate with
 * `npx tsx server/db/seed/images.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PRODUCTS, imagePath, type ProductDef } from "./catalogue";

/** The seed's coarse shape of a product (also its wearer-pack allocation group); the drawing is by family. */
export type GarmentShape =
  "vest" | "jacket" | "trousers" | "polo" | "tunic" | "coverall" | "boot" | "glove" | "helmet" | "glasses";

export const GARMENT_FAMILIES = [
  "vest",
  "bomber",
  "softshell",
  "parka",
  "rain-jacket",
  "fleece",
  "work-jacket",
  "cardigan",
  "polo",
  "t-shirt",
  "tunic",
  "scrub-top",
  "trousers",
  "cargo-trousers",
  "slim-trousers",
  "scrub-trousers",
  "coverall",
  "dealer-boot",
  "hiker-boot",
  "rail-boot",
  "trainer",
  "clog",
  "coated-glove",
  "rigger-glove",
  "disposable-glove",
  "hard-hat",
  "glasses",
] as const;
export type GarmentFamily = (typeof GARMENT_FAMILIES)[number];

/** A shape's family when the product's name says no more. */
const FAMILY_OF_SHAPE: Record<GarmentShape, GarmentFamily> = {
  vest: "vest",
  jacket: "work-jacket",
  trousers: "trousers",
  polo: "polo",
  tunic: "tunic",
  coverall: "coverall",
  boot: "hiker-boot",
  glove: "coated-glove",
  helmet: "hard-hat",
  glasses: "glasses",
};

/** The words in a product's name that pick a family within its shape; the first match wins. */
const FAMILY_BY_NAME: [GarmentShape, RegExp, GarmentFamily][] = [
  ["jacket", /bomber/i, "bomber"],
  ["jacket", /softshell/i, "softshell"],
  ["jacket", /parka/i, "parka"],
  ["jacket", /fleece/i, "fleece"],
  ["jacket", /waterproof|\brain\b/i, "rain-jacket"],
  ["jacket", /cardigan/i, "cardigan"],
  ["polo", /t-shirt|\btee\b/i, "t-shirt"],
  ["tunic", /scrub top/i, "scrub-top"],
  ["trousers", /scrub/i, "scrub-trousers"],
  ["trousers", /cargo|craftsman/i, "cargo-trousers"],
  ["trousers", /stretch|slim/i, "slim-trousers"],
  ["boot", /dealer/i, "dealer-boot"],
  ["boot", /rail/i, "rail-boot"],
  ["boot", /trainer|shoe/i, "trainer"],
  ["boot", /clog/i, "clog"],
  ["glove", /rigger/i, "rigger-glove"],
  ["glove", /nitrile|examination|disposable/i, "disposable-glove"],
];

export function familyOf(product: Pick<ProductDef, "name" | "shape">): GarmentFamily {
  const named = FAMILY_BY_NAME.find(([shape, words]) => shape === product.shape && words.test(product.name));
  return named?.[2] ?? FAMILY_OF_SHAPE[product.shape];
}

// ── Geometry ──────────────────────────────────────────────────────────────────────────────────────────────────

type Pt = readonly [number, number];
const C = 200; // the drawings are symmetric about x = 200 in a 400 × 400 box

const mirror = ([x, y]: Pt): Pt => [2 * C - x, y];
const pts = (points: readonly Pt[]) => points.map(([x, y]) => `${x} ${y}`).join(" L");

/**
 * A symmetric outline from its right half: `right` runs from the neck's right corner down the side to the hem's
 * right corner (or the crotch, for legs); the left half is its mirror; `neck` joins the left neck corner to the right.
 */
function symmetric(right: readonly Pt[], neck: (from: Pt, to: Pt) => string): string {
  const left = [...right].reverse().map(mirror);
  const from = left[left.length - 1];
  return `M${from[0]} ${from[1]} ${neck(from, right[0])} L${pts(right)} L${pts(left)} Z`;
}

const roundNeck = (depth: number) => (_from: Pt, to: Pt) => `Q${C} ${to[1] + depth} ${to[0]} ${to[1]}`;
const vNeck = (depth: number) => (_from: Pt, to: Pt) => `L${C} ${to[1] + depth} L${to[0]} ${to[1]}`;

interface TopSpec {
  neckW: number;
  neckY: number;
  neck: (from: Pt, to: Pt) => string;
  sleeve: "none" | "short" | "long";
  /** half the width at the shoulder, armpit and hem */
  shoulder: number;
  body: number;
  hem: number;
  hemY: number;
}

/** Upper garments: a body with no, short or long sleeves. */
function top(spec: TopSpec): string {
  const s: Pt = [C + spec.shoulder, spec.neckY + 18];
  const armpit: Pt = [C + spec.body, spec.sleeve === "none" ? 150 : 145];
  const sleeve: Pt[] =
    spec.sleeve === "long"
      ? [
          [C + spec.shoulder + 72, 292],
          [C + spec.shoulder + 26, 304],
        ]
      : spec.sleeve === "short"
        ? [
            [C + spec.shoulder + 52, 150],
            [C + spec.shoulder + 14, 172],
          ]
        : [[C + spec.body - 8, 118]];
  return symmetric([[C + spec.neckW, spec.neckY], s, ...sleeve, armpit, [C + spec.hem, spec.hemY]], spec.neck);
}

interface LegSpec {
  waist: number;
  waistY: number;
  hip: number;
  /** half the width at the hem, outside and inside */
  outer: number;
  inner: number;
  hemY: number;
  crotchY: number;
}

function legs(spec: LegSpec): string {
  return symmetric(
    [
      [C + spec.waist, spec.waistY],
      [C + spec.hip, spec.waistY + 80],
      [C + spec.outer, spec.hemY],
      [C + spec.inner, spec.hemY],
      [C, spec.crotchY],
    ],
    (_from, to) => `L${to[0]} ${to[1]}`,
  );
}

// ── Drawings ──────────────────────────────────────────────────────────────────────────────────────────────────

/** What a family's drawing is made of; `detail` and `bands` draw on top, in the garment's own shades. */
interface Drawing {
  /** the silhouette: filled with the colour, outlined in a darker shade */
  outline: string;
  /** parts behind the silhouette (a hood) in the colour */
  behind?: string;
  /** detail strokes (seams, zips, pockets) drawn in the outline colour */
  detail?: string;
  /** y positions of reflective tape on hi-vis, across the silhouette */
  bands?: number[];
  /** braces of tape over the shoulders, down to the first band: their x (left of centre; mirrored) */
  braces?: number;
  /** shapes in a darker shade of the colour (ribbed cuffs, a coated palm), clipped to the silhouette */
  dark?: string;
  /** the lower part in navy (a two-tone softshell), from this y */
  twoToneFrom?: number;
  /** a sole or lens under/over the drawing, in its own colour */
  extra?: (hex: string) => string;
}

const line = (d: string) => `<path d="${d}" fill="none"/>`;
const zip = (from: number, to: number) => line(`M${C} ${from} V${to}`);
const pocket = (x: number, y: number, w: number, h: number, flap = false) =>
  line(`M${x} ${y} h${w} v${h} h${-w} Z`) + (flap ? line(`M${x - 2} ${y} h${w + 4} v12 h${-w - 4} Z`) : "");
/** A detail on the left and its mirror image on the right. */
const pair = (f: (x: number) => string, x: number) => f(x) + `<g transform="matrix(-1 0 0 1 ${2 * C} 0)">${f(x)}</g>`;
const studs = (x: number, ys: number[]) => ys.map((y) => `<circle cx="${x}" cy="${y}" r="4"/>`).join("");
const rib = (x: number, y: number, w: number, h: number, step = 8) =>
  Array.from({ length: Math.floor(w / step) - 1 }, (_, i) => `M${x + (i + 1) * step} ${y} v${h}`).join(" ");

const SOLE = "#2d2f33";

const DRAWINGS: Record<GarmentFamily, Drawing> = {
  vest: {
    outline: top({
      neckW: 34,
      neckY: 52,
      neck: vNeck(120),
      sleeve: "none",
      shoulder: 70,
      body: 92,
      hem: 94,
      hemY: 340,
    }),
    detail: line(`M${C} 172 V340`) + pocket(236, 110, 34, 40),
    bands: [238, 290],
    braces: 164,
  },
  bomber: {
    outline: top({
      neckW: 34,
      neckY: 48,
      neck: roundNeck(26),
      sleeve: "long",
      shoulder: 86,
      body: 84,
      hem: 84,
      hemY: 300,
    }),
    detail: zip(74, 300) + line("M170 48 Q200 40 230 48") + pair((x) => line(`M${x} 200 l18 -22`), 140),
    dark: "M0 272 H400 V312 H0 Z",
    bands: [200, 244],
    braces: 160,
  },
  softshell: {
    outline: top({
      neckW: 30,
      neckY: 40,
      neck: roundNeck(10),
      sleeve: "long",
      shoulder: 84,
      body: 80,
      hem: 82,
      hemY: 330,
    }),
    detail: zip(40, 330) + line("M170 40 V62 Q200 70 230 62 V40") + pair((x) => line(`M${x} 170 l26 -10`), 128),
    twoToneFrom: 236,
    bands: [200],
  },
  parka: {
    behind: "M150 70 Q138 0 200 -4 Q262 0 250 70 Z",
    outline: top({
      neckW: 40,
      neckY: 58,
      neck: roundNeck(22),
      sleeve: "long",
      shoulder: 90,
      body: 88,
      hem: 98,
      hemY: 378,
    }),
    detail:
      line("M158 66 Q200 20 242 66") +
      zip(80, 378) +
      line("M210 80 V378") +
      pair((x) => pocket(x, 290, 52, 56, true), 126) +
      pair((x) => pocket(x, 130, 40, 40, true), 140),
    bands: [220, 262],
    braces: 162,
  },
  "rain-jacket": {
    behind: "M152 66 Q140 8 200 4 Q260 8 248 66 Z",
    outline: top({
      neckW: 38,
      neckY: 54,
      neck: roundNeck(18),
      sleeve: "long",
      shoulder: 88,
      body: 84,
      hem: 90,
      hemY: 350,
    }),
    detail:
      line("M160 62 Q200 22 240 62") +
      zip(72, 350) +
      line("M212 76 V350") +
      pair((x) => line(`M${x} 150 l36 0`), 132) +
      line("M110 300 Q200 312 290 300"),
  },
  fleece: {
    outline: top({
      neckW: 30,
      neckY: 34,
      neck: roundNeck(6),
      sleeve: "long",
      shoulder: 84,
      body: 80,
      hem: 80,
      hemY: 330,
    }),
    detail:
      zip(34, 330) +
      line("M170 34 V60 Q200 66 230 60 V34") +
      pair((x) => line(`M${x} 240 l12 44`), 140) +
      line("M120 312 H280"),
    dark: "M120 318 h160 v16 h-160 Z",
  },
  "work-jacket": {
    outline: top({
      neckW: 30,
      neckY: 50,
      neck: roundNeck(20),
      sleeve: "long",
      shoulder: 86,
      body: 82,
      hem: 84,
      hemY: 340,
    }),
    detail:
      line("M170 50 L186 96 L200 70 L214 96 L230 50") +
      line(`M${C} 70 V340`) +
      studs(214, [120, 170, 220, 270, 318]) +
      pair((x) => pocket(x, 118, 44, 52, true), 124) +
      line("M116 300 H284"),
  },
  cardigan: {
    outline: top({
      neckW: 34,
      neckY: 48,
      neck: vNeck(150),
      sleeve: "long",
      shoulder: 82,
      body: 78,
      hem: 80,
      hemY: 336,
    }),
    detail: studs(206, [214, 244, 274, 304]) + pair((x) => pocket(x, 250, 46, 46), 124),
    dark: `M120 318 h160 v22 h-160 Z M${C - 6} 198 L${C - 6} 340 L${C + 6} 340 L${C + 6} 198 Z`,
  },
  polo: {
    outline: top({
      neckW: 30,
      neckY: 58,
      neck: roundNeck(16),
      sleeve: "short",
      shoulder: 84,
      body: 80,
      hem: 80,
      hemY: 338,
    }),
    detail:
      line("M170 58 L160 92 L196 80 M230 58 L240 92 L204 80") + line("M192 74 V130 H208 V74") + studs(200, [92, 114]),
    dark: "M274 152 l56 -4 l4 8 l-52 20 Z M126 152 l-56 -4 l-4 8 l52 20 Z",
  },
  "t-shirt": {
    outline: top({
      neckW: 36,
      neckY: 58,
      neck: roundNeck(26),
      sleeve: "short",
      shoulder: 86,
      body: 80,
      hem: 80,
      hemY: 338,
    }),
    detail: line("M164 58 Q200 96 236 58") + line("M120 326 H280"),
  },
  tunic: {
    outline: top({
      neckW: 26,
      neckY: 54,
      neck: roundNeck(12),
      sleeve: "short",
      shoulder: 82,
      body: 80,
      hem: 86,
      hemY: 356,
    }),
    detail:
      line("M174 54 V74 Q200 80 226 74 V54") +
      line("M216 78 V356") +
      studs(228, [104, 150, 196, 242]) +
      pocket(138, 120, 30, 38) +
      pair((x) => pocket(x, 262, 48, 50), 126),
    dark: "M218 78 h-4 V356 h4 Z",
  },
  "scrub-top": {
    outline: top({
      neckW: 40,
      neckY: 56,
      neck: vNeck(70),
      sleeve: "short",
      shoulder: 88,
      body: 84,
      hem: 86,
      hemY: 330,
    }),
    detail:
      line("M160 56 L200 130 L240 56") +
      pocket(224, 150, 40, 44) +
      line("M236 150 V194") +
      pair((x) => line(`M${x} 300 v30`), 116),
  },
  trousers: {
    outline: legs({ waist: 72, waistY: 40, hip: 82, outer: 96, inner: 14, hemY: 372, crotchY: 150 }),
    detail:
      line("M128 64 H272") +
      line(`M${C} 64 V130`) +
      pair((x) => line(`M${x} 40 v24`), 150) +
      pair((x) => line(`M${x} 64 q0 34 -28 48`), 150),
    bands: [276, 318],
  },
  "cargo-trousers": {
    outline: legs({ waist: 72, waistY: 40, hip: 86, outer: 98, inner: 14, hemY: 372, crotchY: 150 }),
    detail:
      line("M128 64 H272") +
      line(`M${C} 64 V130`) +
      pair((x) => pocket(x, 150, 34, 54, true), 108) +
      pair((x) => pocket(x, 240, 48, 40), 124) +
      pair((x) => line(`M${x} 64 l-12 40`), 148),
    bands: [296, 336],
  },
  "slim-trousers": {
    outline: legs({ waist: 68, waistY: 40, hip: 78, outer: 74, inner: 10, hemY: 372, crotchY: 148 }),
    detail:
      line("M132 62 H268") +
      line(`M${C} 62 V128`) +
      pair((x) => line(`M${x} 150 v40`), 126) +
      pair((x) => line(`M${x} 220 l24 0`), 146),
  },
  "scrub-trousers": {
    outline: legs({ waist: 76, waistY: 46, hip: 88, outer: 100, inner: 18, hemY: 372, crotchY: 160 }),
    detail:
      line(`M${C} 64 q-16 30 -8 56 M${C} 64 q16 30 8 56`) + `<path d="${rib(124, 48, 152, 16, 10)}" fill="none"/>`,
    dark: "M120 46 h160 v20 h-160 Z",
  },
  coverall: {
    outline: symmetric(
      [
        [226, 40],
        [282, 62],
        [346, 270],
        [308, 282],
        [276, 148],
        [280, 214],
        [298, 372],
        [214, 372],
        [C, 232],
      ],
      roundNeck(14),
    ),
    detail:
      line("M174 40 L188 80 L200 62 L212 80 L226 40") +
      zip(62, 232) +
      line("M122 198 H278") +
      pair((x) => pocket(x, 100, 40, 46, true), 132) +
      pair((x) => pocket(x, 262, 30, 44, true), 118),
    bands: [180, 300],
    braces: 156,
  },
  "dealer-boot": {
    outline:
      "M110 96 Q112 88 120 88 L206 88 Q214 88 214 96 L220 206 Q300 214 336 250 Q352 268 350 300 L96 300 L100 210 Z",
    detail: line("M126 84 v-22 q14 -6 28 0 v22") + line("M108 160 H216"),
    dark: "M130 110 Q166 190 200 110 Z",
    extra: () => `<path d="M90 300 H356 Q362 300 360 312 L356 328 H92 Z" fill="${SOLE}"/>`,
  },
  "hiker-boot": {
    outline:
      "M104 84 Q106 70 124 68 L204 64 Q220 64 220 78 L226 190 Q304 202 338 238 Q356 260 354 292 L96 292 L98 200 Z",
    detail:
      line("M104 96 Q160 110 222 92") +
      line("M226 190 Q300 206 330 240") +
      [100, 126, 152, 178]
        .map((y, i) => `<circle cx="${212 + i * 3}" cy="${y}" r="4"/>${line(`M${200 + i * 3} ${y + 8} l22 -14`)}`)
        .join(""),
    dark: "M104 70 L222 64 L222 90 Q160 104 104 92 Z M282 218 Q330 236 352 272 L352 292 L290 292 Q300 250 282 218 Z",
    extra: () =>
      `<path d="M88 292 H362 Q368 292 366 306 L360 330 H90 Z" fill="${SOLE}"/>` +
      `<path d="M110 330 v8 h22 v-8 M160 330 v8 h22 v-8 M210 330 v8 h22 v-8 M260 330 v8 h22 v-8 M310 330 v8 h22 v-8" fill="${SOLE}"/>`,
  },
  "rail-boot": {
    outline:
      "M106 40 Q108 28 122 28 L208 26 Q222 26 222 40 L228 196 Q306 206 340 240 Q356 262 354 292 L96 292 L100 200 Z",
    detail:
      [54, 80, 106, 132, 158]
        .map((y, i) => `<circle cx="${214 + i * 2}" cy="${y}" r="4"/>${line(`M${202 + i * 2} ${y + 8} l22 -14`)}`)
        .join("") + line("M102 118 H224"),
    dark: "M284 224 Q330 240 352 272 L352 292 L292 292 Q300 252 284 224 Z",
    extra: () =>
      `<path d="M88 292 H362 Q368 292 366 306 L360 330 H90 Z" fill="${SOLE}"/>` +
      `<path d="M100 330 l12 14 l12 -14 M140 330 l12 14 l12 -14 M180 330 l12 14 l12 -14 M220 330 l12 14 l12 -14 M260 330 l12 14 l12 -14 M300 330 l12 14 l12 -14" fill="${SOLE}"/>`,
  },
  trainer: {
    outline: "M92 196 Q96 170 130 166 L200 160 Q214 160 222 176 Q300 196 340 226 Q360 244 358 270 L90 270 Z",
    detail:
      [172, 186, 200, 214].map((y, i) => line(`M${206 + i * 14} ${y + 4} l14 -10`)).join("") +
      line("M120 240 Q200 214 300 232") +
      line("M140 186 Q130 220 150 254"),
    dark: "M92 196 Q96 170 130 166 L136 166 Q124 200 128 270 L90 270 Z",
    extra: () =>
      `<path d="M84 270 H364 Q370 270 368 282 L362 298 H86 Z" fill="#e8e9eb" stroke="#9aa0a8" stroke-width="3"/>`,
  },
  clog: {
    outline: "M100 250 Q96 170 160 160 L236 158 Q330 160 352 230 Q360 254 352 270 L100 270 Z",
    detail:
      [
        [214, 190],
        [246, 184],
        [278, 192],
        [232, 216],
        [266, 216],
        [300, 214],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7"/>`)
        .join("") + line("M100 250 Q170 240 240 252"),
    extra: () =>
      `<path d="M94 270 H358 Q364 270 362 284 L356 300 H96 Z" fill="#e8e9eb" stroke="#9aa0a8" stroke-width="3"/>`,
  },
  "coated-glove": {
    outline:
      "M132 360 L130 206 L106 136 Q104 114 124 116 L150 176 L150 76 Q160 58 172 76 L176 168 L186 60 Q198 44 210 62 L206 168 L224 74 Q238 60 246 80 L236 178 L262 114 Q278 104 280 122 L266 222 L266 360 Z",
    detail: `<path d="${rib(132, 318, 134, 42, 9)}" fill="none"/>`,
    dark: "M100 100 L290 100 L290 150 Q200 170 100 150 Z",
  },
  "rigger-glove": {
    outline:
      "M114 372 L134 262 L128 206 L104 144 Q102 122 122 124 L150 182 L150 92 Q160 76 172 92 L176 176 L186 80 Q198 64 210 82 L206 176 L224 92 Q238 78 246 98 L236 184 L260 126 Q276 116 278 134 L264 228 L262 262 L286 372 Z",
    detail: line("M134 262 H262") + line("M150 182 Q200 200 250 186") + line("M124 320 H276"),
    dark: "M100 262 H300 V380 H100 Z",
  },
  "disposable-glove": {
    outline:
      "M150 380 L146 206 L120 146 Q118 126 136 130 L158 182 L158 84 Q166 68 176 84 L180 170 L190 70 Q200 56 210 72 L208 170 L224 84 Q236 72 243 88 L236 180 L258 128 Q272 120 273 136 L258 222 L254 380 Z",
    detail: line("M150 364 H254"),
    dark: "M140 364 H260 V384 H140 Z",
  },
  "hard-hat": {
    outline: "M86 250 Q84 118 200 106 Q316 118 314 250 L360 262 Q370 272 356 280 L44 280 Q32 272 44 262 Z",
    detail:
      line("M200 108 V250") +
      line("M170 112 Q150 180 156 250 M230 112 Q250 180 244 250") +
      pair((x) => `<rect x="${x}" y="150" width="10" height="34" rx="4"/>`, 124),
    dark: "M44 262 L360 262 Q370 272 356 280 L44 280 Q32 272 44 262 Z",
  },
  glasses: {
    outline:
      "M52 170 Q200 150 348 170 L344 214 Q330 262 262 252 Q226 246 214 214 L186 214 Q174 246 138 252 Q70 262 56 214 Z",
    detail: line("M52 170 L18 188 L18 210") + line("M348 170 L382 188 L382 210") + line("M186 214 Q200 196 214 214"),
    extra: () =>
      `<path d="M68 182 Q200 166 332 182 L330 210 Q318 244 264 238 Q236 234 226 206 L174 206 Q164 234 136 238 Q82 244 70 210 Z" fill="#dcebf7" fill-opacity="0.9"/>`,
  },
};

const TAPE = "#c8cdd3";
const TAPE_SHINE = "#eef1f4";
const NAVY = "#1f2a44";

/** The SVG of one family in one colour; `reflective` adds the tape (hi-vis). */
export function garmentSvg(opts: { title: string; family: GarmentFamily; hex: string; reflective?: boolean }): string {
  const drawing = DRAWINGS[opts.family];
  const id = `g-${opts.family}`;
  const clip = `clip-path="url(#${id})"`;
  const outline = shade(opts.hex, -0.4);
  const dark = shade(opts.hex, -0.22);
  // seams and pockets show on a dark colour in a lighter shade of it
  const seams = luminance(opts.hex) < 0.25 ? shade(opts.hex, 0.38) : outline;
  const layers: string[] = [];
  if (drawing.behind)
    layers.push(
      `<path d="${drawing.behind}" fill="${dark}" stroke="${outline}" stroke-width="4" stroke-linejoin="round"/>`,
    );
  layers.push(`<path d="${drawing.outline}" fill="${opts.hex}"/>`);
  if (drawing.twoToneFrom !== undefined)
    layers.push(
      `<rect x="0" y="${drawing.twoToneFrom}" width="400" height="${400 - drawing.twoToneFrom}" fill="${NAVY}" ${clip}/>`,
    );
  if (drawing.dark) layers.push(`<path d="${drawing.dark}" fill="${dark}" ${clip}/>`);
  if (opts.reflective && drawing.bands?.length) {
    const tape = (x: number, y: number, w: number, h: number) =>
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${TAPE}"/>` +
      (w > h ? `<rect x="${x}" y="${y + h / 2 - 1.5}" width="${w}" height="3" fill="${TAPE_SHINE}"/>` : "");
    const bands = drawing.bands.map((y) => tape(0, y, 400, 20));
    if (drawing.braces !== undefined)
      bands.push(
        tape(drawing.braces, 0, 20, drawing.bands[0]),
        tape(2 * C - drawing.braces - 20, 0, 20, drawing.bands[0]),
      );
    layers.push(`<g ${clip}>${bands.join("")}</g>`);
  }
  layers.push(
    `<path d="${drawing.outline}" fill="none" stroke="${outline}" stroke-width="4" stroke-linejoin="round"/>`,
  );
  if (drawing.detail)
    layers.push(
      `<g fill="${seams}" stroke="${seams}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${drawing.detail}</g>`,
    );
  if (drawing.extra) layers.push(drawing.extra(opts.hex));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">`,
    `<title>${escapeXml(opts.title)}</title>`,
    `<defs><clipPath id="${id}"><path d="${drawing.outline}"/></clipPath></defs>`,
    `<rect width="400" height="400" fill="#f5f6f8"/>`,
    ...layers,
    `</svg>`,
    "",
  ].join("\n");
}

/** The image of a product without one: a coat hanger. */
export function placeholderSvg(): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">`,
    `<title>Image coming soon</title>`,
    `<rect width="400" height="400" fill="#f5f6f8"/>`,
    `<path d="M200 150 V130 Q200 112 216 108 Q234 102 232 84 Q228 66 208 66 Q190 68 186 84 M200 150 L64 262 Q56 272 70 272 H330 Q344 272 336 262 Z" fill="none" stroke="#8593a6" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
    `</svg>`,
    "",
  ].join("\n");
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    // darker towards black, lighter towards white
    return Math.max(0, Math.min(255, Math.round(c + (amount < 0 ? c : 255 - c) * amount)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, "0")).join("")}`;
}

/** Relative luminance (sRGB, 0 black to 1 white). */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((n >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Every image the catalogue refers to, as public-relative path → SVG text, and the portal's placeholder. */
export function catalogueImages(): Map<string, string> {
  const files = new Map<string, string>();
  for (const product of PRODUCTS) {
    for (const color of product.colors) {
      files.set(
        imagePath(product, color),
        garmentSvg({
          title: `${product.name}, ${color.name}`,
          family: familyOf(product),
          hex: color.hex,
          reflective: product.reflective,
        }),
      );
    }
  }
  // the generator's own and the one the portal shows for an item with no image (app/domain/product-card.ts)
  files.set("/images/products/placeholder.svg", placeholderSvg());
  files.set("/images/placeholder.svg", placeholderSvg());
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
  process.stdout.write(`wrote ${writeImages(publicDir)} images under ${publicDir}/images/products\n`);
}
