import { expect, type Frame, type FrameLocator, type Page } from "@playwright/test";
import { E2E_PORTAL_PORT, E2E_PROCUREMENT_PORT } from "../../playwright.config";
import type { Received } from "./support/procurement-stand-in";
import { orderableVariants, type Variant } from "./basket-helpers";
import { jsEnabled } from "./catalogue-helpers";
import { DEMO, providerCall, providerToken } from "./fixtures";
import { countOf } from "../../app/domain/plural";

// Helpers for the punchout specs (issue 16): a buyer's procurement system is the stand-in on E2E_PORTAL_PORT + 70
// (tests/e2e/support/procurement-stand-in.ts); it frames the portal's start page, and the portal posts the basket back
// to it. Every test has its own BuyerCookie (or OCI marker), so the two projects running side by side never read each
// other's baskets; each punchout session has a basket of its own, so punchout@demo.test is shared safely.

export const STAND_IN = `http://localhost:${E2E_PROCUREMENT_PORT}`;
export const PORTAL = `http://localhost:${E2E_PORTAL_PORT}`;
export const APEX = "Apex Rail Services";
export const CXML_IDENTITY = "AN-APEX-RAIL";
export const APPROVAL_IDENTITY = "AN-APEX-RAIL-APPROVAL";
export const SECRET = "apex-punchout-secret";
export const OCI_USERNAME = "apex-rail";
const PORTAL_FRAME = 'iframe[title="Workwear portal"]';

export type { Received };

/** A BuyerCookie (or OCI marker) of this test alone: its kind, its project and a random tail. */
export function buyerCookie(kind: string, project: string): string {
  return `E2E-${kind}-${project}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

type ItemOut = { supplierPartId: string; supplierPartAuxiliaryId?: string; quantity: number };

/** The stand-in's address that punches out over cXML (the page a buyer's requisition screen would be). */
function punchoutUrl(input: {
  operation: "create" | "edit" | "inspect";
  cookie: string;
  identity?: string;
  secret?: string;
  items?: ItemOut[];
  from?: string;
}): string {
  const query = new URLSearchParams({
    protocol: "cxml",
    operation: input.operation,
    identity: input.identity ?? CXML_IDENTITY,
    secret: input.secret ?? SECRET,
    cookie: input.cookie,
  });
  if (input.items) query.set("items", JSON.stringify(input.items));
  if (input.from) query.set("from", input.from);
  return `${STAND_IN}/punchout?${query}`;
}

export type Punchout = { frame: Frame; portal: FrameLocator };

/**
 * Punches out from the stand-in's requisition page: its setup request goes server to server, and the portal's start
 * page opens in its iframe with the punchout bar in the header.
 */
export async function openCxmlPunchout(page: Page, input: Parameters<typeof punchoutUrl>[0]): Promise<Punchout> {
  await page.goto(punchoutUrl(input));
  await expect(page.getByRole("heading", { name: `Requisition ${input.cookie}` })).toBeVisible();
  const portal = page.frameLocator(PORTAL_FRAME);
  await expect(punchoutBar(portal)).toBeVisible();
  const frame = page.frame({ name: "supplier" });
  if (!frame) throw new Error("the stand-in's page has no portal frame");
  return { frame, portal };
}

/** The header's punchout bar (decision 111), in the frame or on the page. */
export const punchoutBar = (where: FrameLocator | Page) => where.getByRole("region", { name: "Punchout session" });

/** The variants punchout@demo.test may order, read from the provider inside a punchout session of its own. */
let catalogue: Promise<Variant[]> | null = null;
export function punchoutCatalogue(): Promise<Variant[]> {
  catalogue ??= (async () => {
    const { startToken } = await providerCall<{ startToken: string }>("/punchout/setup", {
      method: "POST",
      body: JSON.stringify({
        protocol: "cxml",
        fromIdentity: CXML_IDENTITY,
        senderIdentity: CXML_IDENTITY,
        sharedSecret: SECRET,
        operation: "create",
        buyerCookie: buyerCookie("CATALOGUE", String(process.pid)),
        returnUrl: `${STAND_IN}/return`,
      }),
    });
    const { accessToken } = await providerCall<{ accessToken: string }>("/punchout/start", {
      method: "POST",
      body: JSON.stringify({ token: startToken }),
    });
    return orderableVariants(accessToken, 100);
  })();
  return catalogue;
}

/** Two variants of different products, each sold singly (minimum 1, step 1), priced. */
export async function twoProducts(): Promise<[Variant, Variant]> {
  const singles = (await punchoutCatalogue()).filter(
    (v) => v.parentIsMatrix && v.quantityStep === 1 && v.minimumSaleQuantity === 1 && v.price !== null,
  );
  const first = singles[0];
  const second = singles.find((v) => v.parentCode !== first?.parentCode);
  if (!first || !second) throw new Error("the demo catalogue has no two single-unit variants for Apex Rail");
  return [first, second];
}

/** The product page with the variant's options chosen in the address (decision 060). */
export function productPath(item: Variant): string {
  const options = Object.entries(item.options ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
  );
  return `/product/${item.parentSlug}?${new URLSearchParams(options)}`;
}

const headerBasket = (where: FrameLocator | Page, count: number) =>
  where.getByRole("banner").getByRole("link", { name: `Basket, ${countOf(count, "item")}` });

/**
 * Adds the variant from its product page, in the portal's frame (or on the page, for OCI), and waits for the header's
 * count to say `countAfter`.
 */
export async function addFromProductPage(
  target: { frame: Frame; portal: FrameLocator } | Page,
  item: Variant,
  qty: number,
  countAfter: number,
) {
  const [navigate, where] = "portal" in target ? [target.frame, target.portal] : [target, target];
  await navigate.goto(`${PORTAL}${productPath(item)}`);
  await expect(where.getByRole("heading", { level: 1, name: item.parentName })).toBeVisible();
  await where.getByRole("spinbutton", { name: "Quantity", exact: true }).fill(String(qty));
  await where.getByRole("button", { name: "Add to basket" }).click();
  await expect(headerBasket(where, countAfter)).toBeVisible();
}

/**
 * Presses the punchout bar's button (Transfer basket, Cancel, or in inspect Return to your procurement system): with
 * JavaScript the return page posts itself to the procurement system at once; without, its "Return to your procurement
 * system" button does. Both post to the top window, so the stand-in's "Basket received" page replaces the
 * requisition page.
 */
export async function returnToProcurement(
  page: Page,
  where: FrameLocator | Page,
  button: "Transfer basket" | "Cancel" | "Return to your procurement system",
) {
  await punchoutBar(where).getByRole("button", { name: button }).click();
  if (!jsEnabled()) {
    // the return page first (the page the button was on may still be there, with a button of the same name)
    await expect(where.getByRole("heading", { name: "Returning to your procurement system" })).toBeVisible();
    await where.getByRole("button", { name: "Return to your procurement system" }).click();
  }
  await expect(page.getByRole("heading", { name: "Basket received" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(STAND_IN);
}

/** Every basket the stand-in received under a BuyerCookie (or, OCI, a marker), oldest first. */
export async function receivedBaskets(key: { cookie: string } | { marker: string }): Promise<Received[]> {
  const query =
    "cookie" in key ? `cookie=${encodeURIComponent(key.cookie)}` : `marker=${encodeURIComponent(key.marker)}`;
  const response = await fetch(`${STAND_IN}/received?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Received[];
}

/** Pounds (the catalogue's price) as a whole number of pence. */
export const pence = (pounds: number) => Math.round(pounds * 100);
/** A cXML Money text ("12.50") as pence. */
export const moneyPence = (text: string) => Math.round(Number(text) * 100);

/** A provider token of provider staff (admin@demo.test, an approver of every customer) with Apex Rail selected. */
export async function apexAdminToken(): Promise<string> {
  const token = await providerToken(DEMO.admin);
  const { customers } = await providerCall<{ customers: Array<{ name: string; contactId: string }> }>("/session", {
    token,
  });
  const unit = customers.find((c) => c.name === APEX);
  if (!unit) throw new Error("admin@demo.test has no unit Apex Rail Services");
  await providerCall("/select-customer", {
    method: "POST",
    token,
    body: JSON.stringify({ contactId: unit.contactId }),
  });
  return token;
}

export type TransferRow = {
  id: string;
  buyerCookie: string | null;
  protocol: string;
  status: "transferred" | "awaiting-approval" | "ordered";
  totalPence: number;
  lines: Array<{ description: string; supplierPartId: string; quantity: number; unitPricePence: number }>;
  orderId: string | null;
  orderNumber: string | null;
};

/** The provider's record of the transfer under a BuyerCookie, as Apex's staff see it. */
export async function transferOf(cookie: string): Promise<TransferRow | undefined> {
  const token = await apexAdminToken();
  const list = await providerCall<{ data: TransferRow[] }>("/punchout/transfer?$limit=100", { token });
  return list.data.find((row) => row.buyerCookie === cookie);
}
