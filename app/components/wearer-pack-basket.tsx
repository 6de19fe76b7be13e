import { Link, useFetcher } from "@remix-run/react";
import type { submitBasket } from "~/basket/basket.server";
import { BasketActions, BasketLineRow, InstructionsForm, type BasketView as View } from "./basket-forms";
import { EmptyState } from "./empty-state";
import { FieldError } from "./field-error";
import { IntentButton } from "./intent-button";
import { LineTable } from "./line-table";
import { OverAllowanceNotice } from "./over-allowance-notice";

// The wearer-pack basket on /basket (app/routes/_basket.basket.tsx): a section a wearer, the totals, the instructions.

type WearerPacks = NonNullable<View["wearerPacks"]>;

/** The delivery of a pack without a method chosen, in plain words: the provider sends it the cheapest way it may go. */
const defaultMethodWords = (method: string | null) =>
  method ? `Cheapest for this pack: ${method}` : "Cheapest for this pack (shown at checkout)";
type PackShown = WearerPacks["packs"][number];

/** The wearer-pack basket (issue 15 item 5): a section a wearer, their delivery instructions, checkout. */
export function ManpackBasket({ view, busy }: { view: View; busy: boolean }) {
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
  const delivery = useFetcher<typeof submitBasket>();
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
