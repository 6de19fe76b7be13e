import { expect, latestEmail, linkPath, PASSWORD, test } from "./fixtures";

// /add-site-user (issue 17 item 2, decision 113), in both projects: buyer@demo.test invites a colleague through the
// form, the colleague accepts from the outbox link and logs in with exactly the permissions granted; a revoked
// invitation's link says it cannot be used. Every address is new per project and run.
const UNIT = "Northwind Facilities";
const unique = (label: string, project: string) =>
  `${label}.${project}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@northwind.example`;

test("buyer invites a colleague, who accepts and logs in with exactly the permissions granted", async ({
  page,
  context,
  logInAs,
}, testInfo) => {
  const email = unique("invited", testInfo.project.name);
  await logInAs("buyer", UNIT);
  await page.goto("/add-site-user");
  await expect(page.getByRole("heading", { name: "Invite a colleague" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Ines");
  await page.getByLabel("Last name").fill("Invited");
  // the inviter's own permissions, in words; only the full catalogue is given
  await page.getByLabel("Browse and order from the full catalogue").check();
  await expect(page.getByLabel("See the order history")).not.toBeChecked();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${email}`);
  const invitations = page.getByRole("region", { name: "Invitations waiting" });
  await expect(invitations.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) })).toBeVisible();

  // the same address again: refused under the field
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Ines");
  await page.getByLabel("Last name").fill("Invited");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.locator("#email-error")).toBeVisible();

  const link = linkPath((await latestEmail(email, "invitation")).body);
  await context.clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Welcome, Ines" })).toBeVisible();
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL("/login");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Ines" })).toBeVisible();

  // exactly what was granted: the full catalogue opens, the order history and the site users do not
  await page.goto("/my-account");
  await expect(page.locator(".my-account__abilities li")).toHaveText(["Browse and order from the full catalogue"]);
  await page.goto("/categories/full");
  await expect(page).toHaveURL(/\/categories\/full/);
  await page.goto("/order-history");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("alert")).toHaveText("Your account cannot open order history.");
  await page.goto("/add-site-user");
  await expect(page).toHaveURL("/");
});

test("a revoked invitation's link says it cannot be used", async ({ page, context, logInAs }, testInfo) => {
  const email = unique("revoked", testInfo.project.name);
  await logInAs("buyer", UNIT);
  await page.goto("/add-site-user");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Rhys");
  await page.getByLabel("Last name").fill("Revoked");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${email}`);
  const link = linkPath((await latestEmail(email, "invitation")).body);

  await page.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
  await expect(page.getByRole("status")).toHaveText("Invitation revoked: its link no longer works");
  await expect(page.getByRole("button", { name: `Revoke the invitation to ${email}` })).toHaveCount(0);

  await context.clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
});

test("a user without addSiteUser is sent away from /add-site-user", async ({ page, logInAs }) => {
  await logInAs("requester");
  await page.goto("/add-site-user");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("alert")).toHaveText("Your account cannot open the Add a site user page.");
});
