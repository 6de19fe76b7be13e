import { expect, test } from "./fixtures";
import {
  addFromProductPage,
  buyerCookie,
  moneyPence,
  openCxmlPunchout,
  receivedBaskets,
  returnToProcurement,
  transferOf,
  twoProducts,
} from "./punchout-helpers";

// Issue 16 item 3: Cancel ends the punchout session and returns an empty basket to the procurement system.

test("Cancel: the procurement system receives an empty basket under its BuyerCookie, and nothing is recorded as transferred", async ({
  page,
}, testInfo) => {
  const cookie = buyerCookie("CANCEL", testInfo.project.name);
  const [product] = await twoProducts();
  const punchout = await openCxmlPunchout(page, { operation: "create", cookie });
  // account administration is closed within the session (issue 16 item 3, decision 115): sent home with the refusal
  await expect(punchout.portal.getByRole("link", { name: "My account" })).toHaveCount(0);
  await punchout.frame.goto(`${new URL(punchout.frame.url()).origin}/my-account`);
  await expect(punchout.portal.getByText("Your account cannot open the My account page.")).toBeVisible();
  await addFromProductPage(punchout, product, 1, 1);

  await returnToProcurement(page, punchout.portal, "Cancel");
  await expect(page.getByText("The basket is empty.")).toBeVisible();

  const received = await receivedBaskets({ cookie });
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ protocol: "cxml", buyerCookie: cookie, lines: [] });
  expect(moneyPence(received[0].total?.amount ?? "")).toBe(0);
  expect((await transferOf(cookie))?.status).not.toBe("transferred");
});
