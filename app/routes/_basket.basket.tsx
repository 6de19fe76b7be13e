import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { Choice } from "~/components/choice";
import { EmptyState } from "~/components/empty-state";
import { FieldError } from "~/components/field-error";
import { IntentButton } from "~/components/intent-button";
import { LineProduct, LineTable } from "~/components/line-table";
import { LabelledRow } from "~/components/table-labels";
import { OverAllowanceNotice } from "~/components/over-allowance-notice";
import { TransferBasketForm } from "~/components/punchout-bar";
import { QuantitySelector } from "~/components/quantity-selector";
import basketStyles from "~/styles/basket.css?url";
import { countOf } from "~/domain/plural";
import { requireUser } from "~/auth/require-user.server";
import { basketPageData, submitBasket } from "~/basket/basket.server";
import { ordering } from "~/auth/route-access";

// the basket and checkout (decision 050: browse-only users outside punchout are sent home)
export const access = ordering({ nav: [{ to: "/basket", label: "Basket", group: "Ordering" }] });

export const meta: MetaFunction = () => [{ title: "Basket · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return basketPageData(await requireUser(request));
}

/** THE basket action: every basket mutation posts here with an `intent` (STYLE: one resource action, like a cart). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitBasket(user, request);
}

export default function BasketPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formError = actionData && !actionData.ok ? actionData.formError : null;
  const isStock = view.selectedBasketType === "stock-order-basket";

  return (
    <div className="basket stack">
      <h1>Basket</h1>
      {view.heldForApproval ? (
        <p className="notice notice--info">
          This basket is a punchout basket loaded for your approval: placing the order approves it.{" "}
          <Link to={`/saved-punchout-baskets/${view.heldForApproval}`}>See the punchout basket</Link>
        </p>
      ) : null}
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}

      {view.punchout?.readOnly ? (
        <ReadOnlyBasket view={view} />
      ) : (
        <>
          {view.choosesBasket ? <BasketChoice view={view} isStock={isStock} /> : null}

          {isStock ? <StockBasket view={view} busy={busy} /> : <ManpackBasket view={view} busy={busy} />}
        </>
      )}
    </div>
  );
}

type View = ReturnType<typeof useLoaderData<typeof loader>>;

/** Which basket the page shows: only for a user who may use both (decision 161). */
function BasketChoice({ view, isStock }: { view: View; isStock: boolean }) {
  return (
    <Form method="post" className="basket__type" aria-label="Basket type">
      <input type="hidden" name="intent" value="basket-type" />
      <fieldset>
        <legend>Which basket</legend>
        <Choice
          name="basketType"
          value="stock-order-basket"
          defaultChecked={isStock}
          label={`Stock basket (${view.count})`}
        />
        <Choice
          name="basketType"
          value="manpack-order-basket"
          defaultChecked={!isStock}
          label={`Wearer-pack basket (${countOf(view.packs.length, "wearer")})`}
        />
        <button type="submit" className="button button--small">
          Show basket
        </button>
      </fieldset>
    </Form>
  );
}

function StockBasket({ view, busy }: { view: View; busy: boolean }) {
  if (view.lines.length === 0) {
    return (
      <section aria-labelledby="stock-heading" className="stack">
        <h2 id="stock-heading">Stock basket</h2>
        <EmptyState steps={view.emptySteps.stock}>Your stock basket is empty.</EmptyState>
      </section>
    );
  }
  return (
    <section aria-labelledby="stock-heading" className="stack">
      <h2 id="stock-heading">Stock basket</h2>
      {view.priceNotice.length > 0 ? (
        <div className="notice notice--info" role="status">
          <p>Prices have changed since these were added to your basket. The order uses today&rsquo;s prices:</p>
          <ul>
            {view.priceNotice.map((line) => (
              <li key={line.productId}>{line.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <LineTable
        className="basket-lines"
        caption="Products in your stock basket"
        columns={["Product", "Unit price", "Quantity", "Line total", { hidden: "Remove" }]}
      >
        {view.lines.map((line) => (
          <BasketLineRow
            key={line.productId}
            line={line}
            before={<td>{line.unitPriceText}</td>}
            after={<td>{line.lineTotalText}</td>}
          />
        ))}
      </LineTable>
      <StockTotals view={view} />

      <InstructionsForm
        intent="instructions"
        id="delivery-instructions"
        label="Delivery instructions"
        defaultValue={view.instructions.stock}
        busy={busy}
      />

      <BasketActions to="/saved-baskets" label="Save or load a basket" transfer={view.punchout?.transfer ?? false} />
    </section>
  );
}

/**
 * The basket's way on: checkout, and beside it a link to where more of the basket is found. Within a punchout session
 * without ordering in the portal the basket is transferred instead (decision 111).
 */
function BasketActions({ to, label, transfer = false }: { to: string; label: string; transfer?: boolean }) {
  return (
    <div className="basket-actions">
      <Link to={to} className="button">
        {label}
      </Link>
      {transfer ? (
        <TransferBasketForm />
      ) : (
        <Link to="/checkout" className="button button--primary">
          Go to checkout
        </Link>
      )}
    </div>
  );
}

function StockTotals({ view }: { view: View }) {
  return (
    <dl className="basket-totals">
      <dt>Items</dt>
      <dd>{view.count}</dd>
      <dt>Subtotal (excluding delivery and VAT)</dt>
      <dd>{view.totalText}</dd>
    </dl>
  );
}

/** An inspect punchout session's basket (decision 111): its lines to look at, no forms but the way back. */
function ReadOnlyBasket({ view }: { view: View }) {
  return (
    <section aria-labelledby="stock-heading" className="stack">
      <h2 id="stock-heading">Basket from your procurement system</h2>
      <p>This basket is shown read-only: it cannot be changed in this punchout session.</p>
      {view.lines.length === 0 ? (
        <p>The basket is empty.</p>
      ) : (
        <>
          <LineTable
            className="basket-lines"
            caption="Products in the basket"
            columns={["Product", "Unit price", "Quantity", "Line total"]}
          >
            {view.lines.map((line) => (
              <tr key={line.productId}>
                <td>
                  <LineProduct thumbnail={line.thumbnail} name={line.name} details={[line.options.join(", ")]} />
                </td>
                <td>{line.unitPriceText}</td>
                <td>{line.qty}</td>
                <td>{line.lineTotalText}</td>
              </tr>
            ))}
          </LineTable>
          <StockTotals view={view} />
        </>
      )}
      <div className="basket-actions">
        <TransferBasketForm inspect />
      </div>
    </section>
  );
}

/** A basket's delivery instructions (at most 2000 characters), saved with one post. */
function InstructionsForm({
  intent,
  id,
  label,
  defaultValue,
  busy,
}: {
  intent: string;
  id: string;
  label: string;
  defaultValue: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className="stack basket-instructions">
      <input type="hidden" name="intent" value={intent} />
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} name="instructions" rows={3} maxLength={2000} defaultValue={defaultValue} />
      </div>
      <button type="submit" className="button button--small" disabled={busy}>
        Save instructions
      </button>
    </Form>
  );
}

type RowLine = { productId: string; name: string; thumbnail: string; options: string[]; qty: number; step: number };

/**
 * A basket line's row: its product, a quantity that posts `update` (0 removes) and a Remove button, with the cells
 * the basket shows between them. A fetcher per row with JavaScript; a plain post (the noscript Update) without. A
 * wearer's pack line posts the pack intents with the wearer's id.
 */
function BasketLineRow({
  line,
  before,
  after,
  fields = {},
  intents = { update: "update", remove: "remove" },
  removeLabel = `Remove ${line.name}`,
}: {
  line: RowLine;
  before?: ReactNode;
  after?: ReactNode;
  fields?: Record<string, string>;
  intents?: { update: string; remove: string };
  removeLabel?: string;
}) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.formError : null;
  const errorId = ["line-error", ...Object.values(fields), line.productId].join("-");
  // a refused quantity is not in the basket: the field goes back to the basket's quantity, the reason stays shown
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setRefusals((n) => n + 1);
  }, [fetcher.state, fetcher.data]);
  const hidden = Object.entries({ ...fields, productId: line.productId }).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <LabelledRow aria-busy={pending || undefined}>
      <td>
        <LineProduct thumbnail={line.thumbnail} name={line.name} details={[line.options.join(", ")]} />
      </td>
      {before}
      <td>
        <fetcher.Form method="post" className="basket-line__qty" aria-describedby={error ? errorId : undefined}>
          <input type="hidden" name="intent" value={intents.update} />
          {hidden}
          <QuantitySelector
            key={refusals}
            name="qty"
            label={`Quantity of ${line.name}`}
            labelHidden
            defaultValue={line.qty}
            min={0}
            step={line.step}
            onCommit={(qty) =>
              fetcher.submit(
                { intent: intents.update, ...fields, productId: line.productId, qty: String(qty) },
                { method: "post" },
              )
            }
          />
          <noscript>
            <button type="submit" className="button button--small">
              Update
            </button>
          </noscript>
        </fetcher.Form>
        <FieldError id={errorId} message={error ?? undefined} />
      </td>
      {after}
      <td>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={intents.remove} />
          {hidden}
          <button type="submit" className="button button--small" aria-label={removeLabel} disabled={pending}>
            Remove
          </button>
        </fetcher.Form>
      </td>
    </LabelledRow>
  );
}

type WearerPacks = NonNullable<View["wearerPacks"]>;

/** The delivery of a pack without a method chosen, in plain words: the provider sends it the cheapest way it may go. */
const defaultMethodWords = (method: string | null) =>
  method ? `Cheapest for this pack: ${method}` : "Cheapest for this pack (shown at checkout)";
type PackShown = WearerPacks["packs"][number];

/** The wearer-pack basket (issue 15 item 5): a section a wearer, their delivery instructions, checkout. */
function ManpackBasket({ view, busy }: { view: View; busy: boolean }) {
  const packs = view.wearerPacks;
  if (!packs || packs.packs.length === 0) {
    return (
      <section aria-labelledby="manpack-heading" className="stack">
        <h2 id="manpack-heading">Wearer-pack basket</h2>
        <EmptyState steps={view.emptySteps.manpack}>Your wearer-pack basket is empty.</EmptyState>
      </section>
    );
  }
  const items = packs.packs.reduce((sum, pack) => sum + pack.itemCount, 0);
  return (
    <section aria-labelledby="manpack-heading" className="stack">
      <h2 id="manpack-heading">Wearer-pack basket</h2>
      {packs.packs.map((pack) => (
        <WearerPackSection key={pack.employeeId} pack={pack} packs={packs} busy={busy} />
      ))}
      <dl className="basket-totals" aria-label="Wearer-pack basket totals">
        <dt>Wearers</dt>
        <dd>{packs.packs.length}</dd>
        <dt>Items</dt>
        <dd>{items}</dd>
        {packs.totals ? <PackTotals totals={packs.totals} /> : null}
      </dl>

      <InstructionsForm
        intent="pack-instructions"
        id="pack-delivery-instructions"
        label="Wearer-pack delivery instructions"
        defaultValue={packs.instructions}
        busy={busy}
      />

      <BasketActions to="/wearer-pack" label="Wearer packs" />
    </section>
  );
}

/** The wearer-pack basket's money, the figures its checkout charges (decision 166): or why there are none yet. */
function PackTotals({ totals }: { totals: NonNullable<WearerPacks["totals"]> }) {
  if (totals.problem || totals.totalText === null)
    return (
      <>
        <dt>Total</dt>
        <dd>{totals.problem ?? "Worked out at checkout"}</dd>
      </>
    );
  return (
    <>
      <dt>Subtotal</dt>
      <dd>{totals.subTotalText}</dd>
      <dt>Delivery</dt>
      <dd>{totals.shippingText}</dd>
      <dt>VAT</dt>
      <dd>{totals.taxText}</dd>
      <dt>Total</dt>
      <dd>{totals.totalText}</dd>
    </>
  );
}

/** One wearer's pack: who, the lines, what is left of each allowance after the pack, and where it goes. */
function WearerPackSection({ pack, packs, busy }: { pack: PackShown; packs: WearerPacks; busy: boolean }) {
  const headingId = `pack-${pack.employeeId}`;
  const facts = [pack.employeeRef && `Employee reference ${pack.employeeRef}`, pack.grade && `Grade ${pack.grade}`]
    .filter(Boolean)
    .join(" · ");
  const fixedAddress = packs.chooseAddress ? null : packs.addresses[0];
  // with JavaScript the delivery is saved by a fetcher and a refusal is said here, beside the wearer's form
  const delivery = useFetcher<typeof action>();
  const deliveryError = delivery.data && !delivery.data.ok ? delivery.data.formError : null;
  const deliveryErrorId = `pack-delivery-error-${pack.employeeId}`;
  // money only where the account sees prices (decision 058)
  const priced = packs.totals !== null;
  return (
    <section aria-labelledby={headingId} className="wearer-pack stack">
      <div className="wearer-pack__head">
        <div>
          <h3 id={headingId}>
            <Link to={`/wearer-pack/${pack.employeeId}`}>{pack.name}</Link>
          </h3>
          {facts ? <p className="muted">{facts}</p> : null}
        </div>
        <IntentButton
          intent="pack-remove"
          fields={{ employeeId: pack.employeeId }}
          label={`Remove ${pack.name}'s pack`}
          disabled={busy}
        >
          {`Remove ${pack.name}'s pack`}
        </IntentButton>
      </div>
      {pack.inactive ? (
        <p className="notice notice--error">
          {pack.name} is not an active wearer, so this pack cannot be ordered. Remove it to order the others.
        </p>
      ) : null}
      <OverAllowanceNotice
        name={pack.name}
        messages={pack.overAllowance}
        consequence="and would be refused at checkout"
      />
      <LineTable
        className="basket-lines"
        caption={`Products in ${pack.name}'s pack`}
        columns={
          priced
            ? ["Product", "Allowance", "Quantity", "Price", { hidden: "Remove" }]
            : ["Product", "Allowance", "Quantity", { hidden: "Remove" }]
        }
      >
        {pack.lines.map((line) => (
          <BasketLineRow
            key={line.productId}
            line={line}
            before={<td>{line.charges ?? "Not limited"}</td>}
            after={priced ? <td>{line.amountText ?? "—"}</td> : undefined}
            fields={{ employeeId: pack.employeeId }}
            intents={{ update: "pack-update", remove: "pack-remove-line" }}
            removeLabel={`Remove ${line.name} from ${pack.name}'s pack`}
          />
        ))}
      </LineTable>
      {priced && pack.subTotalText ? (
        <p>
          {pack.name}&rsquo;s pack: <strong>{pack.subTotalText}</strong> before delivery and VAT
        </p>
      ) : null}
      {pack.allowances.length > 0 ? (
        <div>
          <h4 className="wearer-pack__subhead">Allowance left after this pack</h4>
          <dl className="wearer-pack__allowances">
            {pack.allowances.map((allowance) => (
              <div key={allowance.label} className={allowance.left < 0 ? "wearer-pack__over" : undefined}>
                <dt>{allowance.label}</dt>
                <dd>
                  {Math.abs(allowance.left)}
                  {allowance.points ? " points" : ""}
                  {allowance.left < 0 ? " over" : ""}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <delivery.Form
        method="post"
        className="wearer-pack__delivery"
        aria-label={`Delivery for ${pack.name}`}
        aria-describedby={deliveryError ? deliveryErrorId : undefined}
      >
        <input type="hidden" name="intent" value="pack-delivery" />
        <input type="hidden" name="employeeId" value={pack.employeeId} />
        {packs.chooseAddress ? (
          <div className="field">
            <label htmlFor={`pack-address-${pack.employeeId}`}>Delivery address</label>
            <select
              id={`pack-address-${pack.employeeId}`}
              name="addressId"
              defaultValue={pack.addressId ?? packs.addresses[0]?.internalId}
            >
              {packs.addresses.map((address) => (
                <option key={address.internalId} value={address.internalId}>
                  {address.label}
                  {address.text ? ` — ${address.text}` : ""}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="field">
            <span className="field__label">Delivery address</span>
            <span>
              {fixedAddress
                ? `${fixedAddress.label}${fixedAddress.text ? ` — ${fixedAddress.text}` : ""}`
                : "Your account's default address"}
            </span>
          </div>
        )}
        <div className="field">
          <label htmlFor={`pack-method-${pack.employeeId}`}>Delivery method</label>
          <select id={`pack-method-${pack.employeeId}`} name="shippingMethod" defaultValue={pack.shippingMethod ?? ""}>
            {pack.shippingMethod ? null : (
              <option value="" disabled>
                {defaultMethodWords(pack.defaultMethodText)}
              </option>
            )}
            {packs.shipMethods.map((method) => (
              <option key={method.internalId} value={method.internalId}>
                {method.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small" disabled={busy || delivery.state !== "idle"}>
          Save delivery
        </button>
      </delivery.Form>
      <FieldError id={deliveryErrorId} message={deliveryError ?? undefined} />
    </section>
  );
}
