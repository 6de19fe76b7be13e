import { z } from "zod";
import { TtlCache, tokenKey } from "./cache.server";
import { createUpstreamClient, type UpstreamClient } from "./client.server";
import { upstreamFile } from "./files.server";
import { ListSchema } from "./schemas";

// Issue 18 items 3–5 (decision 119): the CMS pages (GET /api/wp/v2/pages, public), the training guides
// (GET /api/training-guides, per customer) and a guide's file (GET /api/training-guides/:id/file).

/** Content answers may be a minute old (issue 18 item 6). */
export const CMS_CACHE_MS = 60_000;

// WordPress answers `acf: []` for a page without fields: anything not an object is no fields
const AcfSchema = z
  .unknown()
  .transform((v): Record<string, unknown> =>
    v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {},
  );

const PageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.object({ rendered: z.string() }),
  content: z.object({ rendered: z.string() }).nullish(),
  acf: AcfSchema.optional(),
});
export type CmsPage = { id: number; slug: string; title: string; content: string; acf: Record<string, unknown> };
const PagesSchema = z.array(PageSchema);

const toPage = (p: z.output<typeof PageSchema>): CmsPage => ({
  id: p.id,
  slug: p.slug,
  title: p.title.rendered,
  content: p.content?.rendered ?? "",
  acf: p.acf ?? {},
});

// public answers: once per process (the key is the query), a minute at most
const pageCache = new TtlCache<CmsPage[]>({ ttlMs: CMS_CACHE_MS, max: 200 });

function publicClient(request: Request): UpstreamClient {
  return createUpstreamClient(request, null);
}

/** The page with this slug (GET /api/wp/v2/pages?slug=), null when there is none; cached a minute per slug. */
export async function pageBySlug(request: Request, slug: string): Promise<CmsPage | null> {
  const pages = await pageCache.get(`slug:${slug}`, async () =>
    (await publicClient(request).get("/api/wp/v2/pages", PagesSchema, { query: { slug } })).map(toPage),
  );
  return pages.find((p) => p.slug === slug) ?? null;
}

/** Every page (GET /api/wp/v2/pages?per_page=100), cached a minute per process: the footer's links. */
export function allPages(request: Request): Promise<CmsPage[]> {
  return pageCache.get("all", async () =>
    (await publicClient(request).get("/api/wp/v2/pages", PagesSchema, { query: { per_page: 100 } })).map(toPage),
  );
}

// ---------------------------------------------------------------- training guides

const GuideSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  displayOrder: z.number().nullish(),
  fileName: z.string().nullish(),
  fileSize: z.number().nullish(),
  contentType: z.string().nullish(),
});
export type TrainingGuide = z.output<typeof GuideSchema>;

// the guides depend on the customer: a minute per token and business unit
const guideCache = new TtlCache<TrainingGuide[]>({ ttlMs: CMS_CACHE_MS, max: 1_000 });

/** The caller's training guides in the provider's order (category's display order, then the guide's). */
export function listTrainingGuides(client: UpstreamClient, customerId: string | null): Promise<TrainingGuide[]> {
  const fetch = async () =>
    (await client.get("/api/training-guides", ListSchema(GuideSchema), { query: { $limit: 100 } })).data;
  if (!client.token) return fetch();
  return guideCache.get(`${tokenKey(client.token)}:${customerId ?? ""}`, fetch);
}

/**
 * A guide's file (GET /api/training-guides/:id/file) as a response streaming the provider's bytes with its
 * Content-Type, Content-Disposition and Content-Length. An unknown or another customer's guide → null (404 for the
 * page); no token → the provider's 401 ends the session as any call does (the caller logs in again).
 */
export function trainingGuideFile(request: Request, token: string, id: number): Promise<Response | null> {
  return upstreamFile(request, token, `/api/training-guides/${id}/file`, {
    cacheControl: "private, no-store",
    disposition: `attachment; filename="training-guide-${id}.pdf"`,
  });
}
