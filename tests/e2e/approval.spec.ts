import { expect, test } from "./fixtures";
import { placeOrders, uniqueReference } from "./orders-helpers";

test("approval round trip: the approver approves one order and rejects another with a note; the requester sees both", async ({ page, logInAs }, testInfo) => {
  const ref = uniqueReference("APR", testInfo.project.name);
  const [toApprove, toReject] = await placeOrders("requester", [`${ref}-A`, `${ref}-R`]);

  await logInAs("approver");
  await page.goto("/order-to-approve");
  await expect(page.getByRole("heading", { name: "Awaiting approval" })).toBeVisible();

  // approve the first
  await page.getByRole("link", { name: toApprove.tranId }).click();
  await expect(page.getByRole("heading", { name: `Order ${toApprove.tranId}` })).toBeVisible();
  await expect(page.getByText("Pending Supervisor Approval")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Orders to approve" })).toBeVisible();
  await expect(page.getByText(`Order ${toApprove.tranId} approved`)).toBeVisible();

  // a rejection needs a note
  await page.goto(`/order-to-approve/${toReject.internalId}`);
  await expect(page.getByRole("heading", { name: `Order ${toReject.tranId}` })).toBeVisible();
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Enter a rejection note for the requester")).toBeVisible();
  await page.getByLabel("Rejection note").fill("Please use the framework polo instead.");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText(`Order ${toReject.tranId} rejected`)).toBeVisible();

  // the decided lists
  await page.getByRole("link", { name: "Approved", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Approved", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: toApprove.tranId })).toBeVisible();
  await page.getByRole("link", { name: "Rejected", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Rejected", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: toReject.tranId })).toBeVisible();

  // a decided order offers no second decision
  await page.getByRole("link", { name: toReject.tranId }).click();
  await expect(page.getByRole("heading", { name: `Order ${toReject.tranId}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // the requester sees both outcomes
  await logInAs("requester");
  await page.goto(`/order-history?q=${encodeURIComponent(ref)}`);
  await expect(page.getByRole("heading", { name: "Order history" })).toBeVisible();
  const approvedRow = page.getByRole("row", { name: new RegExp(toApprove.tranId) });
  const rejectedRow = page.getByRole("row", { name: new RegExp(toReject.tranId) });
  await expect(approvedRow.getByText("In Process")).toBeVisible();
  await expect(rejectedRow.getByText("Order rejected")).toBeVisible();
  await rejectedRow.getByRole("link", { name: toReject.tranId }).click();
  await expect(page.getByRole("heading", { name: `Order ${toReject.tranId}` })).toBeVisible();
  await expect(page.getByRole("note", { name: "Rejection note" })).toContainText("Please use the framework polo instead.");
});
