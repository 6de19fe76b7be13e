import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast, type Toast } from "~/session/session.server";
import { PAGE_SIZE } from "~/domain/constants";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";
import { refusal } from "~/upstream/errors.server";
import {
  EMAIL_STATUSES,
  listEmails,
  sendEmailAgain,
  type Email,
  type EmailStatus,
} from "~/upstream/admin-emails.server";

// The e-mails the provider sends (issue 32 item 1, decision 147): `api/admin/e-mail` lists the outbox (every
// customer's addresses: the provider answers provider staff only) and sends a failed e-mail again (PATCH, audited).
// ---------------------------------------------------------------- words

export const EMAIL_STATUS_WORDS: Record<EmailStatus, string> = {
  pending: "Waiting",
  running: "Sending",
  sent: "Sent",
  failed: "Failed",
};
const KIND_WORDS: Record<string, string> = {
  reset: "Password reset",
  invitation: "Invitation",
  approval: "Order to approve",
  decision: "Approval decision",
};
const when = (iso: string | null) => (iso ? formatDate(iso, "dd.MM.yy HH:mm") : "—");

function emailRow(e: Email) {
  return {
    id: e.id,
    to: e.to,
    kind: KIND_WORDS[e.kind] ?? e.kind,
    subject: e.subject,
    status: e.status,
    statusWords: EMAIL_STATUS_WORDS[e.status],
    tries: e.tries,
    lastError: e.lastError,
    createdAt: when(e.createdAt),
    /** sent, failed or the next try, by status */
    outcomeAt:
      e.status === "sent"
        ? `sent ${when(e.sentAt)}`
        : e.status === "failed"
          ? `given up ${when(e.failedAt)}`
          : e.status === "pending" && e.nextAttemptAt
            ? `next try ${when(e.nextAttemptAt)}`
            : null,
  };
}

const statusOf = (url: URL): EmailStatus | undefined => {
  const asked = url.searchParams.get("status") ?? "";
  return (EMAIL_STATUSES as readonly string[]).includes(asked) ? (asked as EmailStatus) : undefined;
};

/** /admin/e-mails?status=&page=: the e-mails, newest first, 16 a page. */
export async function emailsPageData(user: PortalUser, url: URL) {
  const status = statusOf(url);
  const page = parsePage(url.searchParams.get("page"));
  const answer = await listEmails(user.upstream, status, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  return {
    status: status ?? "",
    rows: answer.data.map(emailRow),
    total: answer.total,
    page,
    pages: pageCount(answer.total, PAGE_SIZE),
  };
}

export const SENT_AGAIN = (emailId: string) => `E-mail ${emailId} is queued to be sent again`;
export const NOT_FAILED = "This e-mail has not failed (it may have been sent again already): nothing was changed";
export const EMAIL_GONE = "There is no such e-mail";

const sendAgainSchema = () =>
  z.object({
    intent: z.literal("send-again", { errorMap: () => ({ message: "Unknown action" }) }),
    emailId: idField("Choose an e-mail to send again", "That is not an e-mail of the list"),
  });

/** The list the post came from: its status filter and page. */
function backTo(request: Request): string {
  const asked = new URL(request.url);
  const back = new URLSearchParams();
  const status = statusOf(asked);
  if (status) back.set("status", status);
  const page = asked.searchParams.get("page");
  if (page && /^\d{1,6}$/.test(page)) back.set("page", page);
  return back.size ? `/admin/e-mails?${back}` : "/admin/e-mails";
}

const toastRedirect = async (request: Request, toast: Toast) =>
  redirect(backTo(request), { status: 303, headers: await flashToast(request, toast) });

/** POST /admin/e-mails {intent: send-again, emailId}: PATCH /api/admin/e-mail/:id, then back with a toast. */
export async function submitEmails(user: PortalUser, request: Request) {
  const form = await parseForm(request, sendAgainSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  try {
    await sendEmailAgain(user.upstream, form.data.emailId);
  } catch (error) {
    // sent again by another admin, or never failed: said in a toast, not an error page
    const refused = refusal(error, 404, 409);
    return toastRedirect(request, { kind: "error", message: refused.status === 404 ? EMAIL_GONE : NOT_FAILED });
  }
  return toastRedirect(request, { kind: "success", message: SENT_AGAIN(form.data.emailId) });
}
