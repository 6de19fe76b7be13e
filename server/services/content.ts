import { NotFound } from "@feathersjs/errors";
import type { HookContext } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { z } from "zod";
import { coerce, invalid, parseExtra } from "../query/dialect";
import { parseOr400 } from "./basket-session";
import { idValue, MAX_ROW_ID } from "./ids";
import { bodyOf, byKey, callerOf, idOf, json, tableListDef, type Ctx, type ListDef, type ProviderParams } from "./base";
import { bytesResponse } from "./file-response";

// ---------------------------------------------------------------- WordPress-shaped content

type WpQuery = Record<string, unknown>;

/** WordPress REST parameters: per_page 1–100 (default 10), page ≥ 1, categories (ids), slug, search, _embed. */
function wpParams(query: WpQuery | undefined, allowed: string[]) {
  const q = query ?? {};
  for (const key of Object.keys(q)) if (!allowed.includes(key)) throw invalid(key);
  const perPage = q.per_page === undefined ? 10 : (coerce("int", q.per_page, "per_page") as number);
  const page = q.page === undefined ? 1 : (coerce("int", q.page, "page") as number);
  if (perPage < 1 || perPage > 100) throw invalid("per_page", "expected 1 to 100");
  if (page < 1) throw invalid("page", "expected 1 or more");
  return {
    perPage,
    page,
    categories:
      q.categories === undefined ? undefined : (parseExtra("intList", q.categories, "categories") as number[]),
    slug: q.slug === undefined ? undefined : String(coerce("string", q.slug, "slug")),
    search: q.search === undefined ? undefined : String(coerce("string", q.search, "search")),
    embed: q._embed !== undefined,
  };
}

/** The WordPress page asked for of a query's rows, in the given order, and how many rows there are in all. */
async function wpPage(
  q: Knex.QueryBuilder,
  p: { perPage: number; page: number },
  order: Array<{ column: string; order?: "asc" | "desc" }>,
): Promise<{ total: number; rows: any[] }> {
  const [count, rows] = await Promise.all([
    q.clone().count({ n: "*" }).first(),
    q
      .clone()
      .orderBy(order)
      .limit(p.perPage)
      .offset((p.page - 1) * p.perPage),
  ]);
  return { total: Number(count?.n ?? 0), rows };
}

const rendered = (text: string) => ({ rendered: text });

/** Moves {total, perPage, data} into WordPress's answer: the array, with x-wp-total / x-wp-totalpages. */
export function wpHeaders(context: HookContext): void {
  const { total, perPage, data } = context.result as { total: number; perPage: number; data: unknown[] };
  context.http = {
    ...context.http,
    headers: { "x-wp-total": String(total), "x-wp-totalpages": String(Math.ceil(total / perPage)) },
  };
  context.result = data;
}

/** GET /api/wp/v2/posts (public) */
export class WpPostsService {
  constructor(private ctx: Ctx) {}
  private async embed(db: Knex, rows: any[]) {
    const terms = rows.length
      ? await db("wp_post_terms as pt")
          .join("wp_terms as t", "t.id", "pt.term_id")
          .whereIn(
            "pt.post_id",
            rows.map((r) => r.id),
          )
          .select("pt.post_id", "t.id", "t.name", "t.slug", "t.taxonomy")
      : [];
    return byKey(terms, (t: any) => t.post_id);
  }
  private out(r: any, terms: any[], embed: boolean) {
    const post: Record<string, unknown> = {
      id: r.id,
      date: r.date,
      modified: r.modified ?? r.date,
      slug: r.slug,
      status: r.status,
      type: "post",
      link: `/news/${r.slug}`,
      title: rendered(r.title),
      excerpt: rendered(r.excerpt),
      content: rendered(r.content),
      categories: terms.filter((t) => t.taxonomy === "category").map((t) => t.id),
    };
    if (embed) {
      post._embedded = {
        author: [{ name: r.author_name ?? "" }],
        "wp:featuredmedia": r.featured_image ? [{ source_url: r.featured_image, alt_text: r.title }] : [],
        "wp:term": [terms.map((t) => ({ id: t.id, name: t.name, slug: t.slug, taxonomy: t.taxonomy }))],
      };
    }
    return post;
  }
  async find(params: ProviderParams) {
    const p = wpParams(params.query, ["categories", "per_page", "page", "_embed", "slug", "search"]);
    const { db } = this.ctx;
    const q = db("wp_posts").where("status", "publish");
    if (p.categories?.length) q.whereIn("id", db("wp_post_terms").whereIn("term_id", p.categories).select("post_id"));
    if (p.slug) q.where("slug", p.slug);
    if (p.search)
      q.where((w) => {
        w.whereRaw("lower(title) like ?", [`%${p.search!.toLowerCase()}%`]).orWhereRaw("lower(content) like ?", [
          `%${p.search!.toLowerCase()}%`,
        ]);
      });
    const { total, rows } = await wpPage(q, p, [
      { column: "date", order: "desc" },
      { column: "id", order: "desc" },
    ]);
    const terms = await this.embed(db, rows);
    return {
      total,
      perPage: p.perPage,
      data: rows.map((r: any) => this.out(r, terms.get(r.id) ?? [], p.embed)),
    };
  }
  async get(id: unknown, params: ProviderParams) {
    const p = wpParams(params.query, ["_embed"]);
    const row = await this.ctx
      .db("wp_posts")
      .where({ id: idOf(id, "Post"), status: "publish" })
      .first();
    if (!row) throw new NotFound(`Post '${String(id)}' not found`);
    return this.out(row, (await this.embed(this.ctx.db, [row])).get(row.id) ?? [], p.embed);
  }
}

/** GET /api/wp/v2/pages?slug=banner-block (public): pages with their ACF fields (flexible content). */
export class WpPagesService {
  constructor(private ctx: Ctx) {}
  private out(r: any) {
    return {
      id: r.id,
      slug: r.slug,
      status: r.status,
      type: "page",
      modified: r.modified,
      title: rendered(r.title),
      content: rendered(r.content),
      acf: json(r.acf_json, {}),
    };
  }
  async find(params: ProviderParams) {
    const p = wpParams(params.query, ["slug", "per_page", "page", "_embed", "search"]);
    const q = this.ctx.db("wp_pages").where("status", "publish");
    if (p.slug) q.where("slug", p.slug);
    if (p.search) q.whereRaw("lower(title) like ?", [`%${p.search.toLowerCase()}%`]);
    const { total, rows } = await wpPage(q, p, [{ column: "id" }]);
    return { total, perPage: p.perPage, data: rows.map((r: any) => this.out(r)) };
  }
  async get(id: unknown) {
    const row = await this.ctx
      .db("wp_pages")
      .where({ id: idOf(id, "Page"), status: "publish" })
      .first();
    if (!row) throw new NotFound(`Page '${String(id)}' not found`);
    return this.out(row);
  }
}

/** GET /api/wp/v2/categories (public) */
export class WpCategoriesService {
  constructor(private ctx: Ctx) {}
  async find(params: ProviderParams) {
    const p = wpParams(params.query, ["per_page", "page", "slug"]);
    const q = this.ctx.db("wp_terms").where("taxonomy", "category");
    if (p.slug) q.where("slug", p.slug);
    const { total, rows } = await wpPage(q, p, [{ column: "name" }]);
    return {
      total,
      perPage: p.perPage,
      data: rows.map((t: any) => ({ id: t.id, name: t.name, slug: t.slug, taxonomy: t.taxonomy })),
    };
  }
}

/**
 * POST /api/news-read {postId}: marks a post read (account.totalReadNews). GET /api/news-read (decision 118): the
 * caller's reads, newest post first, as {total, data: [{postId, readAt}]}; `postIds=1,2,3` (up to 100) asks about
 * those posts only, which is how the portal marks a page of posts unread.
 */
export class NewsReadService {
  constructor(private ctx: Ctx) {}
  async find(params: ProviderParams) {
    const caller = callerOf(params);
    const query = params.query ?? {};
    for (const key of Object.keys(query)) if (key !== "postIds") throw invalid(key);
    const postIds =
      query.postIds === undefined ? undefined : (parseExtra("intList", query.postIds, "postIds") as number[]);
    if (postIds && postIds.length > 100) throw invalid("postIds", "expected at most 100 ids");
    const q = this.ctx.db("news_reads").where("user_id", caller.userId);
    // an id beyond the table's range is no post, so never read (and PostgreSQL's integer column would refuse it)
    if (postIds)
      q.whereIn(
        "post_id",
        postIds.filter((id) => id >= 1 && id <= MAX_ROW_ID),
      );
    const rows = await q.orderBy("post_id", "desc").select("post_id", "read_at");
    return {
      total: rows.length,
      data: rows.map((r: any) => ({ postId: Number(r.post_id), readAt: new Date(r.read_at).toISOString() })),
    };
  }
  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { postId } = parseOr400(z.object({ postId: idValue }).strict(), bodyOf(data));
    if (!(await this.ctx.db("wp_posts").where("id", postId).first("id")))
      throw new NotFound(`Post '${postId}' not found`);
    await this.ctx
      .db("news_reads")
      .insert({ user_id: caller.userId, post_id: postId, read_at: this.ctx.now().toISOString() })
      .onConflict(["user_id", "post_id"])
      .ignore();
    const row = await this.ctx.db("news_reads").where("user_id", caller.userId).count({ n: "*" }).first();
    return { totalReadNews: Number(row?.n ?? 0) };
  }
}

/** Guides for everyone plus the selected customer's own: another customer's guide is not there (a 404, never a 403). */
const visibleGuides = (ctx: Ctx, customerId: number | null | undefined) =>
  ctx.db("training_guides").where((w) => {
    w.whereNull("training_guides.customer_id");
    if (customerId != null) w.orWhere("training_guides.customer_id", customerId);
  });

const guideFileUrl = (id: number) => `/api/training-guides/${id}/file`;

/**
 * GET /api/training-guides: the visible guides, by their category's display order, then the guide's (decision 117);
 * fileUrl is the guide's file (GET /api/training-guides/:id/file).
 */
export const trainingGuidesDef = (): ListDef<unknown> =>
  tableListDef("training_guides", {
    what: "Training guide",
    spec: {
      fields: {
        id: { type: "int", column: "training_guides.id" },
        category: { type: "string", column: "training_guides.category" },
        title: { type: "string", column: "training_guides.title", sortable: true },
      },
      defaultSort: [
        ["training_guides.category_order", "asc"],
        ["training_guides.display_order", "asc"],
        ["training_guides.title", "asc"],
      ],
      defaultLimit: 100,
    },
    base: (ctx, caller) => visibleGuides(ctx, caller.customerId),
    select: (qb) =>
      qb.select(
        "training_guides.id",
        "training_guides.title",
        "training_guides.description",
        "training_guides.category",
        "training_guides.display_order",
        "training_guides.file_name",
        "training_guides.file_size",
        "training_guides.content_type",
      ),
    map: (_ctx, rows) =>
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        category: r.category ?? null,
        displayOrder: r.display_order,
        fileUrl: guideFileUrl(r.id),
        fileName: r.file_name ?? null,
        fileSize: r.file_size == null ? null : Number(r.file_size),
        contentType: r.content_type ?? null,
      })),
  });

/**
 * GET /api/training-guides/:guideId/file (token): the guide's bytes with its Content-Type, a Content-Disposition
 * attachment naming the file, and Content-Length (Koa's, from the buffer). Scoped as the list: another customer's
 * guide, an unknown one or one without a file → 404.
 */
export class TrainingGuideFileService {
  constructor(private ctx: Ctx) {}
  async find(params: ProviderParams & { route?: Record<string, string> }) {
    const caller = callerOf(params);
    for (const key of Object.keys(params.query ?? {})) throw invalid(key);
    const id = idOf(params.route?.guideId, "Training guide");
    const row = await visibleGuides(this.ctx, caller.customerId)
      .where("training_guides.id", id)
      .whereNotNull("training_guides.file_base64")
      .first("file_name", "content_type", "file_base64");
    if (!row) throw new NotFound(`Training guide '${id}' not found`);
    return {
      bytes: Buffer.from(row.file_base64, "base64"),
      fileName: String(row.file_name || `guide-${id}.pdf`),
      contentType: String(row.content_type || "application/octet-stream"),
    };
  }
}

/** Answers a guide's file as its bytes with the download headers. */
export const guideFileResponse = bytesResponse(({ fileName }) => ({
  "content-disposition": `attachment; filename="${(fileName ?? "guide.pdf").replace(/[^\x20-\x7e]|["\\]/g, "_")}"`,
  "cache-control": "private, no-store",
}));
