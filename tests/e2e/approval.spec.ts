import { DEMO, expect, linkPath, providerCall, providerToken, test } from "./fixtures";
import { placeOrders, uniqueReference } from "./orders-helpers";

type Mail = { to: string; kind: string; subject: string; body: string };

/** The e-mail of `kind` to `to` whose subject names `tranId` (both projects run at once: not merely the newest). */
async function emailAbout(to: string, kind: "approval" | "decision", tranId: string): Promise<Mail> {
  const token = await providerToken(DEMO.admin);
  const { data } = await providerCall<{ data: Mail[] }>(`/outbox?to=${encodeURIComponent(to)}&kind=${kind}&$limit=50`, {
    token,
  });
  const mail = data.find((m) => m.subject.includes(tranId));
  if (!mail) throw new Error(`no ${kind} e-mail about ${tranId} to ${to}`);
  return mail;
}

test("approval round trip: the approver approves one order and rejects another with a note; the requester sees both", async ({
  page,
  logInAs,
}, testInfo) => {
  test.slow(); // two users, two decisions, four e-mails: longer than one screen's test
  const ref = uniqueReference("APR", testInfo.project.name);
  const [toApprove, toReject] = await placeOrders("requester", [`${ref}-A`, `${ref}-R`]);

  // the approver's e-mail links to the exact order, absolutely (PORTAL_URL; issue 14 item 8)
  const approvalMail = await emailAbout(DEMO.approver, "approval", toApprove.tranId);
  expect(approvalMail.body).toMatch(/Review it at https?:\/\/\S+$/);
  expect(linkPath(approvalMail.body)).toBe(`/order-to-approve/${toApprove.internalId}`);

  await logInAs("approver");
  await page.goto("/order-to-approve");
  await expect(page.getByRole("heading", { name: "Awaiting approval" })).toBeVisible();

  // approve the first
  await page.getByRole("link", { name: toApprove.tranId }).click();
  await expect(page.getByRole("heading", { name: `Order ${toApprove.tranId}` })).toBeVisible();
  await expect(page.getByText("Pending Supervisor Approval")).toBeVisible();
  // the reference is the requester's, not the approver's own
  await expect(page.getByRole("term").filter({ hasText: "Requester's reference" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: `${ref}-A` })).toBeVisible();
  await expect(page.getByText("Your reference")).toHaveCount(0);
  // approving takes an optional note: it becomes the order's picking note
  await page.getByLabel("Picking note (optional)").fill("Leave at gate 3, please.");
  await expect(page.getByLabel("Picking note (optional)")).toHaveAccessibleDescription(
    "Sent to the warehouse with the order.",
  );
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

  // the requester is e-mailed each decision, with its note and a link to the order in their history
  const approved = await emailAbout(DEMO.requester, "decision", toApprove.tranId);
  expect(approved.subject).toBe(`Order ${toApprove.tranId} approved`);
  expect(approved.body).toContain("Picking note: Leave at gate 3, please.");
  expect(linkPath(approved.body)).toBe(`/order-history/${toApprove.internalId}`);
  const rejected = await emailAbout(DEMO.requester, "decision", toReject.tranId);
  expect(rejected.subject).toBe(`Order ${toReject.tranId} rejected`);
  expect(rejected.body).toContain("Reason: Please use the framework polo instead.");
  expect(linkPath(rejected.body)).toBe(`/order-history/${toReject.internalId}`);

  // the requester sees both outcomes
  await logInAs("requester");
  // the approval e-mail's link opens the approved order, with the approver's note as its picking note
  await page.goto(linkPath(approved.body));
  await expect(page.getByRole("heading", { name: `Order ${toApprove.tranId}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Picking note" })).toContainText("Leave at gate 3, please.");
  await page.goto(`/order-history?q=${encodeURIComponent(ref)}`);
  await expect(page.getByRole("heading", { name: "Order history" })).toBeVisible();
  const approvedRow = page.getByRole("row", { name: new RegExp(toApprove.tranId) });
  const rejectedRow = page.getByRole("row", { name: new RegExp(toReject.tranId) });
  await expect(approvedRow.getByText("In Process")).toBeVisible();
  await expect(rejectedRow.getByText("Order rejected")).toBeVisible();
  await rejectedRow.getByRole("link", { name: toReject.tranId }).click();
  await expect(page.getByRole("heading", { name: `Order ${toReject.tranId}` })).toBeVisible();
  await expect(page.getByRole("note", { name: "Rejection note" })).toContainText(
    "Please use the framework polo instead.",
  );
});
