import type { Page } from "@playwright/test";
import { seriousViolations } from "./catalogue-helpers";
import { expect, logInByCookie, providerCall, providerToken, test, DEMO } from "./fixtures";

// fullyParallel is on: a project's tests curate the same unit's catalogue and tree, so they run in order in one worker
test.describe.configure({ mode: "default" });

// The admin area's curation screens (issue 21 items 1–2, decision 133), in both projects. Each project works on data of
// its own and puts it back: the js project curates Northwind Facilities (seen by requester@demo.test) and reorders the
// Safety Footwear subcategories, the no-js project Harbour Health Trust (seen by buyer@demo.test in that unit) and the
// Gloves subcategories. No other spec reads a customer's my catalogue or these subcategories' order.
const CASES = {
  js: {
    customer: "Northwind Facilities",
    viewer: { who: "requester" as const, unit: "Northwind Facilities" },
    add: { code: "SB120", name: "Rail Boot S3 HRO", category: "footwear/safety-boots" },
    parent: { slug: "footwear", first: "Safety Boots", second: "Safety Trainers & Shoes" },
  },
  "no-js": {
    customer: "Harbour Health Trust",
    viewer: { who: "buyer" as const, unit: "Harbour Health Trust" },
    add: { code: "PP100", name: "Vented Safety Helmet", category: "ppe/head-eye" },
    parent: { slug: "gloves", first: "Work Gloves", second: "Disposable Gloves" },
  },
};
type Case = (typeof CASES)[keyof typeof CASES];
const caseFor = (project: string): Case => CASES[project === "js" ? "js" : "no-js"];

const toast = (page: Page) => page.getByRole("status");

/** Takes the product out of the customer's my catalogue through the provider, when a failed run left it there. */
async function putBack(customerName: string, code: string) {
  const token = await providerToken(DEMO.admin);
  const customers = await providerCall<{ data: Array<{ id: string; name: string }> }>(
    `/admin/customer?q=${encodeURIComponent(customerName)}`,
    { token },
  );
  const customerId = customers.data.find((c) => c.name === customerName)?.id;
  if (!customerId) return;
  const list = await providerCall<{ data: Array<{ item: { id: string; itemCode: string } }> }>(
    `/admin/my-catalogue?customerId=${customerId}`,
    { token },
  );
  const entry = list.data.find((e) => e.item.itemCode === code);
  if (entry)
    await providerCall(`/admin/my-catalogue/${entry.item.id}?customerId=${customerId}`, { method: "DELETE", token });
}

test("admin curates a customer's my catalogue and that customer's /categories/my follows", async ({
  page,
  browser,
  logInAs,
}, testInfo) => {
  test.slow();
  const c = caseFor(testInfo.project.name);
  await putBack(c.customer, c.add.code);
  const theirs = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const viewer = await theirs.newPage();
  await logInByCookie(theirs, c.viewer.who, c.viewer.unit);

  await logInAs("admin");
  await page.goto(`/admin/my-catalogue?q=${encodeURIComponent(c.customer)}`);
  await page.getByRole("link", { name: c.customer, exact: true }).click();
  await expect(page.getByRole("heading", { name: `2. ${c.customer}'s my catalogue` })).toBeVisible();
  if (testInfo.project.name === "js") expect(await seriousViolations(page)).toEqual([]);
  const table = page.getByRole("region", { name: `2. ${c.customer}'s my catalogue` });
  const rowNames = () => table.locator("tbody th").allInnerTexts();

  // the second moves up: it is now first, for the customer too
  const [first, second] = await rowNames();
  await page.getByRole("button", { name: `Move ${second} up` }).click();
  await expect(toast(page)).toHaveText(`${second} moved up: now number 1`);
  await expect.poll(async () => (await rowNames()).slice(0, 2)).toEqual([second, first]);
  await expect(async () => {
    await viewer.goto("/categories/my");
    await expect(viewer.getByRole("list", { name: "Products" }).getByRole("listitem").first()).toContainText(second, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });

  // a product found by its code is added (placed last) and shows in its category for the customer
  await page.getByLabel("Product name or code contains").fill(c.add.code);
  await page.getByRole("button", { name: "Find products" }).click();
  await page.getByRole("radio", { name: new RegExp(`^${c.add.name}`) }).check();
  await page.getByRole("button", { name: "Add to the my catalogue" }).click();
  await expect(toast(page)).toHaveText(`${c.add.name} added to the my catalogue of ${c.customer}`);
  await expect.poll(async () => (await rowNames()).at(-1)).toBe(c.add.name);
  await expect(page.getByRole("radio", { name: new RegExp(`^${c.add.name}`) })).toBeDisabled();
  await viewer.goto(`/categories/my/${c.add.category}`);
  await expect(
    viewer.getByRole("list", { name: "Products" }).getByRole("link", { name: c.add.name, exact: true }),
  ).toBeVisible();

  // put back: the order as it was, the product taken out again; the customer no longer sees it
  await page.getByRole("button", { name: `Move ${second} down` }).click();
  await expect(toast(page)).toHaveText(`${second} moved down: now number 2`);
  await page.getByRole("button", { name: `Remove ${c.add.name}` }).click();
  await expect(toast(page)).toHaveText(`${c.add.name} has been taken out of the my catalogue`);
  await expect.poll(rowNames).not.toContain(c.add.name);
  await expect.poll(async () => (await rowNames()).slice(0, 2)).toEqual([first, second]);
  await viewer.goto(`/categories/my/${c.add.category}`);
  await expect(viewer.getByRole("link", { name: c.add.name, exact: true })).toHaveCount(0);
  await theirs.close();
});

test("admin reorders a category: the manager, the provider's tree and the portal's category menu follow", async ({
  page,
  browser,
  logInAs,
}, testInfo) => {
  test.slow();
  const c = caseFor(testInfo.project.name);
  const { first, second } = c.parent;
  // a customer's category menu in the portal (decision 135: the provider's order, the kept tree forgotten on the write)
  const theirs = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const viewer = await theirs.newPage();
  await logInByCookie(theirs, c.viewer.who, c.viewer.unit);
  const portalMenu = async () => {
    await viewer.goto(`/categories/full/${c.parent.slug}`);
    const names = await viewer.getByRole("navigation", { name: "Categories" }).getByRole("link").allInnerTexts();
    return names.map((n) => n.trim()).filter((n) => n === first || n === second);
  };
  const manager = async () =>
    (await page.locator("tbody th").allInnerTexts())
      .map((n) => n.replace(/^(— )+/, "").replace(/ \/.*$/, ""))
      .filter((n) => n === first || n === second);
  // the customers' tree as the provider answers it (GET /api/userCategory?type=full, siblings by display order)
  const customerFacing = async () => {
    const token = await providerToken(DEMO.requester);
    const text = JSON.stringify(await providerCall<unknown>("/userCategory?type=full", { token }));
    return [first, second].sort(
      (a, b) => text.indexOf(`"name":${JSON.stringify(a)}`) - text.indexOf(`"name":${JSON.stringify(b)}`),
    );
  };
  expect(await customerFacing()).toEqual([first, second]);
  expect(await portalMenu()).toEqual([first, second]);
  await logInAs("admin");
  await page.goto("/admin/category-manager");
  if (testInfo.project.name === "js") expect(await seriousViolations(page)).toEqual([]);
  expect(await manager()).toEqual([first, second]);
  await page.getByRole("button", { name: `Move ${second} up` }).click();
  try {
    await expect(toast(page)).toHaveText(`'${second}' moved up`);
    // the toast comes first in the document: without JavaScript the table may still be arriving
    await expect.poll(manager).toEqual([second, first]);
    await expect(page.getByRole("button", { name: `Move ${second} up` })).toBeDisabled();
    expect(await customerFacing()).toEqual([second, first]);
    expect(await portalMenu()).toEqual([second, first]);
  } finally {
    // put back
    await page.goto("/admin/category-manager");
    await page.getByRole("button", { name: `Move ${second} down` }).click();
    await expect(toast(page)).toHaveText(`'${second}' moved down`);
  }
  await expect.poll(manager).toEqual([first, second]);
  expect(await customerFacing()).toEqual([first, second]);
  expect(await portalMenu()).toEqual([first, second]);
  await theirs.close();
});

test("a category cannot be moved under itself: the edit form offers only valid parents, and an empty name is refused under its field", async ({
  page,
  logInAs,
}, testInfo) => {
  const c = caseFor(testInfo.project.name);
  await logInAs("admin");
  await page.goto("/admin/category-manager");
  await page.getByRole("link", { name: `Edit ${c.parent.second}` }).click();
  await expect(page.getByRole("heading", { name: `Edit ${c.parent.second}` })).toBeVisible();
  const parents = await page.getByLabel("Under").locator("option").allInnerTexts();
  expect(parents.some((p) => p.includes(c.parent.second))).toBe(false);
  expect(parents).toContain("The top level");
  // an empty name is refused under its field, nothing sent
  await page.getByLabel("Name").fill(" ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a name")).toBeVisible();
});
