import { createHash } from "node:crypto";
import type { PortalUser } from "~/auth/require-user.server";
import { cmsText, sanitiseCmsHtml } from "~/content/sanitise.server";
import { allPages, pageBySlug, listTrainingGuides, type CmsPage, type TrainingGuide } from "~/upstream/cms.server";
import { logFailure, isRedirect } from "~/upstream/errors.server";

// Issue 18 items 3–5 (decision 119): what the portal draws from the CMS. Every title goes through cmsText and every
// piece of HTML through sanitiseCmsHtml (decision 116).

/** Pages that hold settings for the portal rather than content: never shown at /cms/{slug}. */
export const SETTINGS_PAGES = new Set(["banner-block", "site-banner"]);

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A page the CMS marks a training guide (acf.guide) is listed at /cms/download, not shown as a content page. */
function isContentPage(page: CmsPage): boolean {
  return !SETTINGS_PAGES.has(page.slug) && page.acf.guide !== true;
}

/** /cms/{slug}: the content page's title (text) and content (sanitised HTML); null → 404. */
export async function loadCmsPage(request: Request, slug: string): Promise<{ title: string; html: string } | null> {
  if (!SLUG.test(slug) || SETTINGS_PAGES.has(slug)) return null;
  const page = await pageBySlug(request, slug);
  if (!page || !isContentPage(page)) return null;
  return { title: cmsText(page.title), html: sanitiseCmsHtml(page.content) };
}

export type FooterLink = { to: string; label: string };

/** The portal's own footer links, after the CMS pages. */
export const FIXED_FOOTER_LINKS: FooterLink[] = [
  { to: "/cms/download", label: "Training guides" },
  { to: "/news", label: "News" },
];

function logged<T>(request: Request, what: string, fallback: T) {
  return (error: unknown): T => {
    if (isRedirect(error)) throw error;
    logFailure(request, `${what} failed`, error);
    return fallback;
  };
}

/** The pages whose acf.footer is true, in acf.footerOrder. */
export function cmsFooterLinks(pages: CmsPage[]): FooterLink[] {
  const order = (p: CmsPage) => (typeof p.acf.footerOrder === "number" ? p.acf.footerOrder : Number.MAX_SAFE_INTEGER);
  return pages
    .filter((p) => p.acf.footer === true && isContentPage(p) && SLUG.test(p.slug))
    .sort((a, b) => order(a) - order(b) || a.slug.localeCompare(b.slug))
    .map((p) => ({ to: `/cms/${p.slug}`, label: cmsText(p.title) }));
}

/**
 * What the chrome draws from the CMS: the footer's links (the CMS's pages, then training guides and news) and the
 * site banner, both from one GET /api/wp/v2/pages?per_page=100 kept a minute per process. The provider failing leaves
 * out the CMS's links and the banner, never the page.
 */
export async function chromeContent(request: Request): Promise<{ footer: FooterLink[]; banner: SiteBanner | null }> {
  const pages = await allPages(request).catch(logged<CmsPage[]>(request, "CMS pages for the footer and banner", []));
  return {
    footer: [...cmsFooterLinks(pages), ...FIXED_FOOTER_LINKS],
    banner: siteBannerOf(pages.find((p) => p.slug === "site-banner") ?? null),
  };
}

// ---------------------------------------------------------------- banners

export type SiteBanner = { id: string; message: string; link: { href: string; text: string } | null };

/** The id a dismissal is remembered by: a short hash of the banner's text, so a new message shows again. */
export function bannerId(message: string): string {
  return createHash("sha256").update(message).digest("base64url").slice(0, 16);
}

/** A link the portal draws itself: site-relative only. */
function siteRelative(href: unknown): string | null {
  return typeof href === "string" && /^\/(?![/\\])/.test(href) ? href : null;
}

/** The `site-banner` page's acf.message and link; no page or an empty message means no banner. */
export function siteBannerOf(page: CmsPage | null): SiteBanner | null {
  const message = typeof page?.acf.message === "string" ? cmsText(page.acf.message).trim() : "";
  if (!message) return null;
  const raw = page?.acf.link as { href?: unknown; text?: unknown } | undefined;
  const href = siteRelative(raw?.href);
  const text = typeof raw?.text === "string" ? cmsText(raw.text).trim() : "";
  return { id: bannerId(message), message, link: href && text ? { href, text } : null };
}

export type HeroSlide = { heading: string; text: string; link: string | null; image: string | null };

/** The dashboard hero: banner-block's `hero` layouts (SPEC §7), at most five; the provider failing leaves none. */
export async function heroSlides(request: Request): Promise<HeroSlide[]> {
  const page = await pageBySlug(request, "banner-block").catch(logged<CmsPage | null>(request, "banner-block", null));
  const layouts = Array.isArray(page?.acf.flexible_content)
    ? (page.acf.flexible_content as Array<Record<string, unknown>>)
    : [];
  return layouts
    .filter((l) => l && l.acf_fc_layout === "hero" && typeof l.heading === "string" && l.heading.trim())
    .slice(0, MAX_HERO_SLIDES)
    .map((l) => ({
      heading: cmsText(String(l.heading)),
      text: typeof l.text === "string" ? cmsText(l.text) : "",
      link: siteRelative(l.link),
      image: siteRelative(l.image),
    }));
}

/** The hero's CSS has a rotation for 1 to 5 slides. */
export const MAX_HERO_SLIDES = 5;

// ---------------------------------------------------------------- training guides

/** "PDF, 2 KB": the file's type and size as the download list shows them. */
export function describeFile(guide: Pick<TrainingGuide, "contentType" | "fileName" | "fileSize">): string {
  const ext = guide.fileName?.match(/\.([a-z0-9]{1,8})$/i)?.[1];
  const type = guide.contentType === "application/pdf" ? "PDF" : ext ? ext.toUpperCase() : "File";
  const size = guide.fileSize;
  if (size == null || size < 0) return type;
  const text =
    size < 1024
      ? `${size} bytes`
      : size < 1024 * 1024
        ? `${Math.round(size / 1024)} KB`
        : `${(size / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
  return `${type}, ${text}`;
}

export type GuideGroup = {
  category: string;
  guides: Array<{ id: number; title: string; description: string; file: string; to: string }>;
};

/** /cms/download: the guides grouped by category in the provider's order (category display order, then the guide's). */
export async function loadTrainingGuides(user: PortalUser): Promise<GuideGroup[]> {
  const guides = await listTrainingGuides(user.upstream, user.session.selectedCustomer?.contactId ?? null);
  const groups: GuideGroup[] = [];
  for (const g of guides) {
    const category = g.category?.trim() ? cmsText(g.category) : "Other guides";
    let group = groups.find((x) => x.category === category);
    if (!group) groups.push((group = { category, guides: [] }));
    group.guides.push({
      id: g.id,
      title: cmsText(g.title),
      description: cmsText(g.description ?? ""),
      file: describeFile(g),
      to: `/cms/download/${g.id}`,
    });
  }
  return groups;
}
