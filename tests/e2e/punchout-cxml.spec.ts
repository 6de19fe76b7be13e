import type { Variant } from "./basket-helpers";
import { expect, providerCall, test } from "./fixtures";
import {
  addFromProductPage,
  APEX,
  apexAdminToken,
  buyerCookie,
  CXML_IDENTITY,
  moneyPence,
  openCxmlPunchout,
  pence,
  PORTAL,
  punchoutBar,
  receivedBaskets,
  returnToProcurement,
  STAND_IN,
  transferOf,
  twoProducts,
  type Received,
} from "./punchout-helpers";

// Issue 16: a procurement system speaking cXML punches out, the buyer fills a basket on the real catalogue pages and
// transfers it; the procurement system then edits the requisition (the basket pre-filled from its ItemOut lines) and
// sends the purchase order for it. One serial story per project, each under its own BuyerCookie.

test.describe.serial("cXML punchout round trip", () => {
  let cookie = "";
  let products: [Variant, Variant];

  test("create: two products added in the framed portal, Transfer basket → the procurement system receives a PunchOutOrderMessage with both lines, its BuyerCookie and their total", async ({
    page,
  }, testInfo) => {
    cookie = buyerCookie("CREATE", testInfo.project.name);
    products = await twoProducts();
    const [first, second] = products;
    const punchout = await openCxmlPunchout(page, { operation: "create", cookie });
    await addFromProductPage(punchout, first, 2, 2);
    await addFromProductPage(punchout, second, 1, 3);

    await returnToProcurement(page, punchout.portal, "Transfer basket");
    await expect(page.getByText(cookie, { exact: true })).toBeVisible();

    const received = await receivedBaskets({ cookie });
    expect(received).toHaveLength(1);
    const basket = received[0];
    expect(basket).toMatchObject({
      protocol: "cxml",
      field: "cxml-urlencoded",
      buyerCookie: cookie,
      operationAllowed: "edit",
    });
    // the header names the buyer's network identity as From and Sender (as the setup request did), and ours as To
    expect(basket.credentials).toEqual({ from: CXML_IDENTITY, to: "workwear-portal", sender: CXML_IDENTITY });
    expect(basket.shipTo).toMatchObject({ addressId: "E2E-DEPOT", postalCode: "CW1 6NA" });
    const lines = [...basket.lines].sort((a, b) => a.lineNumber - b.lineNumber);
    expect(
      lines
        .map((line) => ({
          supplierPartId: line.supplierPartId,
          quantity: line.quantity,
          unitPence: moneyPence(line.unitPrice),
          currency: line.currency,
          unitOfMeasure: line.unitOfMeasure,
        }))
        .sort((a, b) => a.supplierPartId.localeCompare(b.supplierPartId)),
    ).toEqual(
      [
        {
          supplierPartId: first.itemId,
          quantity: 2,
          unitPence: pence(first.price ?? 0),
          currency: "GBP",
          unitOfMeasure: "EA",
        },
        {
          supplierPartId: second.itemId,
          quantity: 1,
          unitPence: pence(second.price ?? 0),
          currency: "GBP",
          unitOfMeasure: "EA",
        },
      ].sort((a, b) => a.supplierPartId.localeCompare(b.supplierPartId)),
    );
    for (const line of lines) {
      expect(line.supplierPartAuxiliaryId, "enough to rebuild the line on edit").not.toBe("");
      expect(line.unspsc).toMatch(/^\d{8}$/);
      expect(line.description).not.toBe("");
    }
    expect(basket.total?.currency).toBe("GBP");
    expect(moneyPence(basket.total?.amount ?? "")).toBe(2 * pence(first.price ?? 0) + pence(second.price ?? 0));

    // the provider keeps the transfer for /punchedout-baskets
    expect(await transferOf(cookie)).toMatchObject({
      status: "transferred",
      protocol: "cxml",
      totalPence: 2 * pence(first.price ?? 0) + pence(second.price ?? 0),
    });
  });

  test("edit: a setup request with the received basket's ItemOut lines opens the portal with that basket", async ({
    page,
  }, testInfo) => {
    const [first, second] = products;
    const editCookie = buyerCookie("EDIT", testInfo.project.name);
    const punchout = await openCxmlPunchout(page, { operation: "edit", cookie: editCookie, from: cookie });
    await punchout.frame.goto(`${PORTAL}/basket`);
    await expect(punchout.portal.getByRole("table", { name: "Products in your stock basket" })).toBeVisible();
    await expect(punchout.portal.getByRole("spinbutton", { name: `Quantity of ${first.displayName}` })).toHaveValue(
      "2",
    );
    await expect(punchout.portal.getByRole("spinbutton", { name: `Quantity of ${second.displayName}` })).toHaveValue(
      "1",
    );
    await expect(punchout.portal.getByRole("banner").getByRole("link", { name: "Basket, 3 items" })).toBeVisible();
  });

  test("inspect: the received basket is shown read-only, and Return to your procurement system sends it back unchanged", async ({
    page,
  }, testInfo) => {
    const [first, second] = products;
    const inspectCookie = buyerCookie("INSPECT", testInfo.project.name);
    const punchout = await openCxmlPunchout(page, { operation: "inspect", cookie: inspectCookie, from: cookie });
    await expect(punchoutBar(punchout.portal).getByRole("button", { name: "Transfer basket" })).toHaveCount(0);
    await expect(punchoutBar(punchout.portal).getByRole("button", { name: "Cancel" })).toHaveCount(0);
    await punchout.frame.goto(`${PORTAL}/basket`);
    await expect(
      punchout.portal.getByText("This basket is shown read-only: it cannot be changed in this punchout session."),
    ).toBeVisible();
    await expect(punchout.portal.getByText(first.displayName, { exact: true })).toBeVisible();
    await expect(punchout.portal.getByText(second.displayName, { exact: true })).toBeVisible();
    await expect(punchout.portal.getByRole("spinbutton")).toHaveCount(0);

    await returnToProcurement(page, punchout.portal, "Return to your procurement system");
    const [received] = await receivedBaskets({ cookie: inspectCookie });
    const parts = (basket: Received) => basket.lines.map((line) => `${line.supplierPartId} × ${line.quantity}`).sort();
    expect(parts(received)).toEqual(parts((await receivedBaskets({ cookie }))[0]));
  });

  test("OrderRequest: the purchase order for the transferred basket becomes an order (cXML 200), and the same again is answered 200 without a second order", async ({
    request,
    page,
    logInAs,
  }) => {
    const orderId = `PO-${cookie}`;
    const payloadId = `${Date.now()}.order@procure.apex-rail.example`;
    const send = async () => {
      const response = await request.post(`${STAND_IN}/send-order`, { data: { cookie, orderId, payloadId } });
      expect(response.status()).toBe(200);
      return (await response.json()) as {
        httpStatus: number;
        status: { code: string; text: string; message: string } | null;
        body: string;
      };
    };
    const first = await send();
    expect(first.status?.code, first.body).toBe("200");
    expect(first.httpStatus).toBe(200);

    const transfer = await transferOf(cookie);
    expect(transfer).toMatchObject({ status: "ordered", orderId: expect.any(String), orderNumber: expect.any(String) });
    const token = await apexAdminToken();
    const orders = await providerCall<{ data: Array<{ internalId: string; tranId: string }> }>(
      `/order?tranId=${encodeURIComponent(transfer?.orderNumber ?? "")}`,
      { token },
    );
    expect(orders.data.map((o) => String(o.internalId))).toEqual([String(transfer?.orderId)]);

    // the procurement system retries: the same orderID and payloadID
    const again = await send();
    expect(again.status?.code, again.body).toBe("200");
    expect(await transferOf(cookie)).toMatchObject({
      status: "ordered",
      orderId: transfer?.orderId,
      orderNumber: transfer?.orderNumber,
    });

    // /punchedout-baskets: Apex's staff see the basket by its procurement reference, ordered, with its order
    await logInAs("admin", APEX);
    await page.goto("/punchedout-baskets");
    const row = page.getByRole("row").filter({ hasText: cookie });
    await expect(row.getByRole("cell", { name: "Tom Whitaker" })).toBeVisible();
    await expect(row.getByRole("link", { name: `order ${transfer?.orderNumber}` })).toBeVisible();
  });
});
