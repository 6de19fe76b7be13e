import type { TestInfo } from "@playwright/test";
import { fillBasket, placeOrder, pounds, tokenIn } from "./basket-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";

// fullyParallel is on: the buyer's tests here share their project's basket, so they run in order in one worker
test.describe.configure({ mode: "default" });

// The two projects run side by side: each fills the basket of its own business unit, so they never share one.
function unitFor(testInfo: TestInfo): string {
  return testInfo.project.name === "no-js" ? "Harbour Health Trust" : "Northwind Facilities";
}

async function ordersWithReference(token: string, reference: string): Promise<number> {
  const answer = await providerCall<{ total: number; data: Array<{ otherRefNum: string | null }> }>(
    "/order?$limit=50",
    { token },
  );
  return answer.data.filter((order) => order.otherRefNum === reference).length;
}

test.describe("checkout on account", () => {
  test("the buyer checks out on account and sees the order number and the order in history", async ({
    page,
    logInAs,
  }, testInfo) => {
    const unit = unitFor(testInfo);
    await logInAs("buyer", unit);
    const token = await tokenIn("buyer", unit);
    const product = await fillBasket(token);
    const reference = `E2E-${testInfo.project.name}-${Date.now()}`;

    await page.goto("/checkout");
    await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
    await expect(page.getByText(`2 × ${product.name}`)).toBeVisible();
    // the shipping label is 'description – £x.xx' (SPEC §9)
    await expect(page.getByRole("group", { name: "Delivery method" }).getByRole("radio").first()).toHaveAccessibleName(
      / – £\d+\.\d{2}$/,
    );
    await expect(page.getByRole("radio", { name: "On account" })).toBeChecked();
    await page.getByLabel("Your order reference (optional)").fill(reference);
    await page.getByLabel("Delivery instructions").fill("Leave at goods-in");
    await page.getByRole("button", { name: "Place order" }).click();

    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    await expect(page).toHaveURL(/\/order-complete\?order=\d+$/);
    const tranId = (await page.locator("p.lead strong").textContent()) ?? "";
    expect(tranId).toMatch(/^[A-Z]+\d+$/);
    // the confirmation names the order's status as the history does (decision 166)
    await expect(page.getByText(/^Your order is In Process: we will let you know when it is despatched/)).toBeVisible();
    await expect(page.getByText(`2 × ${product.name}`)).toBeVisible();
    expect(await ordersWithReference(token, reference)).toBe(1);

    // the basket was emptied by the order
    await page.goto("/checkout");
    await expect(page.getByText("Your basket is empty.")).toBeVisible();

    // the order is in the history (issue 7's page) with its number
    await page.goto("/order-history");
    await expect(page.getByText(tranId).first()).toBeVisible();
  });

  test("resubmitting the same checkout page creates one order and lands on the same confirmation", async ({
    page,
    logInAs,
  }, testInfo) => {
    const unit = unitFor(testInfo);
    await logInAs("buyer", unit);
    const token = await tokenIn("buyer", unit);
    await fillBasket(token);
    const reference = `E2E-twice-${testInfo.project.name}-${Date.now()}`;

    await page.goto("/checkout");
    await page.getByLabel("Your order reference (optional)").fill(reference);
    // keep the form as it stands, as Back would show it, then submit it twice more
    const form = page.locator("form[method=post]").filter({ has: page.getByRole("button", { name: "Place order" }) });
    const fields = await form.evaluate((f: HTMLFormElement) => [...new FormData(f)].map(([k, v]) => [k, String(v)]));
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    const firstUrl = page.url();

    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await page.request.post("/checkout", {
        form: Object.fromEntries(fields),
        headers: { Origin: new URL(firstUrl).origin },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(303);
      expect(new URL(answer.headers().location, firstUrl).toString()).toBe(firstUrl);
    }
    expect(await ordersWithReference(token, reference)).toBe(1);
  });

  test("Free Delivery below £150 is shown disabled with what the basket still needs (decision 073)", async ({
    page,
    logInAs,
  }, testInfo) => {
    const unit = unitFor(testInfo);
    await logInAs("buyer", unit);
    const token = await tokenIn("buyer", unit);
    const product = await fillBasket(token);
    const item = await providerCall<{ price: number }>(`/item/${product.productId}`, { token });
    expect(2 * item.price).toBeLessThan(150);

    await page.goto("/checkout");
    const free = page.getByRole("radio", { name: /^Free Delivery/ });
    await expect(free).toBeDisabled();
    await expect(free).not.toBeChecked();
    await expect(page.getByText(`Spend ${pounds(150 - 2 * item.price)} more for free delivery`)).toBeVisible();
    // the first method the basket may use is preselected
    await expect(page.getByRole("group", { name: "Delivery method" }).getByRole("radio").first()).toBeChecked();
  });

  test("a requester's order reads Pending Supervisor Approval on the confirmation, in the history and on its page", async ({
    page,
    logInAs,
  }, testInfo) => {
    // a new colleague whose orders need approval, so the two projects never share requester@demo.test's basket
    const requester = await newColleague("Northwind Facilities", `requester-${testInfo.project.name}`, undefined, {
      needsApproval: true,
    });
    await logInAs(requester, "Northwind Facilities");
    const token = await tokenIn(requester, "Northwind Facilities");
    await fillBasket(token);
    await placeOrder(page, `E2E-approval-${Date.now()}`);
    // one order, one status label everywhere (issue 34 item 6, decision 166): the web flag's, not the ERP status's
    const status = "Pending Supervisor Approval";
    await expect(
      page.getByText(`Your order is ${status}: your supervisor has been asked to approve it.`, { exact: false }),
    ).toBeVisible();
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.getByText(status, { exact: true })).toBeVisible();
    await expect(summary.getByText("Pending Approval", { exact: true })).toHaveCount(0);
    const tranId = (await page.locator("p.lead strong").textContent()) ?? "";

    await page.goto("/order-history");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: tranId, exact: true }) });
    await expect(row.getByText(status, { exact: true })).toBeVisible();
    await row.getByRole("link", { name: tranId, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${tranId}` })).toBeVisible();
    await expect(page.getByRole("main").getByText(status, { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText("Pending Approval", { exact: true })).toHaveCount(0);
  });
});
