import AxeBuilder from "@axe-core/playwright";
import { DEMO, expect, markEmailFailed, newColleague, providerCall, providerToken, test } from "./fixtures";

// /admin/e-mails (issue 32 item 1, decision 147), both projects: a colleague made for this test asks for a password
// reset; the e-mail is listed for the admin; marked failed (as a relay that gave up after 8 tries would leave it, the
// e2e provider having no SMTP_URL), it shows the server's answer and "Send again" puts it back in the queue, with its
// tries from 0. A customer's user is refused the screen and the provider's list.

test("an admin finds a failed e-mail with the server's answer and sends it again", async ({ page, logInAs }) => {
  const { email } = await newColleague("Northwind Facilities", "mail");
  await providerCall("/password-reset", { method: "POST", body: JSON.stringify({ email }) });
  const id = markEmailFailed(email, "reset", "550 5.1.1 Mailbox unavailable");
  await logInAs("admin");
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "E-mails", exact: true }).click();
  await expect(page.getByRole("heading", { name: "E-mails", level: 1 })).toBeVisible();

  await page.getByRole("navigation", { name: "Filter e-mails" }).getByRole("link", { name: "Failed" }).click();
  await expect(page).toHaveURL("/admin/e-mails?status=failed");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Password reset");
  await expect(row).toContainText("Failed");
  await expect(row).toContainText("550 5.1.1 Mailbox unavailable");
  await expect(row.getByRole("cell").nth(3)).toHaveText("8");
  // the invitation that made the colleague was never sent either (no SMTP here), but it has not failed: no button
  await row
    .getByRole("button", { name: new RegExp(`^Send again the e-mail to ${email.replace(/\./g, "\\.")}`) })
    .click();

  await expect(page).toHaveURL("/admin/e-mails?status=failed");
  await expect(page.getByRole("status").filter({ hasText: `E-mail ${id} is queued to be sent again` })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await page.goto("/admin/e-mails?status=pending");
  const waiting = page.getByRole("row").filter({ hasText: email }).filter({ hasText: "Password reset" });
  await expect(waiting).toContainText("Waiting");
  await expect(waiting.getByRole("cell").nth(3)).toHaveText("0");
  await expect(waiting.getByRole("button", { name: /Send again/ })).toHaveCount(0);
  const invitation = page.getByRole("row").filter({ hasText: email }).filter({ hasText: "Invitation" });
  await expect(invitation).toContainText("Waiting");
});

test("a customer's user is sent away from /admin/e-mails and refused the provider's list", async ({
  page,
  logInAs,
}) => {
  await logInAs("buyer");
  await page.goto("/admin/e-mails");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "E-mails", exact: true })).toHaveCount(0);
  const accessToken = await providerToken(DEMO.buyer);
  await expect(providerCall("/admin/e-mail", { token: accessToken })).rejects.toThrow(/→ 403/);
  await expect(providerCall("/outbox", { token: accessToken })).rejects.toThrow(/→ 403/);
});

test("the e-mails screen: no serious axe violations, nothing sideways at 1280 or 390 px", async ({
  page,
  logInAs,
}, testInfo) => {
  test.skip(!testInfo.project.use.javaScriptEnabled, "axe needs JavaScript");
  await logInAs("admin");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/e-mails");
    await expect(page.getByRole("heading", { name: "E-mails", level: 1 })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  }
});
