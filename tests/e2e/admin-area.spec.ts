import fs from "node:fs";
import { expect, providerCall, providerToken, DEMO, test } from "./fixtures";
import { NOT_A_PICTURE, PROMO_IMAGE_FILES } from "../fixtures/promo-images";

// Issue 34 item 4 (decisions 164, 165), both projects: the admin area as an area of its own — its sidebar in headed
// sections, no customer notice or footer, the header on one row at 1280 px and nothing sideways at 390 px — and the
// promotion form: an image uploaded and served back with its type, a wrong file refused under its field, and the
// product search inside the form keeping what was typed. Titles carry the project and run, so the two projects
// running side by side do not meet; the promotions made are deleted at the end (by the provider's API if a step failed).

const ADMIN_SECTIONS = {
  People: ["Active users", "Log-in history", "Users", "Invite a user", "Admin users", "View as a user"],
  "Sales and promotions": ["Orders (all customers)", "Promotions"],
  "Product data": ["My catalogues", "Category manager", "ERP pull", "Sync status"],
  System: ["E-mails", "Maintenance"],
};

test("the admin sidebar's sections under their headings, each a list named by it", async ({ page, logInAs }) => {
  await logInAs("admin");
  await page.goto("/admin/active-users");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [heading, links] of Object.entries(ADMIN_SECTIONS)) {
    await expect(nav.getByText(heading, { exact: true })).toBeVisible();
    const section = nav.getByRole("list", { name: heading, exact: true });
    await expect(section.getByRole("link")).toHaveText(links);
  }
});

test("an admin page has no customer notice and no footer; a customer page has both", async ({ page, logInAs }) => {
  await logInAs("admin");
  await page.goto("/dashboard");
  await expect(page.getByRole("complementary", { name: "Notice" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  for (const path of ["/admin/active-users", "/admin/promo/new", "/admin/view-as"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Notice" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  }
});

test("the admin header is one row at 1280 px, and nothing scrolls sideways at 390 px", async ({ page, logInAs }) => {
  await logInAs("admin");
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of ["/admin/view-as", "/admin/promo/new"]) {
    await page.goto(path);
    const header = page.getByRole("banner");
    const brand = (await header.getByRole("link").first().boundingBox())!;
    const parts = await header.locator(".app-header__tools > *").all();
    expect(parts.length).toBeGreaterThan(4);
    // every part of the header overlaps the logo's row: none has wrapped below it
    for (const part of parts) {
      const box = (await part.boundingBox())!;
      expect(box.y, await part.innerText()).toBeLessThan(brand.y + brand.height);
      expect(box.y + box.height).toBeGreaterThan(brand.y);
    }
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.height).toBeLessThan(brand.height * 2);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/admin/view-as", "/admin/promo/new", "/admin/active-users"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("admin forms: one radio a row, beside its label", async ({ page, logInAs }) => {
  await logInAs("admin");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/promo/new");
  for (const labels of [
    ["Banner: a slide at the top of the dashboard", "Featured product: shown in the dashboard's first product banner"],
    ["All customers", "One sector"],
  ]) {
    const boxes = [];
    for (const label of labels) {
      const radio = (await page.getByLabel(label).boundingBox())!;
      const words = (await page.getByText(label, { exact: true }).boundingBox())!;
      // the radio on its words' line, just before them
      expect(radio.y + radio.height).toBeGreaterThan(words.y);
      expect(radio.y).toBeLessThan(words.y + words.height);
      expect(words.x - (radio.x + radio.width)).toBeLessThan(16);
      boxes.push(words);
    }
    // the second below the first, not beside it
    expect(boxes[1].y).toBeGreaterThanOrEqual(boxes[0].y + boxes[0].height);
  }
});

test("a promotion's image uploaded, served with its type; a file that is no picture refused under its field", async ({
  page,
  logInAs,
}, testInfo) => {
  const tag = `${testInfo.project.name}.${Date.now().toString(36)}`;
  const title = `Pictured ${tag}`;
  try {
    await logInAs("admin");
    await page.goto("/admin/promo/new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Start date").fill("2026-12-01");
    await page.getByLabel("End date (included)").fill("2026-12-24");

    // text named .png: refused by its bytes, the typed values kept
    await page.getByLabel("Image").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: NOT_A_PICTURE });
    await page.getByRole("button", { name: "Create promotion" }).click();
    await expect(
      page.getByText("The image must be a PNG, JPEG or WebP picture: this file is none of them"),
    ).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Start date")).toHaveValue("2026-12-01");

    await page.getByLabel("Image").setInputFiles(PROMO_IMAGE_FILES.png);
    await page.getByRole("button", { name: "Create promotion" }).click();
    await expect(page).toHaveURL("/admin/promo");
    await expect(page.getByRole("status").filter({ hasText: `Promotion '${title}' created` })).toBeVisible();
    // the list shows the dates as the portal writes them
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await expect(row).toContainText("01.12.26 – 24.12.26");

    await row.getByRole("link", { name: title, exact: true }).click();
    const image = page.getByRole("img", { name: "The promotion's image now" });
    await expect(image).toHaveAttribute("src", /^\/promo-image\/\d+$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    const served = await page.request.get((await image.getAttribute("src"))!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(Buffer.from(await served.body()).equals(fs.readFileSync(PROMO_IMAGE_FILES.png))).toBe(true);
  } finally {
    const token = await providerToken(DEMO.admin);
    const left = await providerCall<{ data: Array<{ id: string; title: string }> }>("/admin/promotion?$limit=100", {
      token,
    });
    for (const p of left.data.filter((p) => p.title.endsWith(tag)))
      await providerCall(`/admin/promotion/${p.id}`, { method: "DELETE", token });
  }
});

test("the product search inside the promotion form keeps what was typed", async ({ page, logInAs }) => {
  await logInAs("admin");
  await page.goto("/admin/promo/new");
  await page.getByLabel("Featured product: shown in the dashboard's first product banner").check();
  await page.getByLabel("Title").fill("Typed before the search");
  await page.getByLabel("Text").fill("Kept as typed");
  await page.getByLabel("Start date").fill("2026-12-01");
  await page.getByLabel("Product name or code contains").fill("polo");
  await page.getByRole("button", { name: "Find products" }).click();
  await expect(page.getByRole("status").filter({ hasText: /products? found/ })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Typed before the search");
  await expect(page.getByLabel("Text")).toHaveValue("Kept as typed");
  await expect(page.getByLabel("Start date")).toHaveValue("2026-12-01");
  await expect(page.getByLabel("Featured product: shown in the dashboard's first product banner")).toBeChecked();
  await expect(page.getByLabel("Product name or code contains")).toHaveValue("polo");
  const product = page.getByLabel("Product", { exact: true });
  await expect(product.locator("option")).not.toHaveCount(1);
  await expect(product.locator("option").nth(1)).toContainText(/polo/i);
});
