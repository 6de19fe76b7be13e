import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { PAGE_SIZE } from "~/domain/constants";
import { parsePage } from "~/domain/feathers-query";
import { ORDER_SOURCE_STATUSES } from "~/domain/order-status";
import { pageCount } from "~/domain/paging";
import { UPSTREAM_ID_PATTERN } from "~/domain/upstream-id";
import { orderDetail, orderSummary } from "~/orders/order-view.server";
import { idParam } from "~/utils/params.server";
import { plainMessages, type FieldErrors } from "~/utils/forms.server";
import { searchCustomers } from "~/upstream/admin-customers.server";
import { dayFilter, personName, placeRefusal, reversedRange, REVERSED_RANGE } from "./admin-shared.server";
import { refusal } from "~/upstream/errors.server";
import { getAdminOrder, listAdminOrders, type AdminOrder, type AdminOrderQuery } from "~/upstream/admin-orders.server";

// /admin/orders and /admin/orders/{orderId} (issue 20 item 7, decision 130): every customer's orders, searched by
// number, reference, customer, status and dates, 16 a page; any order's detail with its customer and who placed it.
// C20 §7: GET /api/admin/order and GET /api/admin/order/:id. An admin always sees amounts (never pricingHidden).

const FIELDS = ["tranId", "reference", "customerId", "status", "from", "to"] as const;
type Field = (typeof FIELDS)[number];

const FiltersSchema = z.object({
  tranId: z.string().trim().max(60, "Use at most 60 characters").default(""),
  reference: z.string().trim().max(60, "Use at most 60 characters").default(""),
  customerId: z
    .string()
    .trim()
    .refine((v) => v === "" || UPSTREAM_ID_PATTERN.test(v), "Choose a customer from the list")
    .default(""),
  status: z
    .enum(["", ...ORDER_SOURCE_STATUSES], { errorMap: () => ({ message: "Choose a status from the list" }) })
    .default(""),
  from: dayFilter("From").default(""),
  to: dayFilter("To").default(""),
});

/** The GET form read and checked; a value the form could not have sent → its message under its field. */
export function readAdminOrderFilters(
  params: URLSearchParams,
): { ok: true; query: AdminOrderQuery } | { ok: false; errors: FieldErrors } {
  const parsed = FiltersSchema.safeParse(Object.fromEntries(FIELDS.map((k) => [k, params.get(k) ?? undefined])), {
    errorMap: plainMessages,
  });
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, errors };
  }
  const f = parsed.data;
  if (reversedRange(f.from, f.to)) return { ok: false, errors: { from: REVERSED_RANGE } };
  return {
    ok: true,
    query: {
      tranId: f.tranId,
      reference: f.reference,
      customerId: f.customerId,
      status: f.status,
      from: f.from,
      to: f.to,
    },
  };
}

const NO_PRICES_HIDDEN = { pricesHidden: false };

/**
 * /admin/orders: the form as typed, the customers and statuses to choose from, and page `?page` of the orders found
 * (past the end → the last page, asked again). A bad filter: its message under its field, no order call (the route
 * answers 400); the provider's 400 is placed the same way, its 404 (a customer gone) under the customer.
 */
export async function adminOrdersPageData(user: PortalUser, url: URL) {
  const params = url.searchParams;
  const form = Object.fromEntries(FIELDS.map((k) => [k, params.get(k) ?? ""])) as Record<Field, string>;
  const customers = (await searchCustomers(user.upstream, "", 100)).data.map((c) => ({ value: c.id, label: c.name }));
  const statuses = ORDER_SOURCE_STATUSES.map((s) => ({ value: s, label: s }));
  const base = { form, customers, statuses };
  const empty = { orders: [] as Array<ReturnType<typeof row>>, total: 0, page: 1, pageCount: 1 };
  const reading = readAdminOrderFilters(params);
  if (!reading.ok) return { ...base, errors: reading.errors, ...empty };
  const asked = parsePage(params.get("page"));
  let answer;
  try {
    answer = await listAdminOrders(user.upstream, reading.query, (asked - 1) * PAGE_SIZE);
  } catch (error) {
    const upstream = refusal(error, 400, 404);
    if (upstream.status === 404)
      return { ...base, errors: { customerId: "That customer could not be found" } as FieldErrors, ...empty };
    const { fieldErrors, formError } = placeRefusal(upstream, FIELDS);
    return {
      ...base,
      errors: formError ? { ...fieldErrors, tranId: fieldErrors.tranId ?? formError } : fieldErrors,
      ...empty,
    };
  }
  const pages = pageCount(answer.total);
  const page = Math.min(asked, pages);
  if (page !== asked) answer = await listAdminOrders(user.upstream, reading.query, (page - 1) * PAGE_SIZE);
  return {
    ...base,
    errors: {} as FieldErrors,
    orders: answer.data.map(row),
    total: answer.total,
    page,
    pageCount: pages,
  };
}
/** @internal the route tests type the loader's answer with it */
export type AdminOrdersData = Awaited<ReturnType<typeof adminOrdersPageData>>;

function row(order: AdminOrder) {
  return { ...orderSummary(order, NO_PRICES_HIDDEN), customer: order.customer?.name ?? "" };
}

/** /admin/orders/{orderId}: the order as the history shows it, with its customer and who placed it; not digits or unknown → 404. */
export async function adminOrderDetailData(user: PortalUser, orderId: string | undefined) {
  const answer = await getAdminOrder(user.upstream, idParam(orderId, "Order not found"));
  return {
    order: orderDetail(answer, NO_PRICES_HIDDEN),
    customer: answer.customer,
    placedBy: answer.placedBy
      ? { id: answer.placedBy.id, name: personName(answer.placedBy), email: answer.placedBy.email }
      : null,
  };
}
