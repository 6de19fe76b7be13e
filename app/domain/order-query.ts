import { isValid, parseISO } from "date-fns";
import { z } from "zod";
import { PENDING_COUNT_LIMIT } from "./constants";
import { parseDayInput } from "./dates";
import { feathersQueryRecord, pagination, parsePage, type SortDirection } from "./feathers-query";
import {
  ORDER_SOURCE_STATUSES,
  ORDER_STATUS_FILTERS,
  PENDING_APPROVAL,
  statusFilterConditions,
  statusFilterOf,
} from "./order-status";
import { UPSTREAM_ID_PATTERN } from "./upstream-id";

export const ORDER_SORT_FIELDS = ["createdDate", "tranId", "shipDate", "orderStatus"] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export const DEFAULT_ORDER_SORT = { field: "createdDate", direction: -1 } as const satisfies {
  field: OrderSortField;
  direction: SortDirection;
};

const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => isValid(parseISO(s)));

// A bad filter value is dropped rather than failing the page: the list still shows, unfiltered.
const optional = <T extends z.ZodTypeAny>(schema: T) => schema.optional().catch(undefined);
const idList = z.array(z.string().trim().min(1)).catch([]).default([]);

export const orderFiltersSchema = z.object({
  page: z.unknown().transform(parsePage),
  sortField: optional(z.enum(ORDER_SORT_FIELDS)),
  sortDirection: optional(z.union([z.literal(1), z.literal(-1)])),
  status: optional(z.enum(ORDER_SOURCE_STATUSES)),
  /** a label users see (the history's filter): every upstream status behind it, and the web flags (wins over status) */
  statusLabel: optional(z.enum(ORDER_STATUS_FILTERS)),
  createdFrom: optional(isoDay),
  createdTo: optional(isoDay),
  employees: idList,
  departments: idList,
  depot: optional(z.string().trim().min(1)),
  orderedBy: optional(z.string().trim().min(1).max(100)),
  excludeIds: idList,
  orderToApprove: optional(z.boolean()),
  includeExtraData: optional(z.boolean()),
});
export type OrderFilters = z.input<typeof orderFiltersSchema>;

// The history URL's own rules: a value the form could not have sent is refused with the field's label, not dropped.
const SORT_VALUE = new RegExp(`^-?(${ORDER_SORT_FIELDS.join("|")})$`);
const chosen = (label: string) => z.string().regex(UPSTREAM_ID_PATTERN, `${label}: choose one from the list.`);
// a day as the filter's hint asks for it (dd.mm.yy, as dates are shown; decision 091), read as the ISO day
const typedDay = (label: string) =>
  z
    .string()
    .transform(parseDayInput)
    .pipe(z.string({ message: `${label}: enter a date as dd.mm.yy, for example 31.03.26.` }));

// field order = the form's order, so the message names bad filters as the user sees them
const historyUrlSchema = z.object({
  status: z
    .string()
    .transform(statusFilterOf)
    .pipe(z.enum(ORDER_STATUS_FILTERS, { message: "Status: choose one of the listed statuses." }))
    .optional(),
  from: typedDay("Created from").optional(),
  to: typedDay("Created to").optional(),
  q: z.string().max(100, "Ordered by, reference or order number: at most 100 characters.").optional(),
  employee: z.array(chosen("Employee")),
  department: z.array(chosen("Department")),
  depot: z.array(chosen("Depot")),
  sort: z.string().regex(SORT_VALUE, "Sort: that order is not one the list offers.").optional(),
});

/** Filters as read and checked (what `orderListQuery` turns into the provider's query). */
export type OrderListFilters = z.output<typeof orderFiltersSchema>;
export type OrderFilterReading =
  { ok: true; filters: OrderListFilters } | { ok: false; problems: string[]; message: string };

/**
 * The portal's order-list URL (?page, sort=-createdDate, status, from, to, employee*, department*, depot, q) read
 * into filters: the one reading of the history page and its CSV export. Blank fields (as the GET form sends them)
 * are no filter; a value the form could not have sent refuses the whole reading with a message per field, so
 * neither the page nor the CSV asks the provider for something it would refuse half-way. A bad page number is page 1.
 */
export function readOrderFilters(params: URLSearchParams): OrderFilterReading {
  const one = (key: string) => {
    const value = params.get(key)?.trim();
    return value ? value : undefined;
  };
  const all = (key: string) =>
    params
      .getAll(key)
      .map((v) => v.trim())
      .filter(Boolean);
  const url = historyUrlSchema.safeParse({
    status: one("status"),
    from: one("from"),
    to: one("to"),
    q: one("q"),
    employee: all("employee"),
    department: all("department"),
    depot: all("depot"),
    sort: one("sort"),
  });
  if (!url.success) {
    const problems = [...new Set(url.error.issues.map((issue) => issue.message))];
    return { ok: false, problems, message: `These filters could not be used: ${problems.join(" ")}` };
  }

  const { status, from, to, q, employee, department, depot, sort = "" } = url.data;
  return {
    ok: true,
    filters: orderFiltersSchema.parse({
      page: params.get("page") ?? undefined,
      sortField: sort.replace(/^-/, "") || undefined,
      sortDirection: sort ? (sort.startsWith("-") ? -1 : 1) : undefined,
      statusLabel: status,
      createdFrom: from,
      createdTo: to,
      employees: employee,
      departments: department,
      depot: depot[0],
      orderedBy: q,
    }),
  };
}

/**
 * SPEC §7 GET /api/order listing parameters as Feathers keys (decision 056 names the keys the
 * SPEC leaves open). The to-date covers its whole day, since createdDate carries a time.
 */
export function orderListQuery(filters: OrderFilters): Record<string, string> {
  const f = orderFiltersSchema.parse(filters);
  const field = f.sortField ?? DEFAULT_ORDER_SORT.field;
  const direction = f.sortDirection ?? (f.sortField ? 1 : DEFAULT_ORDER_SORT.direction);
  return feathersQueryRecord({
    ...pagination(f.page),
    $sort: { [field]: direction },
    orderToApprove: f.orderToApprove,
    ...(f.statusLabel ? statusFilterConditions(f.statusLabel) : { orderStatus: f.status }),
    createdDate:
      f.createdFrom || f.createdTo
        ? { $gte: f.createdFrom, $lte: f.createdTo && `${f.createdTo}T23:59:59.999Z` }
        : undefined,
    employees: f.employees,
    departments: f.departments,
    depot: f.depot,
    orderedBy: f.orderedBy,
    internalId: f.excludeIds.length > 0 ? { $nin: f.excludeIds } : undefined,
    includeExtraData: f.includeExtraData,
  });
}

/** SPEC §7/§9: the count of orders waiting for this approver; only the total is read. */
export function pendingApprovalCountQuery(): Record<string, string> {
  return feathersQueryRecord({ $limit: PENDING_COUNT_LIMIT, orderToApprove: true, orderStatus: PENDING_APPROVAL });
}
