import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/** A wearer as GET /api/contact answers it (docs/upstream-api.md, decision 096). */
export type WearerFixture = {
  internalId: string;
  firstName: string;
  lastName: string;
  grade: string | null;
  employeeRef: string | null;
  isInactive: boolean;
  manpackUser: boolean;
  department: { internalId: string; name: string } | null;
  costCentre: { internalId: string; name: string } | null;
  budgets: Array<Record<string, unknown>>;
  nextResetDate: string | null;
};

const budget = (internalId: string, contactId: string, more: Record<string, unknown>) => ({
  internalId,
  contactId,
  qty: 4,
  usedQty: 0,
  resetDays: 365,
  resetDate: "2027-04-01",
  allocationType: null,
  allocationTypeName: null,
  ...more,
});

/** Wes Wearer (quantity budgets, a Jacket nearly spent), Pat Points (a points budget), then 18 porters. */
export function wearerFixtures(): WearerFixture[] {
  const wes: WearerFixture = {
    internalId: "5102",
    firstName: "Wes",
    lastName: "Wearer",
    grade: "Nurse",
    employeeRef: "HH-010001",
    isInactive: false,
    manpackUser: true,
    department: { internalId: "8", name: "Maternity" },
    costCentre: { internalId: "31", name: "CC-310 Women's services" },
    budgets: [
      budget("901", "5102", {
        type: "JKT",
        allocationType: "JKT",
        allocationTypeName: "Jacket",
        qty: 2,
        usedQty: 1,
        resetDate: "2027-01-15",
      }),
      budget("902", "5102", {
        type: "TRS",
        allocationType: "TRS",
        allocationTypeName: "Trousers",
        qty: 4,
        usedQty: 0,
        resetDate: "2027-03-01",
      }),
    ],
    nextResetDate: "2027-01-15",
  };
  const pat: WearerFixture = {
    internalId: "5103",
    firstName: "Pat",
    lastName: "Points",
    grade: "Supervisor",
    employeeRef: "HH-010002",
    isInactive: false,
    manpackUser: true,
    department: { internalId: "9", name: "Estates" },
    costCentre: null,
    budgets: [budget("903", "5103", { type: "Points", qty: 100, usedQty: 35, resetDays: null, resetDate: null })],
    nextResetDate: null,
  };
  const porters = Array.from({ length: 18 }, (_, i): WearerFixture => ({
    internalId: String(5110 + i),
    firstName: "Porter",
    lastName: `Number${String(i + 1).padStart(2, "0")}`,
    grade: "Porter",
    employeeRef: `HH-0101${String(i).padStart(2, "0")}`,
    isInactive: false,
    manpackUser: true,
    department: { internalId: "7", name: "Portering" },
    costCentre: { internalId: "30", name: "CC-300 Facilities" },
    budgets: [],
    nextResetDate: null,
  }));
  return [wes, pat, ...porters];
}

/**
 * GET /api/contact as the wearer listing uses it: `q` matched (contains, any case) against the full name, employee
 * reference, grade and department name; `$limit`/`$skip` paging; `currentContactOnly` or `ownOnly` (a wp_contact_only
 * user) answers only the first wearer. Every query is recorded. GET /api/contact/:id answers one of them (`ids` records them).
 */
export function wearerHandlers(options: { wearers?: WearerFixture[]; ownOnly?: boolean; status?: number } = {}) {
  const queries: URLSearchParams[] = [];
  /** The ids asked of GET /api/contact/:id, in order. */
  const ids: string[] = [];
  const wearers = options.wearers ?? wearerFixtures();
  const handlers = [
    http.get(`${UPSTREAM}/api/contact`, ({ request }) => {
      const p = new URL(request.url).searchParams;
      queries.push(p);
      if (options.status)
        return HttpResponse.json(
          { name: "Forbidden", message: "You may not list wearers", code: options.status },
          { status: options.status },
        );
      const q = (p.get("q") ?? "").toLowerCase();
      let data = wearers.filter((w) => !w.isInactive && w.manpackUser);
      if (options.ownOnly || p.get("currentContactOnly") === "true") data = data.slice(0, 1);
      if (q) {
        data = data.filter((w) =>
          [`${w.firstName} ${w.lastName}`, w.employeeRef, w.grade, w.department?.name].some((v) =>
            (v ?? "").toLowerCase().includes(q),
          ),
        );
      }
      const limit = Number(p.get("$limit") ?? 16);
      const skip = Number(p.get("$skip") ?? 0);
      return HttpResponse.json({ total: data.length, limit, skip, data: data.slice(skip, skip + limit) });
    }),
    // GET /api/contact/:id (the wearer's page): any of the customer's contacts, inactive ones too; a wp_contact_only
    // user (ownOnly) is answered only the first; another customer's or an unknown id → 404
    http.get(`${UPSTREAM}/api/contact/:id`, ({ params }) => {
      const id = String(params.id);
      ids.push(id);
      const wearer = wearers.find((w) => w.internalId === id && (!options.ownOnly || w === wearers[0]));
      if (!wearer)
        return HttpResponse.json(
          { name: "NotFound", message: `Contact '${id}' not found`, code: 404 },
          { status: 404 },
        );
      return HttpResponse.json(wearer);
    }),
  ];
  return { handlers, queries, ids };
}
