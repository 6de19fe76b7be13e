import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test.describe("accessibility (axe: no serious or critical violations)", () => {
  test("login page", async ({ page }) => {
    await page.goto("/login");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("business unit choice", async ({ page, logInAs }) => {
    await logInAs("admin");
    await page.goto("/select-your-customer");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("dashboard with header, sidebar and banner", async ({ page, logInAs }) => {
    await logInAs("buyer");
    await page.goto("/dashboard");
    expect(await seriousViolations(page)).toEqual([]);
  });

  // issue 34 item 4 (decisions 164, 165): the admin sidebar's headed sections, the promotion form's upload, Find
  // buttons, date inputs and one-a-row radios, and a refused upload's message
  test("the admin area: the promotion form, before and after a refused upload", async ({ page, logInAs }) => {
    await logInAs("admin");
    await page.goto("/admin/promo/new");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Title").fill("Refused");
    await page.getByLabel("Image").setInputFiles({ name: "x.png", mimeType: "image/png", buffer: Buffer.from("no") });
    await page.getByRole("button", { name: "Create promotion" }).click();
    await expect(page.getByText("The image must be a PNG, JPEG or WebP picture")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("dashboard on a 360 px wide phone", async ({ page, logInAs }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await logInAs("approver");
    await page.goto("/dashboard");
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
