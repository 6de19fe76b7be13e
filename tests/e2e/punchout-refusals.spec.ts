import { expect, test } from "./fixtures";
import { buyerCookie, PORTAL, punchoutUrl, receivedBaskets } from "./punchout-helpers";

// Issue 16, bad input: a wrong shared secret is a cXML 401 the procurement system shows; malformed XML is a cXML 400
// naming what is wrong, never an HTML page or a 500.

const statusOf = (xml: string) => xml.match(/<Status\b[^>]*\bcode="(\d+)"/)?.[1];

test("a setup request with the wrong shared secret: the procurement system is answered cXML 401 and opens nothing", async ({ page }, testInfo) => {
  const cookie = buyerCookie("BAD-SECRET", testInfo.project.name);
  await page.goto(punchoutUrl({ operation: "create", cookie, secret: "not-the-secret" }));
  await expect(page.getByRole("heading", { name: "Punchout refused" })).toBeVisible();
  await expect(page.getByTestId("cxml-code")).toHaveText("401");
  await expect(page.getByTestId("cxml-message")).not.toBeEmpty();
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(await receivedBaskets({ cookie })).toEqual([]);
});

test("malformed XML sent to the setup and the order entry points: cXML 400, never a 500", async ({ request }) => {
  for (const path of ["/punchout/cxml/setup", "/punchout/cxml/order"]) {
    const response = await request.post(`${PORTAL}${path}`, {
      headers: { "Content-Type": "text/xml; charset=utf-8" },
      data: '<?xml version="1.0" encoding="UTF-8"?>\n<cXML payloadID="1@e2e" timestamp="2026-11-23T10:00:00+00:00"><Header><From>',
    });
    const body = await response.text();
    expect(response.status(), `${path}: ${body}`).toBeLessThan(500);
    expect(response.headers()["content-type"], path).toMatch(/xml/);
    expect(statusOf(body), `${path}: ${body}`).toBe("400");
  }
});
