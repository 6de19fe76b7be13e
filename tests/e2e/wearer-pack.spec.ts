import { DEMO, expect, providerCall, providerToken, test } from "./fixtures";

type Budget = { type: string; allocationTypeName: string | null; qty: number; usedQty: number };
type Wearer = { firstName: string; lastName: string; grade: string | null; budgets: Budget[]; nextResetDate: string | null };
type UnitAnswer = { selectedCustomer: { contactId: string } | null; customers: Array<{ contactId: string }> };

/** The first active wearer with a renewing allowance, as the provider answers manpack@demo.test. */
async function aWearer(): Promise<Wearer> {
  const token = await providerToken(DEMO.manpack);
  const session = await providerCall<UnitAnswer>("/session", { token });
  if (!session.selectedCustomer) {
    await providerCall("/select-customer", { method: "POST", token, body: JSON.stringify({ contactId: session.customers[0].contactId }) });
  }
  const list = await providerCall<{ data: Wearer[] }>("/contact?isInactive=false&manpackUser=true&$limit=100", { token });
  const wearer = list.data.find((w) => w.nextResetDate && w.grade && w.budgets.length > 0);
  if (!wearer) throw new Error("no seeded wearer with a renewing allowance");
  return wearer;
}

/** yyyy-MM-dd as the portal shows dates (SPEC: dd.MM.yy). */
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

test.describe("wearer packs: the wearers (issue 15 item 2)", () => {
  test("manpack@demo.test opens Wearer packs from the sidebar, searches by name and by grade, and sees allowances and the reset date", async ({ page, logInAs }) => {
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
    await expect(row).toContainText(budget.type === "Points" ? `${left} points left` : `${budget.allocationTypeName ?? budget.type}: `);
    await expect(row).toContainText(shown(wearer.nextResetDate!));

    await page.getByRole("searchbox", { name: "Name, employee reference, department or grade" }).fill(wearer.grade!);
    await page.getByRole("button", { name: "Search wearers" }).click();
    await expect(page.getByRole("searchbox", { name: "Name, employee reference, department or grade" })).toHaveValue(wearer.grade!);
    // every wearer shown matches the grade (q also matches names, references and departments, so the whole row)
    const rows = page.getByRole("region", { name: "Wearers" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.allTextContents()) expect(text.toLowerCase()).toContain(wearer.grade!.toLowerCase());
  });

  test("the dashboard links to the wearers for manpack@demo.test", async ({ page, logInAs }) => {
    await logInAs("manpack");
    await page.goto("/");
    await page.getByRole("link", { name: "Find a wearer" }).click();
    await expect(page).toHaveURL("/wearer-pack");
  });

  test("browse@demo.test, without wearer-pack permissions, is sent to the dashboard and told why", async ({ page, logInAs }) => {
    await logInAs("browse");
    await page.goto("/wearer-pack");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("alert")).toHaveText("Your account cannot open wearer packs.");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wearer packs" })).toHaveCount(0);
  });
});
