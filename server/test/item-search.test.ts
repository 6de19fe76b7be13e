import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importRows } from "../services/erp-import/rows";
import { refreshSearch, searchProducts } from "../services/item-search";
import { startSeededProvider, type SeededProvider } from "./seeded-provider";

/**
 * Issue 34 item 1 (decision 159): what buyers type finds what they expect first, over the demo seed's catalogue
 * (SQLite FTS5 here, a tsvector with pg_trgm in the provider-postgres project).
 */
let p: SeededProvider;
let buyer: string;
beforeAll(async () => {
  p = await startSeededProvider();
  buyer = await selected("buyer@demo.test");
}, 120_000);
afterAll(async () => p?.close());

/** A seeded user's token with their first business unit selected. */
async function selected(email: string): Promise<string> {
  const token = await p.login(email);
  const unit = await p
    .db("user_customers")
    .join("users", "users.id", "user_customers.user_id")
    .where("users.email", email)
    .orderBy("user_customers.contact_id")
    .first("user_customers.contact_id");
  const res = await fetch(`${p.url}/api/select-customer`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ contactId: String(unit.contact_id) }),
  });
  expect(res.status).toBeLessThan(300);
  return token;
}

/** The products GET /api/item?q= answers the buyer, best first: [code, name]. */
async function search(q: string, limit = 50): Promise<Array<[string, string]>> {
  const res = await p.fetch(`/api/item?scope=full&q=${encodeURIComponent(q)}&$limit=${limit}`, buyer);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Array<{ itemId: string; displayName: string }> };
  return body.data.map((i) => [i.itemId, i.displayName]);
}
const codes = (found: Array<[string, string]>) => found.map(([code]) => code);

describe("the provider's product search", () => {
  it('"boots" finds the boots "boot" finds, boots first', async () => {
    const boot = await search("boot");
    const boots = await search("boots");
    const names = boots.map(([, name]) => name);
    expect(names.slice(0, 3).sort()).toEqual(["Dealer Boot S3", "Lace-Up Hiker Boot S3", "Rail Boot S3 HRO"]);
    expect(codes(boots)).toEqual(codes(boot));
  });

  it('"hi vis", "hivis" and "hi-vis" find the same hi-vis products, those named Hi-Vis first', async () => {
    const hyphen = await search("hi-vis");
    const named = hyphen.filter(([, name]) => name.includes("Hi-Vis"));
    expect(named.length).toBeGreaterThanOrEqual(6);
    expect(hyphen.slice(0, named.length)).toEqual(named);
    for (const q of ["hi vis", "hivis", "HiVis", "vis hi"]) {
      const found = await search(q);
      expect(new Set(codes(found)), q).toEqual(new Set(codes(hyphen)));
      expect(new Set(codes(found.slice(0, named.length))), q).toEqual(new Set(codes(named)));
    }
  });

  it('"navy polo" finds the navy polos (name, colour, category; any order)', async () => {
    const found = await search("navy polo");
    expect(
      found
        .slice(0, 2)
        .map(([, name]) => name)
        .sort(),
    ).toEqual(["Coolmax Sports Polo", "Premium Polo Shirt"]);
    expect(new Set(codes(await search("polo navy")))).toEqual(new Set(codes(found)));
    // every product found has a navy variant
    for (const [code] of found) {
      const navy = await p
        .db("items as v")
        .join("items as pr", "pr.id", "v.parent_id")
        .where("pr.item_code", code)
        .select("v.color");
      expect(
        navy.some((v: any) => v.color === "Navy"),
        code,
      ).toBe(true);
    }
    // a word no product holds finds nothing, not everything
    expect(await search("navy zebra")).toEqual([]);
  });

  it("finds a product by its code, a variant's code and a code's prefix", async () => {
    const variant = await p.db("items").where("item_code", "HV200-YEL-M-P").first("parent_id");
    expect(variant?.parent_id).not.toBeNull();
    expect((await search("HV200-YEL-M-P"))[0]).toEqual(["HV200", "Hi-Vis Bomber Jacket"]);
    expect((await search("hv200-yel-m-p"))[0]?.[0]).toBe("HV200");
    expect((await search("HV200"))[0]?.[0]).toBe("HV200");
    const prefix = codes(await search("HV20"));
    expect(prefix.slice(0, 2).sort()).toEqual(["HV200", "HV210"].filter((c) => prefix.includes(c)).sort());
    expect(prefix).toContain("HV200");
    expect(
      codes(await search("HV2"))
        .slice(0, 3)
        .sort(),
    ).toEqual(["HV200", "HV210", "HV220"]);
  });

  it('one typo in a word of five letters or more: "trosers" finds the trousers', async () => {
    const trousers = await search("trousers");
    expect(trousers.length).toBeGreaterThanOrEqual(5);
    for (const q of ["trosers", "trousres", "trouzers"]) expect(codes(await search(q)), q).toEqual(codes(trousers));
    // a short word is not corrected (four letters: "boat" is not "boot")
    expect(await search("boat")).toEqual([]);
  });

  it("ranks by relevance: the word in the name before the word in a description", async () => {
    const found = await search("trousers");
    const inName = found.filter(([, name]) => /trousers/i.test(name));
    expect(found.slice(0, inName.length)).toEqual(inName);
    expect(found.length).toBeGreaterThan(inName.length - 1);
  });

  it("answers the admin's product picker too (GET /api/admin/product?q=)", async () => {
    const admin = await p.login("admin@demo.test");
    const res = await p.fetch(`/api/admin/product?q=${encodeURIComponent("hi vis")}&$limit=50`, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ itemCode: string }> };
    expect(new Set(body.data.map((d) => d.itemCode))).toEqual(new Set(codes(await search("hivis"))));
  });

  it("rebuilds marked products once, whoever rebuilds at the same time (every mark read is removed)", async () => {
    const products = await p.db("items").whereNull("parent_id").select("id");
    await p.db("item_search_dirty").insert(products.map((r: any) => ({ item_id: r.id })));
    const rebuilt = await Promise.all([refreshSearch(p.db), refreshSearch(p.db), refreshSearch(p.db)]);
    expect(rebuilt.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(products.length);
    expect(await p.db("item_search_dirty").count({ n: "*" }).first()).toEqual({ n: 0 });
    const documents = await p.db("item_search").count({ n: "*" }).first();
    expect(Number(documents?.n)).toBe(products.length);
    expect(codes(await search("boots")).length).toBe(3);
  });

  it("is kept current as items change, the ERP import included", async () => {
    expect(await search("zephyrine")).toEqual([]);
    // a write by anyone (here straight to the table): the triggers mark the product, the next search reads it
    await p.db("items").where("item_code", "WT110").update({ display_name: "Action Stretch Zephyrine Trousers" });
    expect(codes(await search("zephyrine"))).toEqual(["WT110"]);
    await p.db("items").where("item_code", "WT110").update({ display_name: "Action Stretch Trousers" });
    expect(await search("zephyrine")).toEqual([]);

    const result = await importRows(
      p.db,
      [
        {
          row: 1,
          itemCode: "QX900",
          product: {
            itemCode: "QX900",
            displayName: "Quixotic Thermal Gilet",
            price: 20,
            stock: 5,
            category: null,
            description: "A body warmer for cold yards.",
            variants: [{ itemCode: "QX900-NAV-L", price: 20, stock: 5, size: "L", color: "Navy", displayName: null }],
          },
        },
      ],
      new Date(),
    );
    expect(result.errors).toEqual([]);
    expect(await searchProducts(p.db, "quixotic gilet")).toHaveLength(1);
    expect(await searchProducts(p.db, "QX900-NAV")).toEqual(await searchProducts(p.db, "quixotic"));
    expect(await searchProducts(p.db, "gilet navy")).toEqual(await searchProducts(p.db, "quixotic"));
  });
});
