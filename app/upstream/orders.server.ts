import { z } from "zod";
import { pendingApprovalCountQuery } from "~/domain/order-query";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// GET /api/order with $limit=0, orderToApprove=true, pending status — the header's pending count (SPEC §7)
export async function countOrdersAwaitingApproval(client: UpstreamClient): Promise<number> {
  const answer = await client.get("/api/order", ListSchema(z.unknown()), {
    query: pendingApprovalCountQuery(),
  });
  return answer.total;
}
