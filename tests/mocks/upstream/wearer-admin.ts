import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/**
 * /add-wearer's provider calls (issue 15 item 7, decision 103): GET /api/grade, GET /api/department and
 * GET /api/cost-centre (active ones, by name), and POST /api/contact, which answers as the provider does: a taken
 * employee reference (any case), a grade not in the list, or a department or cost centre not in the lists → 400
 * naming the field; else 201 the new contact (id 5900 on). Every query and body is recorded.
 */
export function wearerAdminHandlers(options: { takenRefs?: string[]; createStatus?: number } = {}) {
  const grades = ["Band 5 Staff Nurse", "Porter"];
  const departments = [
    { internalId: "302", name: "Maternity" },
    { internalId: "303", name: "Wards" },
  ];
  const costCentres = [{ internalId: "402", name: "CC-310 Women's services" }];
  const taken = new Set((options.takenRefs ?? ["HH-010001"]).map((r) => r.toLowerCase()));
  const queries: Record<string, URLSearchParams[]> = { grade: [], department: [], costCentre: [] };
  const bodies: Array<Record<string, unknown>> = [];
  let nextId = 5900;
  const list = <T>(data: T[]) => HttpResponse.json({ total: data.length, limit: 10000, skip: 0, data });
  const invalid = (field: string, why: string) =>
    HttpResponse.json(
      { name: "BadRequest", message: `Invalid value at field "${field}": ${why}`, code: 400, data: { field } },
      { status: 400 },
    );
  const handlers = [
    http.get(`${UPSTREAM}/api/grade`, ({ request }) => {
      queries.grade.push(new URL(request.url).searchParams);
      return list(grades.map((name) => ({ name })));
    }),
    http.get(`${UPSTREAM}/api/department`, ({ request }) => {
      queries.department.push(new URL(request.url).searchParams);
      return list(departments.map((d) => ({ ...d, isInactive: false })));
    }),
    http.get(`${UPSTREAM}/api/cost-centre`, ({ request }) => {
      queries.costCentre.push(new URL(request.url).searchParams);
      return list(costCentres.map((c) => ({ ...c, isInactive: false })));
    }),
    http.post(`${UPSTREAM}/api/contact`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (options.createStatus)
        return HttpResponse.json(
          { name: "Forbidden", message: "Adding wearers is not allowed for this account", code: options.createStatus },
          { status: options.createStatus },
        );
      const ref = String(body.employeeRef ?? "");
      if (taken.has(ref.toLowerCase()))
        return invalid("employeeRef", `employee reference ${ref} already belongs to another contact`);
      if (!grades.includes(String(body.grade)))
        return invalid("grade", `${String(body.grade)} is not one of this customer's grades`);
      if (!departments.some((d) => d.internalId === body.department))
        return invalid("department", "not one of this customer's active departments");
      if (!costCentres.some((c) => c.internalId === body.costCentre))
        return invalid("costCentre", "not one of this customer's active cost centres");
      taken.add(ref.toLowerCase());
      return HttpResponse.json(
        {
          internalId: String(nextId++),
          firstName: body.firstName,
          lastName: body.lastName,
          grade: body.grade,
          employeeRef: ref,
          budgets: [],
        },
        { status: 201 },
      );
    }),
  ];
  return { handlers, queries, bodies };
}
