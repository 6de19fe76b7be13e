import type { LoaderFunctionArgs } from "@remix-run/node";

// Resource route: a finished report as an Excel workbook (issue 19 item 5).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { reportXlsxResponse } = await import("~/reports/report-download.server");
  const user = await requireUser(request);
  return reportXlsxResponse(user, params.taskId);
}
