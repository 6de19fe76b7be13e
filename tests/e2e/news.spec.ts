import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, newColleague, test } from "./fixtures";

// Issue 18 items 1 and 2 (decision 118): news read from the dashboard drops the header's unread count; /news pages and
// filters by category; an unknown post is the 404 page. Each test is a new colleague of the buyer, whose news reads
// start at 0, so nothing here changes what other specs read.
const UNIT = "Northwind Facilities";

async function unreadCount(page: Page): Promise<number> {
  const link = page.getByRole("banner").getByRole("link", { name: /^News, \d+ unread$/ });
  await expect(link).toBeVisible();
  return Number(/(\d+)/.exec((await link.getAttribute("aria-label")) ?? "")![1]);
}

/** With JavaScript: waits until Remix has hydrated the page and marks the document, so links after it are client-side. */
async function hydrated(page: Page, js: boolean) {
  if (!js) return;
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.evaluate(() => ((window as unknown as { newsMark: string }).newsMark = "same document"));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { newsMark?: string }).newsMark ?? null);

test.describe("news (a Northwind colleague)", () => {
  test.beforeEach(async ({ logInAs }, testInfo) => {
    await logInAs(await newColleague(UNIT, `news-${testInfo.project.name}`), UNIT);
  });

  test("a post read from the dashboard's link drops the header's unread count by one", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.goto("/dashboard");
    await hydrated(page, js);
    const before = await unreadCount(page);
    expect(before).toBeGreaterThan(0);
    const panel = page.getByRole("region", { name: "News" });
    await expect(panel.getByRole("link", { name: "All news" })).toHaveAttribute("href", "/news");
    const first = panel.getByRole("listitem").first().getByRole("link");
    const title = (await first.textContent())!.trim();
    const href = (await first.getAttribute("href"))!;
    expect(href).toMatch(/^\/news\/[a-z0-9-]+$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/^\d{2}\.\d{2}\.\d{2} · by /)).toBeVisible();
    expect(await unreadCount(page)).toBe(before - 1);
    // the list no longer marks it unread, and the count holds on a fresh load
    await page.getByRole("link", { name: "← All news" }).click();
    await expect(page).toHaveURL(/\/news$/);
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByText("Unread", { exact: true })).toHaveCount(0);
    // the dashboard's first post is the newest, so on the first page: the other nine are still unread
    await expect(page.getByRole("article").getByText("Unread", { exact: true })).toHaveCount(9);
    expect(await unreadCount(page)).toBe(before - 1);
    // a link away (client-side with JavaScript) keeps the new count, as does a fresh load
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await unreadCount(page)).toBe(before - 1);
    // with JavaScript all of that was one document: the layout's count was loaded again after the read
    expect(await sameDocument(page)).toBe(js ? "same document" : null);
    await page.goto("/dashboard");
    expect(await unreadCount(page)).toBe(before - 1);
    // reading it again changes nothing
    await page.goto(href);
    expect(await unreadCount(page)).toBe(before - 1);
  });

  test("/news pages ten at a time, newest first, and filters by a category", async ({ page }) => {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "News", exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(10);
    await expect(page.getByText(/^Page 1 of 2 \(\d+ posts\)$/)).toBeVisible();
    const filter = page.getByRole("navigation", { name: "News categories" });
    await expect(filter.getByRole("link", { name: "All news" })).toHaveAttribute("aria-current", "page");
    // every card: a date as SPEC §5 shows them, an image with its alt text
    const dates = await page.getByRole("article").locator("time").allTextContents();
    expect(dates.every((d) => /^\d{2}\.\d{2}\.\d{2}$/.test(d))).toBe(true);
    const times = await page
      .getByRole("article")
      .locator("time")
      .evaluateAll((all) => all.map((t) => t.getAttribute("datetime") ?? ""));
    expect([...times].sort().reverse()).toEqual(times);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    await expect(page.getByText(/^Page 2 of 2 \(\d+ posts\)$/)).toBeVisible();
    await filter.getByRole("link", { name: "Health & Safety" }).click();
    await expect(page).toHaveURL(/\/news\?category=health-and-safety$/);
    await expect(page.getByRole("heading", { level: 1, name: "News: Health & Safety" })).toBeVisible();
    await expect(filter.getByRole("link", { name: "Health & Safety" })).toHaveAttribute("aria-current", "page");
    const cards = page.getByRole("article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const meta of await cards.locator(".news-card__meta").allTextContents())
      expect(meta).toContain("Health & Safety");
    await expect(page.getByText(/^Page 1 of 1 \(\d+ posts?\)$/)).toBeVisible();
  });

  test("/news and a post: no serious axe violations, no sideways scroll on a 360 px phone, the images there", async ({
    page,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === "no-js",
      "axe runs inside the page: the JS project only (the markup is the same)",
    );
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/news", "/news/christmas-delivery-dates-2026"]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // every featured image is a real file with alt text
      for (const img of await page.locator("main img").all()) {
        expect(await img.getAttribute("alt")).toBeTruthy();
        expect((await page.request.get((await img.getAttribute("src"))!)).status()).toBe(200);
      }
    }
  });

  test("an unknown post is the 404 page", async ({ page }) => {
    const response = await page.goto("/news/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "All news" })).toBeVisible();
  });
});
