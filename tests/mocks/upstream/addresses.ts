import { http, HttpResponse } from "msw";
import { normalisePostcode, POSTCODE_MESSAGE } from "~/domain/postcode";
import { UPSTREAM } from "./fixtures";

/** An address as GET /api/customer-address and GET /api/custom-addresses answer it. */
export function addressAnswer(
  internalId: string,
  label: string,
  more: { zip?: string; kind?: "customer" | "custom"; isDefault?: boolean } = {},
) {
  const zip = more.zip ?? "LS1 4AP";
  return {
    internalId,
    label,
    kind: more.kind ?? "customer",
    details: {
      addressee: "Goods in",
      addr1: `${internalId} Mill Lane`,
      addr2: "",
      city: "Leeds",
      zip,
      country: "GB",
      addrText: "",
      custrecord4: { value: false },
    },
    isDefault: more.isDefault ?? false,
    orderUse: { stock: true, wearerPack: true },
  };
}

/**
 * The address calls of issue 17 (decision 114) as the provider answers them (contract 6): the two lists (paged with
 * $limit/$skip; every query recorded), POST /api/customer-address (label, addr1, city required; the postcode by
 * normalisePostcode → 400 naming the field; else 201), PATCH /api/customer-address/:id {isInactive: true} (an id not
 * in `customer` → 404). Every body is recorded; `forbid` answers the writes 403.
 */
export function addressHandlers(
  options: {
    customer?: ReturnType<typeof addressAnswer>[];
    custom?: ReturnType<typeof addressAnswer>[];
    forbid?: boolean;
  } = {},
) {
  const customer = options.customer ?? [
    addressAnswer("701", "Leeds depot", { isDefault: true }),
    addressAnswer("702", "York site", { zip: "YO1 7HH" }),
  ];
  const custom = options.custom ?? [addressAnswer("901", "Typed at checkout", { kind: "custom", zip: "M1 1AE" })];
  const queries: Record<"customer" | "custom", URLSearchParams[]> = { customer: [], custom: [] };
  const bodies: Array<Record<string, unknown>> = [];
  const patches: Array<{ id: string; body: unknown }> = [];
  const invalid = (field: string, why: string) =>
    HttpResponse.json(
      { name: "BadRequest", message: `Invalid value at field "${field}": ${why}`, code: 400, data: { field } },
      { status: 400 },
    );
  const forbidden = () =>
    HttpResponse.json(
      { name: "Forbidden", message: "This account may not change delivery addresses", code: 403 },
      { status: 403 },
    );
  const page = (rows: ReturnType<typeof addressAnswer>[], params: URLSearchParams) => {
    const limit = Number(params.get("$limit") ?? 16);
    const skip = Number(params.get("$skip") ?? 0);
    const q = (params.get("$or[0][label][$match]") ?? "").toLowerCase();
    const found = q
      ? rows.filter((r) => r.label.toLowerCase().includes(q) || r.details.zip.toLowerCase().includes(q))
      : rows;
    return HttpResponse.json({ total: found.length, limit, skip, data: found.slice(skip, skip + limit) });
  };
  const handlers = [
    http.get(`${UPSTREAM}/api/customer-address`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.customer.push(params);
      return page(customer, params);
    }),
    http.get(`${UPSTREAM}/api/custom-addresses`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.custom.push(params);
      return page(custom, params);
    }),
    http.post(`${UPSTREAM}/api/customer-address`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (options.forbid) return forbidden();
      for (const field of ["label", "addr1", "city"])
        if (!String(body[field] ?? "").trim()) return invalid(field, "this field is required");
      if (!normalisePostcode(String(body.zip ?? "")).ok) return invalid("zip", POSTCODE_MESSAGE);
      if (customer.some((a) => a.label.toLowerCase() === String(body.label).toLowerCase()))
        return invalid("label", "another address is already called that");
      return HttpResponse.json({ ...addressAnswer("799", String(body.label)), details: { ...body } }, { status: 201 });
    }),
    http.patch(`${UPSTREAM}/api/customer-address/:id`, async ({ request, params }) => {
      const body = await request.json();
      patches.push({ id: String(params.id), body });
      if (options.forbid) return forbidden();
      const found = customer.find((a) => a.internalId === params.id);
      if (!found)
        return HttpResponse.json({ name: "NotFound", message: "No record found for id", code: 404 }, { status: 404 });
      return HttpResponse.json({ ...found, details: { ...found.details, custrecord4: { value: true } } });
    }),
  ];
  return { handlers, queries, bodies, patches };
}
