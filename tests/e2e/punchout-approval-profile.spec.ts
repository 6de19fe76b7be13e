import { expect, test } from "./fixtures";
import {
  addFromProductPage,
  APEX,
  APPROVAL_IDENTITY,
  buyerCookie,
  openCxmlPunchout,
  punchoutBar,
  receivedBaskets,
  transferOf,
  twoProducts,
} from "./punchout-helpers";

// Issue 16 item 5: a profile that needs approval keeps the transferred basket in the portal, saved as a punched-out
// basket awaiting approval, tells the buyer so and sends nothing back; an approver of the customer finds it.

test("approval profile: Transfer basket → 'sent for approval', nothing reaches the procurement system, an approver sees it at /saved-punchout-baskets", async ({
  page,
  logInAs,
}, testInfo) => {
  const cookie = buyerCookie("APPROVAL", testInfo.project.name);
  const [product] = await twoProducts();
  const punchout = await openCxmlPunchout(page, { operation: "create", cookie, identity: APPROVAL_IDENTITY });
  await addFromProductPage(punchout, product, 2, 2);

  await punchoutBar(punchout.portal).getByRole("button", { name: "Transfer basket" }).click();
  await expect(punchout.portal.getByRole("heading", { name: "Your basket has been sent for approval" })).toBeVisible();
  await expect(punchout.portal.getByRole("button", { name: "Return to your procurement system" })).toHaveCount(0);
  // the requisition page is still the procurement system's, and it received nothing
  await expect(page.getByRole("heading", { name: `Requisition ${cookie}` })).toBeVisible();
  expect(await receivedBaskets({ cookie })).toEqual([]);
  expect(await transferOf(cookie)).toMatchObject({ status: "awaiting-approval", buyerCookie: cookie });

  // provider staff approve for every customer (the projects side by side only read the list, so both may)
  await logInAs("admin", APEX);
  await page.goto("/saved-punchout-baskets");
  await expect(page.getByRole("heading", { name: "Punchout baskets to approve" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(cookie) });
  await expect(row.getByRole("cell", { name: "Tom Whitaker" })).toBeVisible();
  await expect(row.getByRole("link", { name: `Punchout basket – ${cookie}` })).toBeVisible();
});
