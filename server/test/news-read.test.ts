import { beforeAll, describe, expect, it } from "vitest";
import { useProvider } from "./fixtures";

// GET /api/news-read (issue 18, decision 118): which posts the caller has read, so the portal can mark the others unread
const { p } = useProvider();
beforeAll(async () => {
  await p.db("wp_posts").insert(
    Array.from({ length: 9 }, (_, i) => ({
      id: i + 1,
      slug: `post-${i + 1}`,
      title: `Post ${i + 1}`,
      date: `2026-11-${String(10 + i).padStart(2, "0")}T09:00:00.000Z`,
    })),
  );
  const buyer = await p.db("users").where("email", "buyer@demo.test").first("id");
  await p
    .db("news_reads")
    .insert([5, 7, 9].map((postId) => ({ user_id: buyer.id, post_id: postId, read_at: "2026-11-20T09:00:00.000Z" })));
});

const reads = (token: string, query = "") => p.api("GET", `/api/news-read${query}`, { token });

describe("GET /api/news-read", () => {
  it("answers the caller's reads, newest post first, and only the caller's", async () => {
    const buyer = await p.login("buyer@demo.test");
    const res = await reads(buyer);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((r: { postId: number }) => r.postId)).toEqual([9, 7, 5]);
    expect(typeof res.body.data[0].readAt).toBe("string");
    expect(new Date(res.body.data[0].readAt).toString()).not.toBe("Invalid Date");
    const browse = await p.login("approver@demo.test");
    expect((await reads(browse)).body).toEqual({ total: 0, data: [] });
  });

  it("postIds asks about those posts only; an id out of range is simply not read", async () => {
    const buyer = await p.login("buyer@demo.test");
    expect((await reads(buyer, "?postIds=1,5,6,7")).body.data.map((r: { postId: number }) => r.postId)).toEqual([7, 5]);
    expect((await reads(buyer, "?postIds=99999999999")).body).toEqual({ total: 0, data: [] });
  });

  it("a read marked with POST shows at once; marking again changes nothing (idempotent)", async () => {
    const requester = await p.login("requester@demo.test");
    const before = (await reads(requester)).body.total;
    const first = await p.api("POST", "/api/news-read", { token: requester, body: { postId: 2 } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ totalReadNews: before + 1 });
    expect((await p.api("POST", "/api/news-read", { token: requester, body: { postId: 2 } })).body).toEqual({
      totalReadNews: before + 1,
    });
    expect((await reads(requester, "?postIds=2")).body.data.map((r: { postId: number }) => r.postId)).toEqual([2]);
    expect((await p.api("GET", "/api/session", { token: requester })).body.account.totalReadNews).toBe(before + 1);
  });

  it("bad input is a 400 at its field, nothing else; no token is a 401", async () => {
    const buyer = await p.login("buyer@demo.test");
    const unknown = await reads(buyer, "?userId=2");
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toMatchObject({ field: "userId" });
    const bad = await reads(buyer, "?postIds=one");
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ field: "postIds" });
    const many = await reads(buyer, `?postIds=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`);
    expect(many.status).toBe(400);
    expect((await p.api("GET", "/api/news-read")).status).toBe(401);
    expect((await p.api("POST", "/api/news-read", { token: buyer, body: { postId: 999999 } })).status).toBe(404);
  });
});
