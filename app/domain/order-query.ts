import { isValid, parseISO } from "date-fns";
import { z } from "zod";
import { PENDING_COUNT_LIMIT } from "./constants";
import { feathersQueryRecord, pagination, parsePage, type SortDirection } from "./feathers-query";
import { ORDER_SOURCE_STATUSES, PENDING_APPROVAL } from "./order-status";

export const ORDER_SORT_FIELDS = ["createdDate", "tranId", "shipDate", "orderStatus"] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export const DEFAULT_ORDER_SORT = { field: "createdDate", direction: -1 } as const satisfies { field: OrderSortField; direction: SortDirection };

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

/**
 * The portal's order-list URL (?page, sort=-createdDate, status, from, to, employee*, department*,
 * depot, q) read into filters.
 */
export function orderFiltersFromSearchParams(params: URLSearchParams): z.output<typeof orderFiltersSchema> {
  const sort = params.get("sort")?.trim() ?? "";
  return orderFiltersSchema.parse({
    page: params.get("page") ?? undefined,
    sortField: sort.replace(/^-/, "") || undefined,
    sortDirection: sort ? (sort.startsWith("-") ? -1 : 1) : undefined,
    status: params.get("status") ?? undefined,
    createdFrom: params.get("from") ?? undefined,
    createdTo: params.get("to") ?? undefined,
    employees: params.getAll("employee"),
    departments: params.getAll("department"),
    depot: params.get("depot") ?? undefined,
    orderedBy: params.get("q") ?? undefined,
  });
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
    orderStatus: f.status,
    createdDate: f.createdFrom || f.createdTo ? { $gte: f.createdFrom, $lte: f.createdTo && `${f.createdTo}T23:59:59.999Z` } : undefined,
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
