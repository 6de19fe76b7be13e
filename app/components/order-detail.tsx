import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { DespatchView, OrderDetailView } from "~/orders/order-view.server";
import { FieldError } from "./field-error";
import { StatusLabel } from "./status-label";
import { ScrollingTable } from "./scrolling-table";
import { LabelledRow } from "./table-labels";

/**
 * The order detail shared by history and approval: facts, address, lines with their totals, notes, despatches.
 * `referenceLabel` names the order's reference as the reader knows it: the requester's own ("Your reference", as
 * the checkout asks for it), or, to an approver, the requester's.
 */
export function OrderDetail({
  order,
  despatchBase,
  children,
  addressForm,
  referenceLabel = "Your reference",
}: {
  order: OrderDetailView;
  despatchBase?: string;
  children?: ReactNode;
  addressForm?: ReactNode;
  referenceLabel?: string;
}) {
  // the totals sit in the table's foot, their amounts in the Amount column and the total quantity under Quantity
  const beforeQuantity = 2;
  const beforeAmount = beforeQuantity + 3;
  const totals: Array<[string, ReactNode]> = [
    ["Subtotal", order.subTotal],
    ["Shipping", order.shipping],
    ["VAT", order.tax],
    ["Total", <strong key="total">{order.total}</strong>],
  ];
  return (
    <article className="stack orders">
      <h1>Order {order.tranId}</h1>
      <dl className="order-facts">
        <dt>Status</dt>
        <dd>
          <StatusLabel status={order.status} />
        </dd>
        <dt>{referenceLabel}</dt>
        <dd>{order.otherRefNum || "—"}</dd>
        <dt>Ordered on</dt>
        <dd>{order.created}</dd>
        <dt>Ship date</dt>
        <dd>{order.shipDate}</dd>
        <dt>Ordered by</dt>
        <dd>{order.orderedBy}</dd>
        <dt>Order type</dt>
        <dd>{order.type}</dd>
      </dl>
      {order.rejectionNote ? (
        <div className="notice notice--error" role="note" aria-label="Rejection note">
          <strong>Rejection note:</strong> {order.rejectionNote}
        </div>
      ) : null}
      {children}
      <div className="order-panels">
        <section className="order-panel" aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">Delivery address</h2>
          <address role="group" aria-label="Current delivery address">
            {order.addressLines.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </address>
          {order.instructions ? <p>Delivery instructions: {order.instructions}</p> : null}
          {addressForm}
        </section>
        {order.pickingNote ? (
          <section className="order-panel" aria-labelledby="picking-heading">
            <h2 id="picking-heading">Picking note</h2>
            <p>{order.pickingNote}</p>
          </section>
        ) : null}
      </div>
      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading">Lines</h2>
        <ScrollingTable
          labelledBy="lines-heading"
          headings={["Code", "Product", "Quantity", "Despatched", { money: "Price" }, { money: "Amount" }]}
        >
          {order.wearers ? (
            // a wearer-pack order: a row group per wearer, headed by the wearer and where their lines go (decision 104)
            order.wearers.map((wearer) => (
              <tbody key={wearer.key} className="order-table__wearer">
                <tr>
                  <th scope="rowgroup" colSpan={beforeAmount + 1}>
                    <strong>{wearer.name}</strong>
                    {wearer.addressLines.length ? (
                      <span> · Delivery address: {wearer.addressLines.join(", ")}</span>
                    ) : null}
                  </th>
                </tr>
                <LineRows lines={wearer.lines} />
              </tbody>
            ))
          ) : (
            <tbody>
              <LineRows lines={order.lines} />
            </tbody>
          )}
          <tfoot className="order-table__totals">
            <tr>
              <th scope="row" colSpan={beforeQuantity}>
                Total quantity
              </th>
              <td>{order.totalQuantity}</td>
              <td colSpan={3} />
            </tr>
            {totals.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" colSpan={beforeAmount}>
                  {label}
                </th>
                <td className="order-table__money">{value}</td>
              </tr>
            ))}
          </tfoot>
        </ScrollingTable>
      </section>
      {despatchBase ? <Despatches despatches={order.despatches} base={despatchBase} /> : null}
    </article>
  );
}

function LineRows({ lines }: { lines: OrderDetailView["lines"] }) {
  return (
    <>
      {lines.map((line) => (
        <LabelledRow key={line.key}>
          <td>{line.code}</td>
          <td>{line.name}</td>
          <td>{line.quantity}</td>
          <td>{line.despatched}</td>
          <td className="order-table__money">{line.rate}</td>
          <td className="order-table__money">{line.amount}</td>
        </LabelledRow>
      ))}
    </>
  );
}

function Despatches({ despatches, base }: { despatches: DespatchView[]; base: string }) {
  return (
    <section aria-labelledby="despatches-heading">
      <h2 id="despatches-heading">Despatches</h2>
      {despatches.length === 0 ? (
        <p>Nothing has been despatched yet.</p>
      ) : (
        <ul>
          {despatches.map((d) => (
            <li key={d.id}>
              <Link to={`${base}/despatched/${d.id}`}>Despatch {d.tranId}</Link> on {d.date}
              {d.carrier ? ` by ${d.carrier}` : ""}
              {d.trackingNumber ? `, tracking ${d.trackingNumber}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Reorder: the basket's action copies the order's lines into the basket (intent=reorder). */
export function ReorderForm({ orderId }: { orderId: string }) {
  return (
    <Form method="post" action="/basket">
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="orderId" value={orderId} />
      <button type="submit" className="button">
        Reorder
      </button>
    </Form>
  );
}

export type AmendActionData = { ok: false; fieldErrors: Record<string, string>; formError: string | null } | undefined;

/** Change the delivery address of an order nothing of which is despatched yet; a plain POST form. */
export function AmendAddressForm({
  options,
  actionData,
}: {
  options: Array<{ value: string; label: string }>;
  actionData: AmendActionData;
}) {
  const error = actionData?.fieldErrors.addressId ?? actionData?.formError ?? undefined;
  return (
    <Form method="post" className="stack">
      <input type="hidden" name="intent" value="amend-address" />
      <div className="field">
        <label htmlFor="amend-address">New delivery address</label>
        <select
          id="amend-address"
          name="addressId"
          defaultValue=""
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "amend-address-error" : undefined}
        >
          <option value="" disabled>
            Choose an address
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldError id="amend-address-error" message={error} />
      </div>
      <button type="submit" className="button button--small">
        Change delivery address
      </button>
    </Form>
  );
}
