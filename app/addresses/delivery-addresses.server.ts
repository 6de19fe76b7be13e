import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { mayOpen } from "~/chrome.server";
import { addressChoice } from "~/domain/address";
import { PAGE_SIZE, FETCH_ALL_LIMIT } from "~/domain/constants";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { normalisePostcode } from "~/domain/postcode";
import {
  addCustomerAddress,
  deactivateCustomerAddress,
  listAddressPage,
  type Address,
} from "~/upstream/addresses.server";
import { refusal } from "~/upstream/errors.server";
import { idField, parseForm, type FieldErrors } from "~/utils/forms.server";
import { fieldReason } from "~/wearer-packs/add-wearer.server";

// /add-delivery-address and /manage-delivery-addresses (issue 17 items 3 and 4, decision 114). The provider checks
// every rule again (contract 6: the postcode by the same normalisePostcode; label, first line and town required).

export const ADDRESS_ADDED = "Delivery address added";
export const ADDRESS_DEACTIVATED = "Delivery address removed";

/** The form's fields, in the order the page shows them. */
export const ADDRESS_FIELDS = ["label", "addressee", "addr1", "addr2", "city", "zip"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

const required = (what: string, max: number) =>
  z
    .string({ required_error: `Enter ${what}` })
    .trim()
    .min(1, `Enter ${what}`)
    .max(max, `Use at most ${max} characters`);
const optional = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).default("");

/** The address form: label, addressee, two lines, town and a UK postcode (normalised: `sw1a1aa` → `SW1A 1AA`). */
export const addressSchema = () =>
  z.object({
    label: required("a name for the address", 100),
    addressee: optional(100),
    addr1: required("the first line of the address", 150),
    addr2: optional(150),
    city: required("the town or city", 100),
    zip: z
      .string({ required_error: "Enter the postcode" })
      .trim()
      .min(1, "Enter the postcode")
      .max(20, "Enter a UK postcode, like SW1A 1AA, or a BFPO number, like BFPO 801")
      .transform((value, ctx) => {
        const result = normalisePostcode(value);
        if (result.ok) return result.postcode;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: result.message });
        return z.NEVER;
      }),
  });

function typedValues(formData: FormData): AddressValues {
  const text = (field: AddressField) => {
    const value = formData.get(field);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(f)])) as AddressValues;
}

const refused = (fieldErrors: FieldErrors, formError: string | null, values: AddressValues, status = 400) =>
  data({ ok: false as const, fieldErrors, formError, values }, { status });

/** The page: where the user goes back to (the list, when the guard lets them open it). */
export function addAddressPageData(user: PortalUser) {
  return { listLink: mayOpen(user, "/manage-delivery-addresses") };
}

/**
 * The post: checked here (the postcode normalised), then POST /api/customer-address. Success → 303 to the address
 * list with the toast; a refusal → its status with the reason under the field the provider named, values kept.
 */
export async function submitAddAddress(user: PortalUser, request: Request) {
  const form = await parseForm(request, addressSchema());
  const values = typedValues(form.formData);
  if (!form.ok) return refused(form.fieldErrors, form.formError, values);
  try {
    await addCustomerAddress(user.upstream, form.data);
  } catch (error) {
    const upstream = refusal(error);
    const field = ADDRESS_FIELDS.find((f) => f === upstream.field);
    return field
      ? refused({ [field]: fieldReason(upstream.message) }, null, values, upstream.status)
      : refused({}, upstream.message, values, upstream.status);
  }
  const to = mayOpen(user, "/manage-delivery-addresses") ? "/manage-delivery-addresses" : "/add-delivery-address";
  return redirect(to, { status: 303, headers: await flashToast(request, { kind: "success", message: ADDRESS_ADDED }) });
}

/** One address as a row shows it. */
export interface AddressRow {
  id: string;
  label: string;
  addressee: string;
  text: string;
  isDefault: boolean;
}

const row = (address: Address): AddressRow => ({
  id: address.internalId,
  label: address.label,
  addressee: address.details.addressee ?? "",
  text: addressChoice(address).text,
  isDefault: address.isDefault === true,
});

/**
 * /manage-delivery-addresses: one page (16) of the customer's active addresses by label, searched by label or
 * postcode (`q`), and the active addresses typed at checkout, with the same search, listed apart. A user with
 * customAddressOnly gets only the typed ones (decision 114). A page past the end is asked for again as the last.
 */
export async function manageAddressesPageData(user: PortalUser, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const permissions = user.session.account.permissions;
  const typedOnly = permissions.includes("customAddressOnly");
  const customerList = async () => {
    const asked = parsePage(url.searchParams.get("page"));
    const first = await listAddressPage(user.upstream, "customer-address", {
      q,
      limit: PAGE_SIZE,
      skip: (asked - 1) * PAGE_SIZE,
    });
    const pages = pageCount(first.total);
    if (asked <= pages) return { page: asked, pages, answer: first };
    const last = await listAddressPage(user.upstream, "customer-address", {
      q,
      limit: PAGE_SIZE,
      skip: (pages - 1) * PAGE_SIZE,
    });
    return { page: pages, pages, answer: last };
  };
  const [customer, custom] = await Promise.all([
    typedOnly ? Promise.resolve(null) : customerList(),
    listAddressPage(user.upstream, "custom-addresses", { q, limit: FETCH_ALL_LIMIT, skip: 0 }),
  ]);
  return {
    q,
    customer: customer
      ? {
          total: customer.answer.total,
          page: customer.page,
          pageCount: customer.pages,
          rows: customer.answer.data.map(row),
        }
      : null,
    custom: custom.data.map(row),
    canDeactivate: permissions.includes("dellAddress"),
    addLink: mayOpen(user, "/add-delivery-address"),
  };
}

const deactivateSchema = () => z.object({ intent: z.literal("deactivate"), addressId: idField("Choose an address") });

/**
 * A row's post: PATCH /api/customer-address/:id {isInactive: true}, then 303 back to the same list (search and page
 * kept) with the toast. Another customer's id, or one already gone → the provider's 404, said as an error toast.
 */
export async function submitManageAddresses(user: PortalUser, request: Request) {
  const back = (() => {
    const url = new URL(request.url);
    url.searchParams.delete("index");
    const search = url.searchParams.toString();
    return `/manage-delivery-addresses${search ? `?${search}` : ""}`;
  })();
  const form = await parseForm(request, deactivateSchema());
  if (!form.ok)
    return data(
      { ok: false as const, fieldErrors: form.fieldErrors, formError: form.formError ?? "Choose an address" },
      { status: 400 },
    );
  try {
    await deactivateCustomerAddress(user.upstream, form.data.addressId);
  } catch (error) {
    const upstream = refusal(error);
    const message = upstream.status === 404 ? "That address was not found" : upstream.message;
    return redirect(back, { status: 303, headers: await flashToast(request, { kind: "error", message }) });
  }
  return redirect(back, {
    status: 303,
    headers: await flashToast(request, { kind: "success", message: ADDRESS_DEACTIVATED }),
  });
}
