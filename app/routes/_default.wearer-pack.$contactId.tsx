import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Fragment } from "react";
import { OptionSelects } from "~/components/product-options";
import { ProductImage } from "~/components/product-image";
import { QuantitySelector } from "~/components/quantity-selector";
import { ScrollingTable } from "~/components/scrolling-table";
import type { EntitledItemView } from "~/wearer-packs/wearer.server";
import catalogueStyles from "~/styles/catalogue.css?url";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { addToWearerPack, wearerPageData } from "~/wearer-packs/wearer.server";
import { ordering } from "~/auth/route-access";

// one wearer's entitlement, added to their pack in the basket (issue 15 item 3; decision 099: it writes the basket)
export const access = ordering({ punchout: "ordering" });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.wearer.name ?? "Wearer"} · Wearer packs · Workwear ordering portal` },
];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: ordersStyles },
];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return wearerPageData(user, params.contactId);
}

/** intent=add: one item into this wearer's pack (a refusal answers this page, 400, nothing written). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return addToWearerPack(user, request, params.contactId);
}

type Refusal = {
  itemId: string | null;
  fieldErrors: Record<string, string>;
  formError: string | null;
  posted: { options: Partial<Record<string, string | null>>; qty: string };
};

/** /wearer-pack/{contactId} (issue 15 item 3): one wearer's allowances, their pack and the items they may order. */
export default function WearerPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusal = answer && !answer.ok ? (answer as Refusal) : null;
  const { wearer } = data;
  const owner = wearer.firstName ? `${wearer.firstName}'s` : "this wearer's";
  // a refusal for a post that named no item of the page is shown above the items
  const unplaced = refusal && !data.items.some((item) => item.id === refusal.itemId) ? refusal : null;
  return (
    <section className="stack orders wearer-page">
      <p>
        <Link to="/wearer-pack">All wearers</Link> · <Link to="/basket">Go to basket</Link>
      </p>
      <h1>{wearer.name}</h1>
      <dl className="order-facts">
        {(
          [
            ["Employee reference", wearer.employeeRef],
            ["Grade", wearer.grade],
            ["Department", wearer.department],
            ["Cost centre", wearer.costCentre],
            ["Next reset", data.nextReset],
          ] as const
        ).map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value ?? "—"}</dd>
          </Fragment>
        ))}
      </dl>

      <h2>Allowances</h2>
      {data.allowances.length === 0 ? (
        <p>No allowance limits what {wearer.name} may have.</p>
      ) : (
        <ScrollingTable
          label="Allowances"
          headings={["Allowance", "Left now", `In ${owner} pack`, "Left after the pack"]}
        >
          <tbody>
            {data.allowances.map((a, i) => (
              <tr key={i}>
                <th scope="row">{a.points ? "Points" : a.label}</th>
                <td>{a.allowance}</td>
                <td>{a.inPack}</td>
                <td>{a.left}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}

      <h2>{wearer.firstName ? `${wearer.firstName}'s pack` : "The pack"}</h2>
      {data.pack.length === 0 ? (
        <p>The basket holds no pack for {wearer.name} yet.</p>
      ) : (
        <ul aria-label={`In ${owner} pack`}>
          {data.pack.map((line) => (
            <li key={line.productId}>
              {line.qty} × {line.name}
              {line.options ? <span className="muted"> ({line.options})</span> : null}
            </li>
          ))}
        </ul>
      )}

      <h2>Items {wearer.name} may order</h2>
      {unplaced?.formError ? (
        <p className="notice notice--error" role="alert">
          {unplaced.formError}
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <p>{wearer.name} is not entitled to any items.</p>
      ) : (
        <ul className="product-grid" aria-label={`Items ${wearer.name} may order`}>
          {data.items.map((item) => (
            <li key={item.id}>
              <EntitledItemCard item={item} owner={owner} refusal={refusal?.itemId === item.id ? refusal : null} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EntitledItemCard({
  item,
  owner,
  refusal,
}: {
  item: EntitledItemView;
  owner: string;
  refusal: Refusal | null;
}) {
  const navigation = useNavigation();
  const idPrefix = `item-${item.id}`;
  const errorId = `${idPrefix}-error`;
  const postedQty = Number(refusal?.posted.qty);
  const qty = Number.isInteger(postedQty) && postedQty >= 0 ? postedQty : item.quantity.minimum;
  const qtyError = refusal?.fieldErrors.qty;
  return (
    <article className="product-card" aria-labelledby={`${idPrefix}-name`}>
      <ProductImage src={item.image} alt="" size={160} />
      <h3 id={`${idPrefix}-name`} className="product-card__name">
        {item.name}
      </h3>
      <p className="product-card__meta">{item.code}</p>
      <p>
        {item.charge}
        {item.leftAfterPack ? (
          <>
            <br />
            <span className="muted">{item.leftAfterPack} after the pack</span>
          </>
        ) : null}
      </p>
      {item.inPack ? <p>In the pack: {item.inPack}</p> : null}
      <Form
        method="post"
        className="add-to-basket"
        preventScrollReset
        aria-describedby={refusal?.formError ? errorId : undefined}
      >
        {refusal?.formError ? (
          <p className="notice notice--error" role="alert" id={errorId}>
            {refusal.formError}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={item.id} />
        <OptionSelects
          pickers={item.pickers}
          idPrefix={idPrefix}
          onChange={() => undefined}
          errors={refusal?.fieldErrors}
          values={refusal?.posted.options}
        />
        <QuantitySelector
          id={`${idPrefix}-qty`}
          name="qty"
          defaultValue={qty}
          step={item.quantity.step}
          min={0}
          key={`${qty}`}
        />
        {qtyError && qtyError !== refusal?.formError ? (
          <p className="field-error" id={`${idPrefix}-qty-error`}>
            {qtyError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={navigation.state !== "idle"}>
          Add to {owner} pack<span className="visually-hidden">: {item.name}</span>
        </button>
      </Form>
    </article>
  );
}
