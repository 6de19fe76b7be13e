import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { reportXlsxResponse } from "~/reports/report-download.server";
import { page } from "~/auth/route-access";

export const access = page("viewReporting");

// Resource route: a finished report as an Excel workbook (issue 19 item 5).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return reportXlsxResponse(user, params.taskId);
}
