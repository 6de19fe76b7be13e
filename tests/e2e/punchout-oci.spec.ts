import { expect, test } from "./fixtures";
import {
  addFromProductPage,
  buyerCookie,
  OCI_USERNAME,
  pence,
  punchoutBar,
  receivedBaskets,
  returnToProcurement,
  SECRET,
  STAND_IN,
  twoProducts,
} from "./punchout-helpers";

// Issue 16 item 2 and 4: an SAP SRM logs in over OCI (a form post from its own site, HOOK_URL and ~TARGET with it),
// the buyer fills a basket and transfers it: the basket goes back to HOOK_URL as NEW_ITEM-… fields.

test("OCI round trip: log in from the procurement system's page, add a product, Transfer basket → NEW_ITEM fields arrive at HOOK_URL", async ({
  page,
}, testInfo) => {
  const marker = buyerCookie("OCI", testInfo.project.name);
  const [product] = await twoProducts();
  await page.goto(`${STAND_IN}/oci?${new URLSearchParams({ username: OCI_USERNAME, password: SECRET, marker })}`);
  await page.getByRole("button", { name: "Open the Workwear catalogue" }).click();
  await expect(punchoutBar(page)).toBeVisible();

  await addFromProductPage(page, product, 3, 3);
  await returnToProcurement(page, page, "Transfer basket");

  const received = await receivedBaskets({ marker });
  expect(received).toHaveLength(1);
  const [basket] = received;
  expect(basket).toMatchObject({ protocol: "oci", oci: { okCode: "ADDI", target: "_top" } });
  const fields = Object.fromEntries(basket.fields);
  expect(fields).toMatchObject({
    "NEW_ITEM-QUANTITY[1]": "3",
    "NEW_ITEM-UNIT[1]": "EA",
    "NEW_ITEM-CURRENCY[1]": "GBP",
    "NEW_ITEM-MATGROUP[1]": expect.stringMatching(/^\d{8}$/),
  });
  // OCI has no auxiliary part id: the vendor material number carries both, part/auxiliary, within its 40 characters
  expect(fields["NEW_ITEM-VENDORMAT[1]"]?.startsWith(`${product.itemId}/`)).toBe(true);
  expect(fields["NEW_ITEM-VENDORMAT[1]"]?.length ?? 99).toBeLessThanOrEqual(40);
  expect(Math.round(Number(fields["NEW_ITEM-PRICE[1]"]) * 100)).toBe(pence(product.price ?? 0));
  expect(fields["NEW_ITEM-DESCRIPTION[1]"]?.length ?? 0).toBeGreaterThan(0);
  expect(fields["NEW_ITEM-DESCRIPTION[1]"]?.length ?? 99).toBeLessThanOrEqual(40);
  expect(basket.fields.filter(([name]) => name.endsWith("[2]"))).toEqual([]);
  expect(basket.lines).toHaveLength(1);
});
