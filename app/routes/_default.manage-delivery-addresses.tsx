import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { ListSearch } from "~/components/form-fields";
import { Pagination } from "~/components/pagination";
import { ScrollingTable } from "~/components/scrolling-table";
import { requireUser } from "~/auth/require-user.server";
import { manageAddressesPageData, submitManageAddresses } from "~/addresses/delivery-addresses.server";
import { page } from "~/auth/route-access";

export const access = page("user", {
  punchout: "refused",
  requires: ["addressRights"],
  actionNeeds: "dellAddress",
  nav: [{ to: "/manage-delivery-addresses", label: "Delivery addresses", group: "Account" }],
});

export const meta: MetaFunction = () => [{ title: "Delivery addresses · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return manageAddressesPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitManageAddresses(await requireUser(request), request);
}

type Row = { id: string; label: string; addressee: string; text: string; isDefault: boolean };

function AddressTable({ label, rows, deactivate }: { label: string; rows: Row[]; deactivate: boolean }) {
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  return (
    <ScrollingTable label={label} headings={["Name", "Addressee", "Address", ...(deactivate ? ["Remove"] : [])]}>
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            <th scope="row">
              {a.label}
              {a.isDefault ? (
                <>
                  <br />
                  <span className="muted">Default address</span>
                </>
              ) : null}
            </th>
            <td>{a.addressee || "—"}</td>
            <td>{a.text || "—"}</td>
            {deactivate ? (
              <td>
                <Form method="post" action={`${location.pathname}${location.search}`}>
                  <input type="hidden" name="intent" value="deactivate" />
                  <input type="hidden" name="addressId" value={a.id} />
                  <button type="submit" className="button" disabled={busy} aria-label={`Remove ${a.label}`}>
                    Remove
                  </button>
                </Form>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** /manage-delivery-addresses (issue 17 item 4, decision 114): the customer's addresses, searchable, 16 a page; those typed at checkout apart. */
export default function ManageDeliveryAddresses() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="stack orders">
      <h1>Delivery addresses</h1>
      {data.addLink ? (
        <p>
          <Link to="/add-delivery-address">Add a delivery address</Link>
        </p>
      ) : null}
      <ListSearch
        label="Search addresses"
        field="Name or postcode"
        id="address-q"
        q={data.q}
        clearTo="/manage-delivery-addresses"
        clearLabel="Show all addresses"
      />
      {data.customer ? (
        <>
          <h2>Your business unit&apos;s addresses</h2>
          {data.customer.rows.length === 0 ? (
            <EmptyState
              steps={
                data.q
                  ? [{ to: "/manage-delivery-addresses", label: "Show all addresses" }]
                  : data.addLink
                    ? [{ to: "/add-delivery-address", label: "Add a delivery address" }]
                    : []
              }
            >
              {data.q ? `No addresses match “${data.q}”.` : "Your business unit has no delivery addresses yet."}
            </EmptyState>
          ) : (
            <AddressTable label="Delivery addresses" rows={data.customer.rows} deactivate={data.canDeactivate} />
          )}
          {data.customer.total > 0 ? (
            <Pagination
              page={data.customer.page}
              pages={data.customer.pageCount}
              total={data.customer.total}
              counted={["address", "addresses"]}
            />
          ) : null}
        </>
      ) : null}
      <h2>Addresses typed at checkout</h2>
      {data.custom.length === 0 ? (
        <p>
          {data.q
            ? `No typed addresses match “${data.q}”.`
            : "No addresses have been typed at checkout. An address typed there for one order is listed here."}
        </p>
      ) : (
        <AddressTable label="Addresses typed at checkout" rows={data.custom} deactivate={false} />
      )}
    </section>
  );
}
