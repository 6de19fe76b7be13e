/**
 * The training guides' files (issue 18 item 4, decision 117): small, valid, text-only PDF 1.4 documents written
 * here rather than with a PDF library. Helvetica (a standard font every viewer has, so nothing is embedded),
 * WinAnsiEncoding, A4 pages, lines wrapped by the font's own widths, a correct cross-reference table. The output
 * is 7-bit ASCII and the same bytes on every run (no dates, no ids), so the seed stays deterministic.
 */

/** Helvetica's advance widths (per 1000 em) for ASCII 32–126, from the Adobe core font metrics. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

/** The few characters beyond ASCII the guides use: their WinAnsiEncoding code and Helvetica width. */
const WIN_ANSI: Record<string, [number, number]> = {
  "–": [0x96, 556],
  "—": [0x97, 1000],
  "’": [0x92, 222],
  "‘": [0x91, 222],
  "“": [0x93, 333],
  "”": [0x94, 333],
  "£": [0xa3, 556],
  "°": [0xb0, 400],
  "²": [0xb2, 333],
  "•": [0x95, 350],
  "×": [0xd7, 584],
  é: [0xe9, 556],
};

function widthOf(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 32 && code <= 126) return HELVETICA[code - 32];
  const extra = WIN_ANSI[ch];
  if (!extra) throw new Error(`guide-pdfs: no Helvetica glyph for ${JSON.stringify(ch)}`);
  return extra[1];
}

/** A string's width in points at a font size. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += widthOf(ch);
  return (units * size) / 1000;
}

/** A PDF literal string: ( ) \ escaped, characters beyond ASCII as WinAnsi octal escapes. */
export function pdfString(text: string): string {
  let out = "(";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch === "(" || ch === ")" || ch === "\\") out += `\\${ch}`;
    else if (code >= 32 && code <= 126) out += ch;
    else {
      widthOf(ch); // throws for a character Helvetica cannot show
      out += `\\${WIN_ANSI[ch][0].toString(8).padStart(3, "0")}`;
    }
  }
  return `${out})`;
}

/** Words into lines no wider than `width` points (a word longer than a line stands alone). */
export function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export interface PdfSection {
  heading?: string;
  paragraphs: string[];
}

const PAGE = { width: 595, height: 842, margin: 56 }; // A4 in points
const TITLE_SIZE = 20;
const HEADING_SIZE = 13;
const BODY_SIZE = 11;
const LEADING = 1.4;

type Line = { font: "F1" | "F2"; size: number; text: string; gapBefore: number };

/** A text-only PDF: a title, then sections of a bold heading and wrapped paragraphs, over as many A4 pages as needed. */
export function textPdf(title: string, sections: PdfSection[]): Buffer {
  const width = PAGE.width - 2 * PAGE.margin;
  const lines: Line[] = wrap(title, TITLE_SIZE, width).map((text) => ({
    font: "F2",
    size: TITLE_SIZE,
    text,
    gapBefore: 0,
  }));
  for (const section of sections) {
    if (section.heading)
      lines.push(
        ...wrap(section.heading, HEADING_SIZE, width).map((text, i): Line => ({
          font: "F2",
          size: HEADING_SIZE,
          text,
          gapBefore: i ? 0 : 12,
        })),
      );
    for (const paragraph of section.paragraphs)
      lines.push(
        ...wrap(paragraph, BODY_SIZE, width).map((text, i): Line => ({
          font: "F1",
          size: BODY_SIZE,
          text,
          gapBefore: i ? 0 : 6,
        })),
      );
  }
  // lay the lines out top to bottom, starting a new page when one would cross the bottom margin
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const step = line.gapBefore + line.size * LEADING;
    if (y - step < PAGE.margin && pages[pages.length - 1].length) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    }
    y -= pages[pages.length - 1].length ? step : line.size;
    pages[pages.length - 1].push(
      `BT /${line.font} ${line.size} Tf ${PAGE.margin} ${y.toFixed(2)} Td ${pdfString(line.text)} Tj ET`,
    );
  }

  // objects: 1 catalog, 2 page tree, 3–4 fonts, 5 info, then a page and its content stream per page
  const pageIds = pages.map((_, i) => 6 + 2 * i);
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Title ${pdfString(title)} /Producer (Workwear portal provider) >>`,
  ];
  for (const [i, content] of pages.entries()) {
    const stream = `${content.join("\n")}\n`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}endstream`,
    );
  }
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A guide's file name: its title in lower case, words joined by hyphens, `.pdf`. */
export const pdfFileName = (title: string) =>
  `${title
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.pdf`;

/** The text of the three reference guides (issue 18 item 4). */
export const REFERENCE_GUIDES: Record<"garment-care" | "hi-vis-classes" | "ppe-sizing", PdfSection[]> = {
  "garment-care": [
    {
      heading: "Washing hi-vis garments",
      paragraphs: [
        "Check the care label first: most polyester hi-vis garments are washed at 40°C or below. Hotter washes fade the fluorescent colour and can loosen the retroreflective tape.",
        "Wash hi-vis separately from dark items, inside out, with all zips and hook-and-loop fastenings closed. Use a non-biological detergent and never use bleach or fabric softener.",
        "Line dry or tumble dry on a low heat only if the label allows. Do not iron over the reflective tape.",
      ],
    },
    {
      heading: "Flame-retardant and anti-static clothing",
      paragraphs: [
        "Fabric softener coats the fibres and can reduce both flame-retardant and anti-static protection, so leave it out of every wash.",
        "Remove oil, grease and other flammable contamination promptly: an industrial laundry is the safest choice for heavily soiled FR garments.",
      ],
    },
    {
      heading: "When to replace a garment",
      paragraphs: [
        "Inspect garments before every shift. Replace them when the fluorescent colour has faded, the reflective tape is cracked or peeling, or there are holes, tears or burns.",
        "The label shows the maximum number of wash cycles the garment was certified for. After that, its protection can no longer be assumed.",
      ],
    },
  ],
  "hi-vis-classes": [
    {
      heading: "EN ISO 20471 in brief",
      paragraphs: [
        "EN ISO 20471 is the standard for high-visibility clothing worn where people must be seen in hazardous situations, by day and by night, for example near moving traffic or plant.",
        "A garment is placed in one of three classes by the minimum visible area of fluorescent background material and retroreflective tape it has.",
      ],
    },
    {
      heading: "Class 1 – lowest visibility",
      paragraphs: [
        "At least 0.14 m² of background material and 0.10 m² of reflective tape. Suitable where traffic is slow, such as car parks and warehouses; trousers on their own are usually class 1.",
      ],
    },
    {
      heading: "Class 2 – intermediate visibility",
      paragraphs: [
        "At least 0.50 m² of background material and 0.13 m² of reflective tape. The usual class for waistcoats, worn on A roads, in delivery yards and around site traffic.",
      ],
    },
    {
      heading: "Class 3 – highest visibility",
      paragraphs: [
        "At least 0.80 m² of background material and 0.20 m² of reflective tape, covering the torso and the arms or legs. Required on motorways and dual carriageways, and for work in poor light.",
        "A class 2 jacket worn with class 1 trousers can together reach class 3: the garments' labels say so.",
      ],
    },
    {
      heading: "Colours and rail work",
      paragraphs: [
        "Fluorescent yellow, orange and red are the permitted colours. Anyone on or near the railway wears orange to Railway Group Standard GO/RT 3279.",
      ],
    },
  ],
  "ppe-sizing": [
    {
      heading: "Why fit matters",
      paragraphs: [
        "PPE only protects when it fits. Loose garments catch on machinery; tight ones restrict movement and are left unzipped. Measure over the clothes that will be worn underneath.",
      ],
    },
    {
      heading: "How to measure",
      paragraphs: [
        "Chest: measure around the fullest part of the chest, under the arms, keeping the tape level. Waist: measure around the natural waistline, just above the hips.",
        "Inside leg: measure from the crotch to the floor along the inside of the leg, without shoes. Gloves: measure around the palm at the knuckles, excluding the thumb.",
        "Footwear: stand on a sheet of paper, mark the heel and the longest toe, and measure between them in the afternoon, when feet are at their largest.",
      ],
    },
    {
      heading: "Choosing a size",
      paragraphs: [
        "Between two sizes, choose the larger for outer garments worn over layers, and the smaller for gloves, which lose grip when too big.",
        "Respirators need a face-fit test by a competent person: a size chart is not enough for tight-fitting face pieces.",
        "Our size guide page lists chest measurements for every garment size from S to 3XL.",
      ],
    },
  ],
};
