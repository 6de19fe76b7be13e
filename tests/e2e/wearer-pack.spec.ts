import AxeBuilder from "@axe-core/playwright";
import { DEMO, expect, providerCall, providerToken, test } from "./fixtures";
import { countOf } from "../../app/domain/plural";

type Budget = { type: string; allocationTypeName: string | null; qty: number; usedQty: number };
type Wearer = {
  firstName: string;
  lastName: string;
  grade: string | null;
  budgets: Budget[];
  nextResetDate: string | null;
};
type UnitAnswer = { selectedCustomer: { contactId: string } | null; customers: Array<{ contactId: string }> };

/** The first active wearer with a renewing allowance, as the provider answers manpack@demo.test. */
async function aWearer(): Promise<Wearer> {
  const token = await providerToken(DEMO.manpack);
  const session = await providerCall<UnitAnswer>("/session", { token });
  if (!session.selectedCustomer) {
    await providerCall("/select-customer", {
      method: "POST",
      token,
      body: JSON.stringify({ contactId: session.customers[0].contactId }),
    });
  }
  const list = await providerCall<{ data: Wearer[] }>("/contact?isInactive=false&manpackUser=true&$limit=100", {
    token,
  });
  const wearer = list.data.find((w) => w.nextResetDate && w.grade && w.budgets.length > 0);
  if (!wearer) throw new Error("no seeded wearer with a renewing allowance");
  return wearer;
}

/** yyyy-MM-dd as the portal shows dates (SPEC: dd.MM.yy). */
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

test.describe("wearer packs: the wearers (issue 15 item 2)", () => {
  test("manpack@demo.test opens Wearer packs from the sidebar, searches by name and by grade, and sees allowances and the reset date", async ({
    page,
    logInAs,
  }) => {
    const wearer = await aWearer();
    const name = `${wearer.firstName} ${wearer.lastName}`;
    await logInAs("manpack");
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wearer packs" }).click();
    await expect(page).toHaveURL("/wearer-pack");
    await expect(page.getByRole("heading", { level: 1, name: "Wearer packs" })).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Name, employee reference, department or grade" });
    await search.fill(name);
    await page.getByRole("button", { name: "Search wearers" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(name) }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(wearer.grade!);
    const budget = wearer.budgets[0];
    const left = Math.max(0, budget.qty - budget.usedQty);
    await expect(row).toContainText(
      budget.type === "Points" ? `${countOf(left, "point")} left` : `${budget.allocationTypeName ?? budget.type}: `,
    );
    await expect(row).toContainText(shown(wearer.nextResetDate!));

    await page.getByRole("searchbox", { name: "Name, employee reference, department or grade" }).fill(wearer.grade!);
    await page.getByRole("button", { name: "Search wearers" }).click();
    await expect(page.getByRole("searchbox", { name: "Name, employee reference, department or grade" })).toHaveValue(
      wearer.grade!,
    );
    // every wearer shown matches the grade (q also matches names, references and departments, so the whole row)
    const rows = page.getByRole("region", { name: "Wearers" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toContain(wearer.grade!.toLowerCase());
  });

  test("the wearers pass axe and fit a 390 px phone, with pages (JS project: axe runs in the page)", async ({
    page,
    logInAs,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "axe runs inside the page; the markup is the same without JavaScript");
    await logInAs("manpack");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/wearer-pack?page=2");
      await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Page 2 of");
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`wearers-${width}.png`), fullPage: true });
    }
  });

  test("the dashboard links to the wearers for manpack@demo.test", async ({ page, logInAs }) => {
    await logInAs("manpack");
    await page.goto("/");
    await page.getByRole("link", { name: "Find a wearer" }).click();
    await expect(page).toHaveURL("/wearer-pack");
  });

  test("the wearer-pack basket's Wearer packs link opens the wearers (it used to be a 404)", async ({
    page,
    logInAs,
  }) => {
    // a wearer-pack-only user lands on the wearer-pack basket, with no choice of basket (issue 34 item 3, decision 161)
    await logInAs("manpack");
    await page.goto("/basket");
    await expect(page.getByRole("heading", { level: 2, name: "Wearer-pack basket" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Which basket" })).toHaveCount(0);
    await expect(page.getByRole("radio")).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "Wearer packs" }).click();
    await expect(page).toHaveURL("/wearer-pack");
    await expect(page.getByRole("heading", { level: 1, name: "Wearer packs" })).toBeVisible();
  });

  test("browse@demo.test, without wearer-pack permissions, is sent to the dashboard and told why", async ({
    page,
    logInAs,
  }) => {
    await logInAs("browse");
    await page.goto("/wearer-pack");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("alert")).toHaveText("Your account cannot open wearer packs.");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wearer packs" }),
    ).toHaveCount(0);
  });
});
