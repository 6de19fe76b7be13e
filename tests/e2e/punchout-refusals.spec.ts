import { expect, test } from "./fixtures";
import {
  buyerCookie,
  OCI_USERNAME,
  openCxmlPunchout,
  PORTAL,
  PORTAL_FRAME,
  punchoutBar,
  punchoutUrl,
  receivedBaskets,
  STAND_IN,
} from "./punchout-helpers";

// Issue 16, bad input: a wrong shared secret is a cXML 401 the procurement system shows; malformed XML is a cXML 400
// naming what is wrong, never an HTML page or a 500.

const statusOf = (xml: string) => xml.match(/<Status\b[^>]*\bcode="(\d+)"/)?.[1];

test("a setup request with the wrong shared secret: the procurement system is answered cXML 401 and opens nothing", async ({
  page,
}, testInfo) => {
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

test("a start link used once cannot be used again: a clear page, not a session", async ({ page }, testInfo) => {
  const cookie = buyerCookie("REPLAY", testInfo.project.name);
  const { frame } = await openCxmlPunchout(page, { operation: "create", cookie });
  const startUrl = await page.locator(PORTAL_FRAME).getAttribute("src");
  expect(startUrl).toMatch(/\/punchout\/start\//);
  expect(frame.url()).not.toBe(startUrl);
  await page.goto(startUrl ?? "");
  await expect(page.getByRole("heading", { name: "This punchout link cannot be used" })).toBeVisible();
  await expect(punchoutBar(page)).toHaveCount(0);
});

test("an OCI log-in with the wrong password: a 401 page, no session", async ({ page }, testInfo) => {
  const marker = buyerCookie("OCI-BAD", testInfo.project.name);
  await page.goto(
    `${STAND_IN}/oci?${new URLSearchParams({ username: OCI_USERNAME, password: "not-the-password", marker })}`,
  );
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/punchout/oci"),
    page.getByRole("button", { name: "Open the Workwear catalogue" }).click(),
  ]);
  expect(response.status()).toBe(401);
  await expect(punchoutBar(page)).toHaveCount(0);
  expect(await receivedBaskets({ marker })).toEqual([]);
});
