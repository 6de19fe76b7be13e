import { expect, logInByCookie, providerCall, providerToken, DEMO, test } from "./fixtures";

// /admin/promo (issue 21 item 3, decision 134), both projects: admin@demo.test schedules two banners aimed at one
// customer, Apex Rail Services (whose dashboard no other spec reads; admin@demo.test is also its user, seen in a second
// context with that unit chosen): the one dated today shows on that dashboard, the one dated in the future does not
// until its start date is moved to today. Titles are the project's and the run's own, so the two projects running side
// by side do not see each other's; both promotions are deleted at the end (and by the provider's API if a step failed).
const CUSTOMER = "Apex Rail Services";
const iso = (d: Date) => d.toISOString().slice(0, 10);
const shown = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, "0")}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${String(d.getUTCFullYear()).slice(2)}`;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);

test("a scheduled promotion shows on its customer's dashboard only inside its dates", async ({
  page,
  browser,
  logInAs,
}, testInfo) => {
  test.slow();
  const tag = `${testInfo.project.name}.${Date.now().toString(36)}`;
  const today = `Today ${tag}`;
  const future = `Future ${tag}`;
  try {
    await logInAs("admin");
    for (const [title, from, to] of [
      [future, inDays(3), inDays(10)],
      [today, inDays(0), inDays(1)],
    ] as const) {
      await page.goto(`/admin/promo/new?customerQ=${encodeURIComponent("Apex")}`);
      await expect(page.getByRole("heading", { name: "New promotion", level: 1 })).toBeVisible();
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Text").fill("Trackside kit, this week only");
      await page.getByLabel("Link (a path on this site; empty: the product's page)").fill("/categories/full");
      await page.getByLabel("Start date").fill(iso(from));
      await page.getByLabel("End date (included)").fill(iso(to));
      await page.getByLabel("One customer").check();
      await page.getByLabel("Customer", { exact: true }).selectOption({ label: CUSTOMER });
      await page.getByRole("button", { name: "Create promotion" }).click();
      await expect(page).toHaveURL("/admin/promo");
      await expect(page.getByRole("status").filter({ hasText: `Promotion '${title}' created` })).toBeVisible();
    }
    const row = (title: string) =>
      page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await expect(row(future)).toContainText("Scheduled");
    await expect(row(today)).toContainText("Live");
    await expect(row(today)).toContainText(`Customer: ${CUSTOMER}`);
    // typed in date inputs, shown as the portal writes dates (decision 165)
    await expect(row(today)).toContainText(`${shown(inDays(0))} – ${shown(inDays(1))}`);

    // a refused date: under its field, nothing saved
    await row(future).getByRole("link", { name: future, exact: true }).click();
    await page.getByLabel("End date (included)").fill(iso(inDays(1)));
    await page.getByRole("button", { name: "Save promotion" }).click();
    await expect(page.getByText("The end date must be on or after the start date")).toBeVisible();

    // the customer's user sees today's banner, not the future one
    const theirs = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    const customer = await theirs.newPage();
    await logInByCookie(theirs, "admin", CUSTOMER);
    await customer.goto("/dashboard");
    const hero = customer.getByRole("region", { name: "Featured" });
    await expect(hero.getByRole("heading", { name: today })).toBeAttached();
    await expect(hero.getByRole("link", { name: today })).toHaveAttribute("href", "/categories/full");
    await expect(customer.getByRole("heading", { name: future })).toHaveCount(0);

    // moved to start today, it shows too
    await page.goto("/admin/promo?status=scheduled");
    await row(future).getByRole("link", { name: future, exact: true }).click();
    await page.getByLabel("Start date").fill(iso(inDays(0)));
    await page.getByRole("button", { name: "Save promotion" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Promotion '${future}' saved` })).toBeVisible();
    await expect(row(future)).toContainText("Live");
    await customer.goto("/dashboard");
    await expect(hero.getByRole("heading", { name: future })).toBeAttached();

    // deleted, both leave the dashboard
    for (const title of [future, today]) {
      await row(title)
        .getByRole("button", { name: `Delete ${title}` })
        .click();
      await expect(page.getByRole("status").filter({ hasText: `Promotion '${title}' deleted` })).toBeVisible();
      await expect(row(title)).toHaveCount(0);
    }
    await customer.goto("/dashboard");
    await expect(customer.getByRole("heading", { name: today })).toHaveCount(0);
    await theirs.close();
  } finally {
    const token = await providerToken(DEMO.admin);
    const left = await providerCall<{ data: Array<{ id: string; title: string }> }>("/admin/promotion?$limit=100", {
      token,
    });
    for (const p of left.data.filter((p) => p.title.endsWith(tag)))
      await providerCall(`/admin/promotion/${p.id}`, { method: "DELETE", token });
  }
});

test("a promotion's refusals: the provider's 400 under its field; an unknown promotion is the 404 page", async ({
  page,
  logInAs,
}) => {
  await logInAs("admin");
  const response = await page.goto("/admin/promo/999999");
  expect(response?.status()).toBe(404);
  await page.goto("/admin/promo/new");
  await page.getByLabel("Featured product: shown in the dashboard's first product banner").check();
  await page.getByLabel("Title").fill("No product");
  await page.getByLabel("Start date").fill("2026-12-01");
  await page.getByLabel("End date (included)").fill("2026-12-31");
  await page.getByRole("button", { name: "Create promotion" }).click();
  await expect(page.getByText("Choose the product to feature")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("No product");
});
