import { DEMO, expect, latestEmail, linkPath, providerCall, providerToken, test } from "./fixtures";

test("an invited colleague accepts, logs in, forgets the password and resets it", async ({ page }, testInfo) => {
  const email = `new.starter.${testInfo.project.name}.${Date.now()}@northwind.example`;
  // buyer has addSiteUser: the invitation itself is the admin screens' job, so it is made through the API here
  const buyer = await providerToken(DEMO.buyer);
  const units = await providerCall<{ customers: Array<{ name: string; contactId: string }> }>("/session", {
    token: buyer,
  });
  const northwind = units.customers.find((c) => c.name === "Northwind Facilities")!;
  await providerCall("/select-customer", {
    method: "POST",
    token: buyer,
    body: JSON.stringify({ contactId: northwind.contactId }),
  });
  await providerCall("/invitation", {
    method: "POST",
    token: buyer,
    body: JSON.stringify({ email, firstName: "Nina", lastName: "Starter" }),
  });

  const invitation = linkPath((await latestEmail(email, "invitation")).body);
  await page.goto(invitation);
  await expect(page.getByRole("heading", { name: "Welcome, Nina" })).toBeVisible();
  await expect(page.getByText("for Northwind Facilities")).toBeVisible();
  await page.getByLabel("New password").fill("short");
  await page.getByLabel("Confirm password").fill("short");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("Use at least 10 characters")).toBeVisible();
  await page.getByLabel("New password").fill("hi-vis vests are yellow");
  await page.getByLabel("Confirm password").fill("hi-vis vests are yellow");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("status")).toHaveText("Your account is ready. Please log in.");

  // the link works once
  await page.goto(invitation);
  await expect(page.getByText("This link has already been used")).toBeVisible();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgotten your password?" }).click();
  // the login page has an Email field too: wait for the new page before typing
  await expect(page.getByRole("heading", { name: "Forgotten your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const reset = linkPath((await latestEmail(email, "reset")).body);
  await page.goto(reset);
  await expect(page.getByText(`For ${email}.`)).toBeVisible();
  await page.getByLabel("New password").fill("steel toe caps 2026");
  await page.getByLabel("Confirm password").fill("steel toe caps 2027");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The two passwords are not the same")).toBeVisible();
  await page.getByLabel("New password").fill("steel toe caps 2026");
  await page.getByLabel("Confirm password").fill("steel toe caps 2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password has been changed. Please log in.");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("steel toe caps 2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Nina" })).toBeVisible();
});

test("asking for a reset of an unknown address says the same as for a known one", async ({ page }) => {
  await page.goto("/customer/forgot");
  await page.getByLabel("Email").fill("nobody@nowhere.example");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
});

test("a made-up reset link is refused with a way to ask for a new one", async ({ page }) => {
  await page.goto("/customer/reset-password/not-a-real-token");
  await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});
