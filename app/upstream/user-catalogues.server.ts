import { z } from "zod";
import { FETCH_ALL_LIMIT } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import { FILTER_OPTIONS_CACHE_MS, TtlCache, tokenKey } from "./cache.server";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// The user catalogues of the sidebar (issue 17 item 6, decision 114): GET /api/customCatalogue and
// GET /api/smiCustomCatalogue (SPEC §7), each `{internalId, name, type, contactId}`.

const CatalogueSchema = z.object({ internalId: id, name: z.string().nullish() });
export type UserCatalogue = { internalId: string; name: string };

// the sidebar is drawn on every page: the two calls are asked once a minute per token and business unit
const catalogueCache = new TtlCache<UserCatalogue[]>({ ttlMs: FILTER_OPTIONS_CACHE_MS, max: 1_000 });

async function fetchUserCatalogues(client: UpstreamClient): Promise<UserCatalogue[]> {
  const query = { $limit: FETCH_ALL_LIMIT };
  const [custom, smi] = await Promise.all([
    client.get("/api/customCatalogue", ListSchema(CatalogueSchema), { query }),
    client.get("/api/smiCustomCatalogue", ListSchema(CatalogueSchema), { query }),
  ]);
  const seen = new Set<string>();
  return [...custom.data, ...smi.data].flatMap((c) => {
    if (seen.has(c.internalId)) return [];
    seen.add(c.internalId);
    return [{ internalId: c.internalId, name: c.name?.trim() || `Catalogue ${c.internalId}` }];
  });
}

/** The caller's custom and SMI catalogues, custom first, each once; cached per token and business unit. */
export function listUserCatalogues(client: UpstreamClient, customerId: string | null): Promise<UserCatalogue[]> {
  if (!client.token) return fetchUserCatalogues(client);
  return catalogueCache.get(`${tokenKey(client.token)}:${customerId ?? ""}`, () => fetchUserCatalogues(client));
}
