import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { loginCsvFileName, loginHistoryCsv, readLoginFilters } from "~/admin/admin-login-history.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen();

// Resource route: the log-in history's filtered list, every page, as a CSV download (issue 20 item 2, decision 130).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // the page's own reading of the filters; a bad one is answered before the first byte of CSV
  const reading = readLoginFilters(new URL(request.url).searchParams);
  if (!reading.ok) {
    return new Response(`These filters could not be used: ${Object.values(reading.errors).join(" ")}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await loginHistoryCsv(user, reading.filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${loginCsvFileName(reading.filters, day)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
