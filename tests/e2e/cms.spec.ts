import { readFile } from "node:fs/promises";
import { expect, newColleague, test } from "./fixtures";

// Issue 18 items 3–5 (decision 119): CMS pages from the footer, an unknown page, a training guide downloaded, the
// dashboard hero's links and the site banner dismissed. Each test is a new colleague of the buyer: the banner's
// dismissal is a cookie of this browser only, and nothing here writes what other specs read.
const UNIT = "Northwind Facilities";

test.describe("CMS content (a Northwind colleague)", () => {
  test.beforeEach(async ({ logInAs }, testInfo) => {
    await logInAs(await newColleague(UNIT, `cms-${testInfo.project.name}`), UNIT);
  });

  test("a CMS page opens from the footer: the size guide's heading and its table", async ({ page }) => {
    await page.goto("/dashboard");
    const footer = page.getByRole("navigation", { name: "Footer" });
    await expect(footer.getByRole("link", { name: "Delivery information" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Training guides" })).toHaveAttribute("href", "/cms/download");
    await footer.getByRole("link", { name: "Size guide" }).click();
    await expect(page).toHaveURL(/\/cms\/size-guide$/);
    await expect(page.getByRole("heading", { level: 1, name: "Size guide" })).toBeVisible();
    const table = page.locator(".cms-content").getByRole("table");
    await expect(table).toBeVisible();
    await expect(table.getByRole("cell", { name: "XL", exact: true })).toBeVisible();
  });

  test("an unknown CMS page is the 404 page", async ({ page }) => {
    const response = await page.goto("/cms/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    expect((await page.goto("/cms/banner-block"))?.status()).toBe(404);
  });

  test("a training guide downloads as a PDF with its name", async ({ page }) => {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Training guides" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Training guides" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Garment care" })).toBeVisible();
    const guide = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Hi-vis classes explained" }) });
    await expect(guide.getByText(/PDF, \d+(\.\d)? (KB|MB|bytes)/)).toBeVisible();
    const downloading = page.waitForEvent("download");
    await guide.getByRole("link", { name: "Download Hi-vis classes explained" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("hi-vis-classes-explained.pdf");
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("an unknown guide's download is a 404", async ({ page }) => {
    const response = await page.request.get("/cms/download/999999");
    expect(response.status()).toBe(404);
  });

  test("the dashboard hero shows its slides' links, each to a real page", async ({ page }) => {
    await page.goto("/dashboard");
    const hero = page.getByRole("region", { name: "Featured" });
    const links = hero.getByRole("link", { name: /^Find out more/ });
    expect(await links.count()).toBeGreaterThanOrEqual(3);
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/(?!\/)/);
      expect((await page.request.get(href!)).status(), href!).toBeLessThan(400);
    }
    // a slide's link is reachable by keyboard and shown once focused
    await links.nth(1).focus();
    await expect(links.nth(1)).toBeFocused();
    await expect(links.nth(1)).toBeVisible();
  });

  test("the hero rotates by a CSS animation, and not at all with reduced motion (every slide shown)", async ({
    page,
  }) => {
    const slides = () =>
      page
        .locator(".hero__slide")
        .evaluateAll((all) => all.map((el) => [getComputedStyle(el).animationName, getComputedStyle(el).opacity]));
    await page.goto("/dashboard");
    const moving = await slides();
    expect(moving.length).toBeGreaterThanOrEqual(3);
    expect(moving.every(([name]) => name === `hero-${moving.length}`)).toBe(true);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    expect(await slides()).toEqual(moving.map(() => ["none", "1"]));
  });

  test("the site banner from the CMS, dismissed, stays dismissed on the next page", async ({ page }) => {
    await page.goto("/dashboard");
    const banner = page.getByRole("complementary", { name: "Notice" });
    await expect(banner).toContainText("Order by 3pm for next-day delivery");
    await expect(banner.getByRole("link", { name: "Delivery dates" })).toHaveAttribute(
      "href",
      "/news/christmas-delivery-dates-2026",
    );
    // with JS the banner goes at once, before the server has answered: wait for the answer
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/dismiss-banner"));
    await banner.getByRole("button", { name: /Dismiss/ }).click();
    await answered;
    await expect(banner).toBeHidden();
    await page.goto("/cms/returns-policy");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Notice" })).toBeHidden();
  });
});
