import { E2E_PORTAL_PORT, E2E_PROVIDER_PORT } from "../../playwright.config";
import { postStream } from "../http/streaming-post";
import { expect, newColleague, test } from "./fixtures";

// Decision 150 against the running portal and provider: a large chunked body is answered 413 while it is still being
// sent (the process does not read it), and a form post just within 1 MB is read while one just over is refused.

const PORTAL = `http://127.0.0.1:${E2E_PORTAL_PORT}`;
const HUGE = 100 * 1024 * 1024;
const MB = 1024 * 1024;

test("a 100 MB chunked body to the OCI log-in, the log-in page and the provider: 413 before it is all sent", async () => {
  for (const url of [
    `${PORTAL}/punchout/oci`,
    `${PORTAL}/punchout/cxml/setup`,
    `${PORTAL}/login`,
    `http://127.0.0.1:${E2E_PROVIDER_PORT}/api/authentication`,
  ]) {
    // a same-site post, as the log-in form's (a cross-site one is refused before its body, decision 003)
    const answer = await postStream(url, HUGE, {
      contentType: url.includes("/api/") ? "application/json" : "application/x-www-form-urlencoded",
      headers: { origin: new URL(url).origin },
    });
    expect(answer.status, `${url}: ${answer.error ?? ""}`).toBe(413);
    expect(answer.written, `${url}: answered after ${answer.written} bytes`).toBeLessThan(20 * MB);
  }
});

test("a form post at the 1 MB boundary: just within is read by the page, just over is refused", async ({
  page,
  logInAs,
}) => {
  const { email } = await newColleague("Northwind Facilities", "body-limit", ["canViewFullCatalogue"]);
  await logInAs({ email });
  // the quick-order form (multipart): its own rule refuses more than 20,000 characters, so an answer naming that rule
  // shows the body was read; the multipart wrapping of the field adds well under 8 KB
  await page.goto("/quick-order");
  await page.getByLabel("Product codes and quantities").fill("a".repeat(MB - 8 * 1024));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByText("Paste at most 20,000 characters; upload a CSV file for more lines")).toBeVisible();

  await page.goto("/quick-order");
  await page.getByLabel("Product codes and quantities").fill("a".repeat(MB + 8 * 1024));
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/quick-order"));
  await page.getByRole("button", { name: "Add to basket" }).click();
  expect((await answer).status()).toBe(413);
});
