import AxeBuilder from "@axe-core/playwright";
import { DEMO, expect, providerCall, providerToken, test } from "./fixtures";
import { countOf } from "../../app/domain/plural";

// Issue 15 item 7 (decision 103): buyer@demo.test (addManpackUser, canViewManpack, manpackOrders) adds a wearer to
// Harbour Health Trust from the sidebar, lands on the wearer's page and finds them in the wearers with their grade's
// allowances, nothing used; a duplicate employee reference is a field error with what was typed kept. Both projects.

const UNIT = "Harbour Health Trust";
const GRADE = "Porter";

type Budget = { type: string; allocationTypeName: string | null; qty: number; usedQty: number };
type Contact = {
  internalId: string;
  firstName: string;
  employeeRef: string | null;
  grade: string | null;
  budgets: Budget[];
};
type UnitAnswer = { customers: Array<{ contactId: string; name: string }> };

/** The provider as buyer@demo.test in Harbour Health Trust. */
async function harbourToken(): Promise<string> {
  const token = await providerToken(DEMO.buyer);
  const session = await providerCall<UnitAnswer>("/session", { token });
  const unit = session.customers.find((c) => c.name === UNIT);
  if (!unit) throw new Error(`buyer has no unit ${UNIT}`);
  await providerCall("/select-customer", {
    method: "POST",
    token,
    body: JSON.stringify({ contactId: unit.contactId }),
  });
  return token;
}

test.describe("adding a wearer (issue 15 item 7)", () => {
  test("buyer@demo.test adds a wearer from the sidebar, lands on their page, and finds them with their grade's allowances", async ({
    page,
    logInAs,
  }, testInfo) => {
    const ref = `E2E-${Date.now().toString(36)}-${testInfo.project.name}`.toUpperCase();
    await logInAs("buyer", UNIT);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Add a wearer" }).click();
    await expect(page).toHaveURL("/add-wearer");
    await expect(page.getByRole("heading", { level: 1, name: "Add a wearer" })).toBeVisible();

    await page.getByLabel("First name").fill("Nia");
    await page.getByLabel("Last name").fill(`Newstarter ${testInfo.project.name}`);
    await page.getByLabel("Email (optional)").fill(`nia.${ref.toLowerCase()}@harbour.test`);
    await page.getByLabel("Grade").selectOption(GRADE);
    await page.getByLabel("Employee reference").fill(ref);
    await page.getByLabel("Department").selectOption({ index: 1 });
    await page.getByLabel("Cost centre").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Add wearer" }).click();

    await expect(page).toHaveURL(/\/wearer-pack\/\d+$/);
    await expect(page.getByRole("status").filter({ hasText: "Wearer added" })).toBeVisible();
    const id = new URL(page.url()).pathname.split("/").pop()!;

    // the provider holds them with the grade's standard allowances, nothing used
    const token = await harbourToken();
    const wearer = await providerCall<Contact>(`/contact/${id}`, { token });
    expect([wearer.employeeRef, wearer.grade]).toEqual([ref, GRADE]);
    expect(wearer.budgets.length).toBeGreaterThan(0);
    expect(wearer.budgets.every((b) => b.usedQty === 0)).toBe(true);

    await page.goto(`/wearer-pack?q=${encodeURIComponent(ref)}`);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(ref) }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(GRADE);
    for (const b of wearer.budgets)
      await expect(row).toContainText(
        b.type === "Points" ? `${countOf(b.qty, "point")} left` : `${b.allocationTypeName ?? b.type}: ${b.qty} left`,
      );
  });

  test("a duplicate employee reference is an error under its field; what was typed is kept and nothing is added", async ({
    page,
    logInAs,
  }, testInfo) => {
    const token = await harbourToken();
    const [taken] = (
      await providerCall<{ data: Contact[] }>("/contact?isInactive=false&manpackUser=true&$limit=1", { token })
    ).data;
    const lastName = `Duplicate ${Date.now().toString(36)} ${testInfo.project.name}`;
    await logInAs("buyer", UNIT);
    await page.goto("/add-wearer");
    await page.getByLabel("First name").fill("Dee");
    await page.getByLabel("Last name").fill(lastName);
    await page.getByLabel("Grade").selectOption(GRADE);
    await page.getByLabel("Employee reference").fill(taken.employeeRef!.toLowerCase());
    await page.getByLabel("Department").selectOption({ index: 1 });
    await page.getByLabel("Cost centre").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Add wearer" }).click();

    const field = page.getByLabel("Employee reference");
    await expect(
      page.getByText(`Employee reference ${taken.employeeRef!.toLowerCase()} already belongs to another contact`),
    ).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/add-wearer");
    await expect(page.getByLabel("Last name")).toHaveValue(lastName);
    await expect(page.getByLabel("Grade")).toHaveValue(GRADE);
    const found = await providerCall<{ total: number }>(`/contact?q=${encodeURIComponent(lastName)}&$limit=1`, {
      token,
    });
    expect(found.total).toBe(0);
  });

  test("the form, empty and with its errors, passes axe and fits a 390 px phone (JS project: axe runs in the page)", async ({
    page,
    logInAs,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "axe runs inside the page; the markup is the same without JavaScript");
    test.slow(); // four axe runs and four full-page screenshots
    await logInAs("buyer", UNIT);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/add-wearer");
      for (const state of ["empty", "errors"]) {
        if (state === "errors") {
          await page.getByRole("button", { name: "Add wearer" }).click();
          await expect(page.getByText("Enter the first name")).toBeVisible();
        }
        const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
        ).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await page.screenshot({ path: testInfo.outputPath(`add-wearer-${state}-${width}.png`), fullPage: true });
      }
    }
  });
});
