import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { destroySession, flashToast, getSession } from "~/session/session.server";
import { allowFormAction, formTargetOrigin } from "~/http/form-action.server";
import { forgetSession } from "~/upstream/cache.server";
import { refusal } from "~/upstream/errors.server";
import { cancelPunchoutSession, transferPunchoutBasket, type PunchoutReturn } from "~/upstream/punchout-session.server";
import { parseForm } from "~/utils/forms.server";
import { cxmlPayloadId, cxmlTimestamp, encodeForFormPost, orderMessage } from "./cxml-messages.server";
import { ociItemFields } from "./oci.server";

// The end of a punchout session (issue 16 items 4 and 5; decision 111): the provider ends it and answers what goes
// back; this module turns that answer into the small page the buyer's browser posts back to the procurement system.
// The page is a document of its own (not a Remix page), so that its CSP can allow the return URL as a form-action
// (decision 006) and it does not depend on the portal's scripts: a nonce'd inline script submits the form, and without
// JavaScript the visible button does.

export const RETURN_BUTTON = "Return to your procurement system";
const FORM_ID = "punchout-return";

export type ReturnKind = "transfer" | "cancel";
export type PageOptions = { nonce: string; stylesheet?: string };
export type ReturnForm = { action: string; target: string; fields: (readonly [string, string])[] };

/** Text or attribute value for HTML: the five characters that could end either are escaped. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

// a browsing-context name (OCI ~TARGET); anything else would be read as a new window's name, so it goes to the top
const targetName = (value: string | null | undefined) =>
  value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : "_top";

/**
 * The form that carries the answer back: to the return URL, with the cXML PunchOutOrderMessage in its one field
 * (`cxml-urlencoded` or `cxml-base64`) or the OCI NEW_ITEM fields. A cancel's answer has no lines, so it posts a message
 * with no ItemIn and a Total of 0 (cXML) or only OCI's three control fields.
 */
export function returnForm(answer: PunchoutReturn, ids = messageIds(new Date(), "portal.invalid")): ReturnForm {
  const lines = answer.state === "awaiting-approval" ? [] : answer.lines;
  if (answer.protocol === "oci") {
    const target = targetName(answer.oci?.target);
    const okCode =
      answer.oci?.okCode && /^[A-Za-z0-9_-]{1,20}$/.test(answer.oci.okCode) ? answer.oci.okCode : undefined;
    return { action: answer.returnUrl, target, fields: ociItemFields(lines, { target, okCode }) };
  }
  const credentials = answer.credentials ?? { fromIdentity: "", senderIdentity: "", toIdentity: "" };
  const xml = orderMessage({
    ...ids,
    buyerCookie: answer.buyerCookie,
    ...credentials,
    lines,
    shipTo: answer.shipTo ?? undefined,
  });
  const field = encodeForFormPost(xml, answer.formEncoding);
  return { action: answer.returnUrl, target: "_top", fields: [[field.name, field.value]] };
}

/** A payload id and timestamp for a PunchOutOrderMessage sent now from `host`. */
export function messageIds(now: Date, host: string) {
  return { payloadId: cxmlPayloadId(now, randomBytes(8).toString("hex"), host), timestamp: cxmlTimestamp(now) };
}

/** A small complete page in the portal's look (logo, heading, text), with `body` (trusted HTML) after the text. */
export function portalPage(
  {
    title,
    heading,
    text,
    body = "",
    script = "",
  }: { title: string; heading: string; text: string[]; body?: string; script?: string },
  options: PageOptions,
): string {
  const stylesheet = options.stylesheet ? `\n<link rel="stylesheet" href="${escapeHtml(options.stylesheet)}">` : "";
  const paragraphs = text.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const inline = script ? `\n<script nonce="${escapeHtml(options.nonce)}">${script}</script>` : "";
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Workwear ordering portal</title>${stylesheet}
</head>
<body>
<div class="app-layout">
<header class="app-header"><img src="/logo.svg" alt="Workwear ordering portal" width="167" height="40"></header>
<main id="main" class="app-layout__main stack">
<h1>${escapeHtml(heading)}</h1>
${paragraphs}
${body}
</main>
</div>${inline}
</body>
</html>
`;
}

/** The page that posts `form` back at once with JavaScript, or when its button is pressed without. */
export function returnPage(form: ReturnForm, kind: ReturnKind, options: PageOptions): string {
  const inputs = form.fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const body = `<form id="${FORM_ID}" method="post" action="${escapeHtml(form.action)}" target="${escapeHtml(form.target)}" accept-charset="UTF-8">
${inputs}
<button type="submit" class="button button--primary">${RETURN_BUTTON}</button>
</form>`;
  const text =
    kind === "transfer"
      ? ["Your basket is on its way back to your procurement system. If nothing happens, press the button."]
      : [
          "Your punchout session is cancelled and an empty basket goes back to your procurement system. If nothing happens, press the button.",
        ];
  return portalPage(
    {
      title: "Returning to your procurement system",
      heading: "Returning to your procurement system",
      text,
      body,
      script: `document.getElementById("${FORM_ID}").submit();`,
    },
    options,
  );
}

/** The page for a basket that needs approval: saved for an approver, nothing posted back. */
export function approvalPage(options: PageOptions): string {
  return portalPage(
    {
      title: "Basket sent for approval",
      heading: "Your basket has been sent for approval",
      text: [
        "Your organisation needs this basket approved before it is ordered. It has been saved for an approver, and it will be ordered once they approve it.",
        "Nothing has been sent back to your procurement system. You can close this page.",
      ],
    },
    options,
  );
}

function htmlResponse(html: string, status: number, setCookie?: string): Response {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" });
  if (setCookie) headers.set("Set-Cookie", setCookie);
  return new Response(html, { status, headers });
}

// the form has no fields; anything posted besides is ignored (z.object strips it)
const returnSchema = () => z.object({});

/**
 * POST /punchout/transfer and /punchout/cancel: the provider ends the punchout session (and the provider session) and
 * answers what to send back; this answers the page that sends it, with the portal cookie destroyed. An empty basket goes
 * back to the basket with the provider's words; a session already ended is a page saying so.
 */
export async function answerPunchoutReturn(
  request: Request,
  user: PortalUser,
  kind: ReturnKind,
  options: PageOptions,
): Promise<Response> {
  const form = await parseForm(request, returnSchema());
  if (!form.ok) return htmlResponse(endedPage("The form could not be read.", options), 400);
  let answer: PunchoutReturn;
  try {
    answer =
      kind === "transfer" ? await transferPunchoutBasket(user.upstream) : await cancelPunchoutSession(user.upstream);
  } catch (error) {
    const refused = refusal(error, 400, 403, 404, 409, 410);
    if (refused.status === 400 && kind === "transfer" && user.punchout?.operation === "inspect") {
      // inspecting an empty basket: returning it unchanged is returning nothing
      answer = await cancelPunchoutSession(user.upstream);
      return sentBack(request, user, answer, "cancel", options);
    }
    if (refused.status === 400 || refused.status === 403) {
      throw redirect("/basket", {
        status: 303,
        headers: await flashToast(request, { kind: "error", message: refused.message }),
      });
    }
    return htmlResponse(endedPage(refused.message, options), refused.status);
  }
  return sentBack(request, user, answer, kind, options);
}

async function sentBack(
  request: Request,
  user: PortalUser,
  answer: PunchoutReturn,
  kind: ReturnKind,
  options: PageOptions,
): Promise<Response> {
  const setCookie = await destroySession(await getSession(request));
  forgetSession(user.upstream.token);
  if (answer.state === "awaiting-approval") return htmlResponse(approvalPage(options), 200, setCookie);
  if (formTargetOrigin(answer.returnUrl) === null) {
    const message =
      "Your procurement system's return address is not a web address (http or https), so nothing could be sent back to it.";
    return htmlResponse(endedPage(message, options), 400, setCookie);
  }
  allowFormAction(request, answer.returnUrl);
  const page = returnPage(returnForm(answer, messageIds(new Date(), new URL(request.url).hostname)), kind, options);
  return htmlResponse(page, 200, setCookie);
}

function endedPage(message: string, options: PageOptions): string {
  return portalPage(
    {
      title: "Punchout session",
      heading: "Your basket could not be returned",
      text: [message.endsWith(".") ? message : `${message}.`, "Start again from your procurement system."],
    },
    options,
  );
}
