import { afterEach, describe, expect, it } from "vitest";
import { setUpstreamCachingForTests } from "~/upstream/cache.server";
import { useUpstreamMock } from "../../tests/mocks/server";
import { cmsHandlers, cmsPage, defaultPages } from "../../tests/mocks/upstream/cms";
import { chromeContent, describeFile, heroSlides } from "./content.server";

const server = useUpstreamMock();
afterEach(() => setUpstreamCachingForTests(false));
const request = () => new Request("http://portal.test/dashboard");

describe("the footer's links (issue 18 item 3)", () => {
  it("the pages marked footer, in footerOrder, then training guides and news; settings pages, guides and unmarked pages left out", async () => {
    const pageQueries: URLSearchParams[] = [];
    server.use(...cmsHandlers({ pageQueries }));
    expect((await chromeContent(request())).footer).toEqual([
      { to: "/cms/delivery-information", label: "Delivery information" },
      { to: "/cms/returns-policy", label: "Returns policy" },
      { to: "/cms/size-guide", label: "Size & fit guide" },
      { to: "/cms/download", label: "Training guides" },
      { to: "/news", label: "News" },
    ]);
    expect(pageQueries.map((q) => q.toString())).toEqual(["per_page=100"]);
  });

  it("a footer flag on a settings page or a guide does not make it a link; a title's tags are dropped", async () => {
    const pages = [
      cmsPage("site-banner", "Banner", "", { footer: true, footerOrder: 1, message: "" }),
      cmsPage("guide-x", "Guide", "", { footer: true, guide: true }),
      cmsPage("terms-of-sale", "<em>Terms</em> of sale", "", { footer: true, footerOrder: 5 }),
    ];
    server.use(...cmsHandlers({ pages }));
    expect((await chromeContent(request())).footer.map((l) => l.label)).toEqual([
      "Terms of sale",
      "Training guides",
      "News",
    ]);
  });

  it("the provider failing leaves out the CMS's links and the banner, never the page", async () => {
    server.use(...cmsHandlers({ pagesFail: true }));
    expect(await chromeContent(request())).toEqual({
      footer: [
        { to: "/cms/download", label: "Training guides" },
        { to: "/news", label: "News" },
      ],
      banner: null,
    });
  });

  it("asked once a minute per process, whoever asks", async () => {
    setUpstreamCachingForTests(true);
    const pageQueries: URLSearchParams[] = [];
    server.use(...cmsHandlers({ pageQueries }));
    await chromeContent(request());
    await chromeContent(new Request("http://portal.test/search"));
    expect(pageQueries).toHaveLength(1);
  });
});

describe("the dashboard hero (issue 18 item 5)", () => {
  it("banner-block's hero layouts in order, text drawn as text, links and images site-relative only", async () => {
    const pageQueries: URLSearchParams[] = [];
    server.use(...cmsHandlers({ pageQueries }));
    expect(await heroSlides(request())).toEqual([
      {
        heading: "Winter hi-vis in stock",
        text: "Class 3 jackets on next-day delivery.",
        link: "/categories/full/hi-vis",
        image: "/images/products/hv200-yellow.svg",
      },
      { heading: "Gloves & hands", text: "Cut levels A to F.", link: null, image: null },
      {
        heading: "Christmas delivery",
        text: "Last orders 17 December.",
        link: "/news/christmas-delivery-dates-2026",
        image: "/images/news/christmas.svg",
      },
    ]);
    expect(pageQueries.map((q) => q.toString())).toEqual(["slug=banner-block"]);
  });

  it("at most five slides; none without banner-block or when the provider fails", async () => {
    const hero = (n: number) => ({ acf_fc_layout: "hero", heading: `Slide ${n}`, link: "//evil.example/x" });
    server.use(
      ...cmsHandlers({
        pages: [cmsPage("banner-block", "B", "", { flexible_content: [1, 2, 3, 4, 5, 6, 7].map(hero) })],
      }),
    );
    const slides = await heroSlides(request());
    expect(slides.map((s) => s.heading)).toEqual(["Slide 1", "Slide 2", "Slide 3", "Slide 4", "Slide 5"]);
    expect(slides.every((s) => s.link === null)).toBe(true);
    server.use(...cmsHandlers({ pages: defaultPages().filter((p) => p.slug !== "banner-block") }));
    expect(await heroSlides(request())).toEqual([]);
    server.use(...cmsHandlers({ pagesFail: true }));
    expect(await heroSlides(request())).toEqual([]);
  });
});

describe("a guide's file as the list shows it", () => {
  it.each([
    [{ contentType: "application/pdf", fileName: "a.pdf", fileSize: 2150 }, "PDF, 2 KB"],
    [{ contentType: "application/pdf", fileName: "a.pdf", fileSize: 1023 }, "PDF, 1023 bytes"],
    [{ contentType: "application/pdf", fileName: "a.pdf", fileSize: 3 * 1024 * 1024 }, "PDF, 3 MB"],
    [{ contentType: "application/vnd.ms-excel", fileName: "sizes.xlsx", fileSize: 10_240 }, "XLSX, 10 KB"],
    [{ contentType: null, fileName: null, fileSize: null }, "File"],
  ])("%j → %s", (file, text) => {
    expect(describeFile(file)).toBe(text);
  });
});
