import path from "node:path";
import { expect, test } from "./fixtures";

// /admin/netsuite-pull and /admin/sync-status (issue 21 item 4, decision 134), both projects: admin@demo.test pulls the
// seeded feed (P21's server/db/seed/erp-feed/erp-feed.json, decision 131), the run is listed and finishes, its bad row
// (GL999, a negative price) is listed with its reason, and the product page of Thermal Rigger Gloves (GL120; read by no
// other spec) shows the feed's price, £3.25. Both projects pull the same feed on one database: whichever pulls second
// finds everything unchanged, which the test accepts (the import is idempotent). One pull waits at a time (decision
// 155): a project whose Pull now finds the other's run waiting follows that run.
test("an ERP pull changes a price that the product page then shows, and the sync status lists the run", async ({
  page,
  logInAs,
}) => {
  test.slow();
  await logInAs("admin");
  await page.goto("/admin/netsuite-pull");
  await expect(page.getByRole("heading", { name: "ERP pull", level: 1 })).toBeVisible();
  await expect(page.getByText("erp-feed.json (JSON)")).toBeVisible();
  await page.getByRole("button", { name: "Pull now" }).click();
  await expect(page).toHaveURL("/admin/sync-status");
  const toast = page
    .getByRole("status")
    .filter({ hasText: /The ERP pull is queued \(run \d+\)|A pull is already waiting to run \(run \d+\)/ });
  await expect(toast).toBeVisible();
  const runId = /run (\d+)/.exec((await toast.textContent()) ?? "")![1];
  await expect(page.getByRole("link", { name: `Run ${runId}: details` })).toBeVisible();

  // the run's page, until the provider's worker has run it (reloaded: the no-JS page refreshes itself every 5 s)
  await page.goto(`/admin/sync-status/${runId}`);
  const summary = page.locator("dl");
  await expect(async () => {
    await page.reload();
    await expect(summary.getByText("Done", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const count = async (label: string) =>
    Number(await page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").textContent());
  const [created, updated, unchanged] = [
    await count("Records created"),
    await count("Records updated"),
    await count("Records unchanged"),
  ];
  // the first pull on this database writes GL120's price (and more); a later one finds everything unchanged
  expect(created + updated + unchanged).toBeGreaterThan(0);
  if (created + updated === 0) expect(unchanged).toBeGreaterThan(0);
  const errors = page.getByRole("region", { name: "Row errors" });
  await expect(errors.getByRole("row").filter({ hasText: "GL999" })).toContainText(/price/i);

  // the sync status lists it with its counts
  await page.goto("/admin/sync-status?status=succeeded");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Run ${runId}: details` }) });
  await expect(row).toContainText("Done");
  await expect(row).toContainText(String(unchanged));

  // the product page shows the feed's price at once
  await page.goto("/product/thermal-rigger-gloves");
  await expect(page.getByRole("heading", { name: "Thermal Rigger Gloves", level: 1 })).toBeVisible();
  await expect(page.getByText("From £3.25", { exact: true }).first()).toBeVisible();
});

test("an unknown run is the 404 page", async ({ page, logInAs }) => {
  await logInAs("admin");
  expect((await page.goto("/admin/sync-status/999999"))?.status()).toBe(404);
});

// Issue 33 item 4 (decision 156): a feed uploaded on the page is kept by the provider, so whichever machine runs the
// pull reads it, and the page says where the feed comes from. The file uploaded is the seeded feed itself, so the
// pull test above finds the same rows whichever source it reads (both run at once on one database).
const SEEDED_FEED = path.resolve("server/db/seed/erp-feed/erp-feed.json");

test("an uploaded feed becomes the source the page names; a file that is not a feed is refused saying why", async ({
  page,
  logInAs,
}) => {
  await logInAs("admin");
  await page.goto("/admin/netsuite-pull");
  const file = page.getByLabel("Feed file (JSON, at most 512 KB)");

  // not JSON: refused under the field, nothing kept
  await file.setInputFiles({ name: "feed.csv", mimeType: "text/csv", buffer: Buffer.from("code,price\nGL120,3") });
  await page.getByRole("button", { name: "Upload feed" }).click();
  await expect(
    page.getByText("feed.csv is not valid JSON: the feed is a JSON file with a list of items"),
  ).toBeVisible();

  // JSON without a list of items: the provider's refusal, in words
  await file.setInputFiles({
    name: "products.json",
    mimeType: "application/json",
    buffer: Buffer.from('{"products":[]}'),
  });
  await page.getByRole("button", { name: "Upload feed" }).click();
  await expect(page.getByText("The feed has no list of items")).toBeVisible();

  await file.setInputFiles(SEEDED_FEED);
  await page.getByRole("button", { name: "Upload feed" }).click();
  await expect(page).toHaveURL("/admin/netsuite-pull");
  await expect(
    page.getByRole("status").filter({
      hasText: "The feed erp-feed.json is uploaded: 4 rows, 1 that cannot be read (a pull lists them).",
    }),
  ).toBeVisible();
  await expect(
    page.getByText(/^Feed: erp-feed\.json, uploaded by .+ at \d\d\.\d\d\.\d\d \d\d:\d\d:\d\d, 4 rows$/),
  ).toBeVisible();
  await expect(page.getByText("erp-feed.json (JSON)")).toBeVisible();

  // the page with its upload form and the feed's line: nothing sideways at 390 px
  await page.setViewportSize({ width: 390, height: 900 });
  await page.reload();
  await expect(page.getByRole("button", { name: "Upload feed" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});
