import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSeededProvider, type SeededProvider } from "./seeded-provider";

/** Issue 18 (decision 117): the seeded CMS pages, banners and posts the portal's content screens rely on. */
let p: SeededProvider;
beforeAll(async () => {
  p = await startSeededProvider();
}, 120_000);
afterAll(async () => p?.close());

const get = async (pathname: string) => {
  const res = await p.fetch(pathname);
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};
const publicFile = (site: string) => path.join(__dirname, "../../public", site.replace(/^\//, ""));

describe("seeded CMS pages", () => {
  it("the six content pages carry acf.footer and footerOrder 1…6, and ?per_page=100 answers them all", async () => {
    const { status, headers, body } = await get("/api/wp/v2/pages?per_page=100");
    expect(status).toBe(200);
    expect(Number(headers.get("x-wp-total"))).toBe(body.length);
    const footer = body
      .filter((p: any) => p.acf?.footer === true)
      .sort((a: any, b: any) => a.acf.footerOrder - b.acf.footerOrder);
    expect(footer.map((p: any) => [p.acf.footerOrder, p.slug])).toEqual([
      [1, "delivery-information"],
      [2, "returns-policy"],
      [3, "size-guide"],
      [4, "terms-of-sale"],
      [5, "privacy-policy"],
      [6, "about-us"],
    ]);
    for (const page of footer) expect(page.content.rendered.length, page.slug).toBeGreaterThan(20);
  });

  it("the earlier pages keep their ids (banner-block 1, about-us 2, …)", async () => {
    const { body } = await get("/api/wp/v2/pages?per_page=100");
    const ids = Object.fromEntries(body.map((p: any) => [p.slug, p.id]));
    expect(ids).toMatchObject({
      "banner-block": 1,
      "about-us": 2,
      "delivery-information": 3,
      "returns-policy": 4,
      "size-guide": 5,
      "privacy-policy": 6,
    });
  });

  it("banner-block keeps its layouts and has three heroes, each linking to a portal page with an image that exists", async () => {
    const { body } = await get("/api/wp/v2/pages?slug=banner-block");
    expect(body).toHaveLength(1);
    const layouts = body[0].acf.flexible_content as Record<string, any>[];
    expect(layouts.map((l) => l.acf_fc_layout)).toEqual(expect.arrayContaining(["hero", "product_banner", "text"]));
    const heroes = layouts.filter((l) => l.acf_fc_layout === "hero");
    expect(heroes.length).toBeGreaterThanOrEqual(3);
    for (const hero of heroes) {
      expect(hero.heading).toEqual(expect.any(String));
      expect(hero.text).toEqual(expect.any(String));
      expect(hero.link).toMatch(/^\/(categories|news|cms)\//);
      expect(hero.image).toMatch(/^\/images\//);
      expect(fs.existsSync(publicFile(hero.image)), hero.image).toBe(true);
    }
  });

  it("site-banner has the message and a link to the Christmas delivery dates post", async () => {
    const { body } = await get("/api/wp/v2/pages?slug=site-banner");
    expect(body[0].acf).toEqual({
      message: "Order by 3pm for next-day delivery on in-stock items. Christmas cut-off: Friday 18 December.",
      link: { href: "/news/christmas-delivery-dates-2026", text: "Delivery dates" },
    });
    const post = await get("/api/wp/v2/posts?slug=christmas-delivery-dates-2026");
    expect(post.body).toHaveLength(1);
  });
});

describe("seeded posts", () => {
  it("every post's featured image exists under public/", async () => {
    const { body, headers } = await get("/api/wp/v2/posts?per_page=100&_embed");
    expect(body.length).toBe(Number(headers.get("x-wp-total")));
    expect(body.length).toBeGreaterThan(0);
    for (const post of body) {
      const media = post._embedded["wp:featuredmedia"];
      expect(media, post.slug).toHaveLength(1);
      expect(fs.existsSync(publicFile(media[0].source_url)), media[0].source_url).toBe(true);
    }
  });
});

describe("seeded reports", () => {
  it("a fresh install shows no failed report (issue 34 item 7): the demo's one task is asked for, never failed", async () => {
    const tasks = await p.db("report_tasks").select("type", "status");
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.filter((t: { status: string }) => t.status === "failed")).toEqual([]);
  });
});
