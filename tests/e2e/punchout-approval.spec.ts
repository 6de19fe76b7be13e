import {
  DEMO,
  expect,
  markPunchoutSession,
  PASSWORD,
  providerCall,
  providerToken,
  test,
  type DemoUser,
} from "./fixtures";
import { orderableItem, uniqueReference } from "./orders-helpers";

// fullyParallel is on: a project's tests share its approver's one basket-session, so they run in order in one worker
test.describe.configure({ mode: "default" });

const NORTHWIND = "Northwind Facilities";

type Saved = { id: number; basket_name: string; is_punchout: number; punchout_approved: number };
type ApprovalKeys = {
  basketIdForApproval?: string | null;
  approvedOrderAddressId?: string | null;
  punchoutLoadedBasket?: boolean;
};

/** requester@demo.test, in a punchout session started by their procurement system, saves a basket (is_punchout=1). */
async function savePunchoutBasket(name: string): Promise<{ saved: Saved; token: string }> {
  const { accessToken: token } = await providerCall<{ accessToken: string }>("/authentication", {
    method: "POST",
    body: JSON.stringify({ strategy: "local", email: DEMO.requester, password: PASSWORD }),
  });
  markPunchoutSession(token, `E2E-${name}`);
  const [internalId, addresses] = await Promise.all([
    orderableItem(token),
    providerCall<{ data: Array<{ internalId: string }> }>("/customer-address?$limit=1", { token }),
  ]);
  const saved = await providerCall<Saved>("/saved-basket", {
    method: "POST",
    token,
    body: JSON.stringify({
      newBasketName: name,
      items: [{ internalId, qty: 1 }],
      address_id: addresses.data[0].internalId,
    }),
  });
  expect(saved.is_punchout).toBe(1);
  return { saved, token };
}

/** The approver's basket-session as the provider keeps it, read with a token of their own. */
async function approvalKeysOf(who: DemoUser): Promise<ApprovalKeys> {
  const token = await providerToken(DEMO[who]);
  const { customers } = await providerCall<{ customers: Array<{ name: string; contactId: string }> }>("/session", {
    token,
  });
  const unit = customers.find((c) => c.name === NORTHWIND);
  await providerCall("/select-customer", {
    method: "POST",
    token,
    body: JSON.stringify({ contactId: unit?.contactId }),
  });
  return providerCall<ApprovalKeys>("/basket-session", { token });
}

// the two projects run side by side and the approval keys live in the approver's one basket-session, so each
// project approves as a different approver of Northwind (provider staff approve for every customer)
const approverFor = (project: string): DemoUser => (project === "js" ? "approver" : "admin");

test("an approver finds a punched-out basket, loads it for approval and approves it; the approval id is cleared", async ({
  page,
  logInAs,
}, testInfo) => {
  const name = uniqueReference("PO-APPROVE", testInfo.project.name);
  const { saved } = await savePunchoutBasket(name);
  const who = approverFor(testInfo.project.name);
  await logInAs(who, NORTHWIND);

  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Punchout baskets to approve" })
    .click();
  await expect(page.getByRole("heading", { name: "Punchout baskets to approve" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell", { name: "Priya Sharma" })).toBeVisible();

  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve basket" })).toHaveCount(0);
  await page.getByRole("button", { name: "Load for approval" }).click();
  await expect(page.getByText("It is waiting for your approval.")).toBeVisible();
  await expect(page.getByText("In your basket for approval")).toBeVisible();
  expect(await approvalKeysOf(who)).toMatchObject({
    basketIdForApproval: String(saved.id),
    punchoutLoadedBasket: true,
    approvedOrderAddressId: expect.any(String),
  });

  await page.getByRole("button", { name: "Approve basket" }).click();
  await expect(page.getByRole("heading", { name: "Punchout baskets to approve" })).toBeVisible();
  await expect(page.getByText(`Approved "${name}"`)).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  expect((await approvalKeysOf(who)).basketIdForApproval ?? null).toBeNull();

  // decided: the page shows it, with nothing left to press
  await page.goto(`/saved-punchout-baskets/${saved.id}`);
  await expect(page.getByText(`"${name}" has already been approved.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Load for approval" })).toHaveCount(0);
});

test("a basket withdrawn after it was loaded: approving fails with a clear message and the approval id is still cleared", async ({
  page,
  logInAs,
}, testInfo) => {
  const name = uniqueReference("PO-WITHDRAWN", testInfo.project.name);
  const { saved, token } = await savePunchoutBasket(name);
  const who = approverFor(testInfo.project.name);
  await logInAs(who, NORTHWIND);

  await page.goto(`/saved-punchout-baskets/${saved.id}`);
  await page.getByRole("button", { name: "Load for approval" }).click();
  await expect(page.getByRole("button", { name: "Approve basket" })).toBeVisible();

  // the requester withdraws it meanwhile
  await providerCall("/saved-basket", {
    method: "PATCH",
    token,
    body: JSON.stringify({ deleteBasket: true, basketID: saved.id }),
  });

  await page.getByRole("button", { name: "Approve basket" }).click();
  await expect(page.getByRole("heading", { name: "Punchout baskets to approve" })).toBeVisible();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: `Punchout basket ${saved.id} could not be approved: it no longer exists` }),
  ).toBeVisible();
  expect((await approvalKeysOf(who)).basketIdForApproval ?? null).toBeNull();
});

test("someone who is not an approver is sent home", async ({ page, logInAs }) => {
  await logInAs("requester");
  await page.goto("/saved-punchout-baskets");
  await expect(page).toHaveURL(/\/(dashboard)?$/);
  await expect(page.getByRole("link", { name: "Punchout baskets to approve" })).toHaveCount(0);
});

test("an approver loads a punched-out basket and checks it out: the order goes to its address, the basket is approved and the keys cleared", async ({
  page,
  logInAs,
}, testInfo) => {
  const name = uniqueReference("PO-CHECKOUT", testInfo.project.name);
  const { saved, token: requester } = await savePunchoutBasket(name);
  // the requester wants it delivered to the customer's second address, not the default one
  const addresses = await providerCall<{ data: Array<{ internalId: string }> }>("/customer-address?$limit=2", {
    token: requester,
  });
  const savedAddress = addresses.data[1].internalId;
  await providerCall(`/saved-basket/${saved.id}`, {
    method: "PATCH",
    token: requester,
    body: JSON.stringify({ address_id: savedAddress }),
  });
  const who = approverFor(testInfo.project.name);
  await logInAs(who, NORTHWIND);

  await page.goto(`/saved-punchout-baskets/${saved.id}`);
  await page.getByRole("button", { name: "Load for approval" }).click();
  await expect(page.getByText("In your basket for approval")).toBeVisible();
  await page.goto("/basket");
  await expect(
    page.getByText("This basket is a punchout basket loaded for your approval: placing the order approves it."),
  ).toBeVisible();

  await page.goto("/checkout");
  const reference = `${name}-ORDER`;
  await page.getByLabel("Your order reference (optional)").fill(reference);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();

  const token = await providerToken(DEMO[who]);
  const orders = await providerCall<{
    data: Array<{ otherRefNum: string | null; shippingAddress: { internalId: string } | null }>;
  }>(`/order?$limit=5&orderedBy=${encodeURIComponent(reference)}`, { token });
  expect(orders.data.find((o) => o.otherRefNum === reference)?.shippingAddress?.internalId).toBe(String(savedAddress));
  expect(await approvalKeysOf(who)).toMatchObject({
    basketIdForApproval: null,
    approvedOrderAddressId: null,
    punchoutLoadedBasket: false,
  });
  await page.goto("/saved-punchout-baskets");
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});
