import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textPdf, wrap, textWidth, pdfString, pdfFileName } from "../db/seed/guide-pdfs";
import { startSeededProvider, type SeededProvider } from "./seeded-provider";

/** Issue 18 item 4 (decision 117): training guides over the demo seed, with their PDF files. */
let p: SeededProvider;
let northwind: string; // buyer@demo.test acting for Northwind Facilities
beforeAll(async () => {
  p = await startSeededProvider();
  northwind = await p.login("buyer@demo.test");
  const res = await fetch(`${p.url}/api/select-customer`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${northwind}` },
    body: JSON.stringify({ contactId: "5001" }),
  });
  expect(res.status).toBe(201);
}, 120_000);
afterAll(async () => p?.close());

const guides = async (token = northwind) =>
  ((await (await p.fetch("/api/training-guides", token)).json()) as { data: any[] }).data;
const guideId = async (title: string) => (await p.db("training_guides").where("title", title).first("id")).id as number;

/** A PDF's structure: header, every xref entry pointing at its object, startxref at the xref table, %%EOF last. */
function checkPdf(bytes: Buffer): void {
  const text = bytes.toString("latin1");
  expect(text.startsWith("%PDF-1.4\n")).toBe(true);
  expect(text.endsWith("%%EOF\n")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe("xref\n");
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const entries = text
    .slice(startxref)
    .split("\n")
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe("0000000000 65535 f ");
  for (const [i, entry] of entries.slice(1).entries()) {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`), `object ${i + 1}`).toBe(true);
  }
  expect(text).toContain(`/Size ${count} /Root 1 0 R`);
  for (const [, length, stream] of text.matchAll(/<< \/Length (\d+) >>\nstream\n([\s\S]*?)endstream/g))
    expect(Buffer.byteLength(stream, "latin1")).toBe(Number(length));
  expect(/[^\x09\x0a\x0d\x20-\x7e]/.test(text)).toBe(false);
}

describe("GET /api/training-guides", () => {
  it("lists the shared guides with their file fields, by category display order then the guide's", async () => {
    const data = await guides();
    expect(data.map((g) => [g.category, g.title])).toEqual([
      ["Garment care", "Garment care"],
      ["Safety standards", "Hi-vis classes explained"],
      ["Safety standards", "PPE sizing"],
      ["Ordering", "Placing a stock order"],
      ["Ordering", "Ordering wearer packs"],
      ["Approvals", "Approving orders"],
      ["After ordering", "Tracking a despatch"],
    ]);
    const hiVis = data.find((g) => g.title === "Hi-vis classes explained");
    expect(hiVis).toEqual({
      id: hiVis.id,
      title: "Hi-vis classes explained",
      description: expect.stringContaining("EN ISO 20471"),
      category: "Safety standards",
      displayOrder: 0,
      fileUrl: `/api/training-guides/${hiVis.id}/file`,
      fileName: "hi-vis-classes-explained.pdf",
      fileSize: expect.any(Number),
      contentType: "application/pdf",
    });
    for (const g of data) expect(g.fileName, g.title).toMatch(/^[a-z0-9-]+\.pdf$/);
  });

  it("the ordering guides keep ids 1–4", async () => {
    const ids = Object.fromEntries((await guides()).map((g) => [g.title, g.id]));
    expect(ids).toMatchObject({
      "Placing a stock order": 1,
      "Ordering wearer packs": 2,
      "Approving orders": 3,
      "Tracking a despatch": 4,
    });
  });

  it("a customer's own guide is listed for that customer only", async () => {
    expect((await guides()).map((g) => g.title)).not.toContain("Ward uniform policy");
    const harbour = await p.login("buyer@demo.test");
    await fetch(`${p.url}/api/select-customer`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${harbour}` },
      body: JSON.stringify({ contactId: "6001" }),
    });
    expect((await guides(harbour)).map((g) => g.title)).toContain("Ward uniform policy");
  });
});

describe("GET /api/training-guides/:id/file", () => {
  it("answers the PDF's bytes with its type, download name and length", async () => {
    const list = await guides();
    for (const guide of list) {
      const res = await p.fetch(guide.fileUrl, northwind);
      expect(res.status, guide.title).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${guide.fileName}"`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get("content-length")).toBe(String(bytes.length));
      expect(bytes.length).toBe(guide.fileSize);
      checkPdf(bytes);
      expect(bytes.toString("latin1")).toContain(pdfString(guide.title));
    }
  });

  it("the hi-vis guide is a multi-line document about EN ISO 20471's three classes", async () => {
    const res = await p.fetch(`/api/training-guides/${await guideId("Hi-vis classes explained")}/file`, northwind);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="hi-vis-classes-explained.pdf"');
    const text = Buffer.from(await res.arrayBuffer()).toString("latin1");
    for (const phrase of ["EN ISO 20471", "Class 1", "Class 2", "Class 3"]) expect(text).toContain(phrase);
    expect(text.match(/ Tj ET/g)!.length).toBeGreaterThan(15);
  });

  it("another customer's guide → 404 (not 403), as an unknown or malformed id", async () => {
    for (const id of [String(await guideId("Ward uniform policy")), "9999", "2147483648", "abc"]) {
      const res = await p.fetch(`/api/training-guides/${id}/file`, northwind);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toMatchObject({ name: "NotFound", code: 404 });
    }
  });

  it("a guide without a file → 404", async () => {
    const [{ id }] = await p
      .db("training_guides")
      .insert({ title: "No file yet", file_url: "", category: "Ordering" })
      .returning("id");
    expect((await p.fetch(`/api/training-guides/${typeof id === "object" ? id.id : id}/file`, northwind)).status).toBe(
      404,
    );
  });

  it("no token → 401; an unknown query parameter → 400", async () => {
    const res = await p.fetch("/api/training-guides/1/file");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/json/);
    expect((await p.fetch("/api/training-guides/1/file?x=1", northwind)).status).toBe(400);
  });

  it("only GET: a write to the file → 405", async () => {
    const res = await fetch(`${p.url}/api/training-guides/1/file`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${northwind}` },
      body: "{}",
    });
    expect(res.status).toBe(405);
  });
});

describe("the PDF writer", () => {
  it("wraps by Helvetica's widths within the line width", () => {
    const text =
      "At least 0.80 m² of background material and 0.20 m² of reflective tape, covering the torso and the arms or legs.";
    const lines = wrap(text, 11, 200);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(line, 11)).toBeLessThanOrEqual(200);
    expect(lines.join(" ")).toBe(text);
    expect(textWidth("iii", 10)).toBeLessThan(textWidth("WWW", 10));
  });

  it("escapes brackets and backslashes, writes WinAnsi characters as octal, refuses a glyph Helvetica lacks", () => {
    expect(pdfString("a (b) \\ c")).toBe("(a \\(b\\) \\\\ c)");
    expect(pdfString("40°C – £5")).toBe("(40\\260C \\226 \\2435)");
    expect(() => pdfString("日本")).toThrow(/no Helvetica glyph/);
  });

  it("is deterministic and spreads long text over several pages", () => {
    const long = Array.from(
      { length: 120 },
      (_, i) => `Paragraph ${i + 1}: inspect garments before every shift and replace worn ones.`,
    );
    const a = textPdf("Long guide", [{ heading: "Many lines", paragraphs: long }]);
    expect(a.equals(textPdf("Long guide", [{ heading: "Many lines", paragraphs: long }]))).toBe(true);
    checkPdf(a);
    expect(Number(/\/Count (\d+)/.exec(a.toString("latin1"))![1])).toBeGreaterThan(1);
  });

  it("names files after the title", () => {
    expect(pdfFileName("Hi-vis classes explained")).toBe("hi-vis-classes-explained.pdf");
    expect(pdfFileName("PPE & sizing: 2026!")).toBe("ppe-and-sizing-2026.pdf");
  });
});
