import { z } from "zod";
import type { UpstreamClient } from "./client.server";

const PostSchema = z.object({
  id: z.number(),
  slug: z.string(),
  date: z.string(),
  title: z.object({ rendered: z.string() }),
});
export type NewsPost = z.infer<typeof PostSchema>;
const PostsSchema = z.array(PostSchema);

// GET wp/posts (per_page) — the dashboard's news teaser
export function latestNews(client: UpstreamClient, count: number): Promise<NewsPost[]> {
  return client.get("/api/wp/v2/posts", PostsSchema, { query: { per_page: count } });
}
