import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

/** The number the header's Basket link shows. */
export async function basketCount(page: Page): Promise<number> {
  const link = page.getByRole("banner").getByRole("link", { name: /^Basket, \d+ items$/ });
  const label = (await link.getAttribute("aria-label")) ?? "";
  return Number(label.match(/\d+/)?.[0] ?? NaN);
}

export function jsEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * Chooses a product option: with JavaScript the change submits itself; without, the form's button does.
 * `within` is where the option form is (the quick view's dialog); the whole page by default.
 */
export async function chooseOption(
  page: Page,
  label: string,
  value: string,
  param: string,
  within: Page | Locator = page,
) {
  await within.getByLabel(label, { exact: true }).selectOption(value);
  if (!jsEnabled()) await within.getByRole("button", { name: "Show details for these options" }).click();
  await expect(page).toHaveURL(
    new RegExp(`[?&]${param}=${encodeURIComponent(value).replace(/%20/g, "(\\+|%20)")}(&|$)`),
  );
  await expect(within.getByLabel(label, { exact: true })).toHaveValue(value);
}

export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The catalogue pages the heading-order and axe specs visit: [name, path]. */
export const CATALOGUE_PAGES: ReadonlyArray<readonly [name: string, path: string]> = [
  ["dashboard", "/dashboard"],
  ["category page", "/categories/full/hi-vis"],
  ["category page with the quick view open", "/categories/full/hi-vis?quickview=hi-vis-bomber-jacket"],
  ["product page", "/product/hi-vis-bomber-jacket?size=M&color=Yellow&finish=Plain"],
  ["product page with the size and colour grid", "/product/hi-vis-vest-class-2"],
  ["search results", "/search?q=polo"],
];
