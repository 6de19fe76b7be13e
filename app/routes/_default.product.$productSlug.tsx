import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ProductGrid } from "~/components/product-card";
import { ProductOptions } from "~/components/product-options";
import { ProductPurchase, WishListToggle } from "~/components/product-purchase";
import { ProductFeatures, ProductGallery, ProductSummary } from "~/components/product-summary";
import { SizeGridForm } from "~/components/size-grid";
import type { GridRefusal } from "~/catalogue/product.server";
import catalogueStyles from "~/styles/catalogue.css?url";
import { requireUser } from "~/auth/require-user.server";
import { addFromProductPage, addGridFromProductPage, isGridPost, loadProductPage } from "~/catalogue/product.server";
import { page } from "~/auth/route-access";

// browsing; a post that adds to the basket refuses browse-only users in its own words (catalogue/product.server.ts)
export const access = page("user");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.product.name ?? "Product"} · Workwear ordering portal` },
];

// /product/{productSlug}: the product with the options in the address (?size=M&color=Yellow); unknown slug → 404
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadProductPage(user, request, params.productSlug ?? "");
}

/**
 * The page's add to basket in one post (decision 062): the options, the quantity; or (intent=grid, decision 168) the
 * size-and-colour grid's quantities, each its own line, all or nothing. A refusal answers this page.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const slug = params.productSlug ?? "";
  return (await isGridPost(request))
    ? addGridFromProductPage(user, request, slug)
    : addFromProductPage(user, request, slug);
}

const isGridRefusal = (answer: object): answer is GridRefusal => "form" in answer && answer.form === "grid";

export default function ProductRoute() {
  const { product, grid, gridAfter, alternatives, boughtTogether } = useLoaderData<typeof loader>();
  const location = useLocation();
  const answer = useActionData<typeof action>();
  // the grid's refusal is the grid's; any other is the one-step add's
  const gridRefusal = answer && isGridRefusal(answer) ? answer : null;
  const refusal = answer && !isGridRefusal(answer) ? answer : null;
  return (
    <article className="product-page" aria-labelledby="product-title">
      <div className="product-page__top">
        <ProductGallery product={product} />
        <div className="product-page__details">
          {product.category ? <p className="muted">{product.category}</p> : null}
          <h1 id="product-title">{product.name}</h1>
          <ProductSummary product={product} />
          <p>{product.description}</p>
          {product.canOrder ? (
            <ProductPurchase key={location.key} product={product} idPrefix="product" refusal={refusal} />
          ) : (
            <>
              <ProductOptions pickers={product.pickers} action={location.pathname} idPrefix="product" />
              <p className="notice notice--info">Your account can browse the catalogue but not order.</p>
            </>
          )}
          <WishListToggle productId={product.productId} inWishList={product.inWishList} />
          <ProductFeatures product={product} />
        </div>
      </div>
      {grid && product.canOrder ? <SizeGridForm key={location.key} grid={grid} refusal={gridRefusal} /> : null}
      {!grid && gridAfter.length && product.canOrder ? (
        <p className="notice notice--info">
          To order several sizes and colours at once, choose a {gridAfter.join(" and a ")} above.
        </p>
      ) : null}
      {boughtTogether.length ? (
        <section aria-labelledby="bought-together">
          <h2 id="bought-together">Frequently bought together</h2>
          <ProductGrid cards={boughtTogether} label="Frequently bought together" />
        </section>
      ) : null}
      {alternatives.length ? (
        <section aria-labelledby="alternatives">
          <h2 id="alternatives">Alternatives</h2>
          <ProductGrid cards={alternatives} label="Alternatives" />
        </section>
      ) : null}
      <p>
        <Link to="/search">Search the catalogue</Link>
      </p>
    </article>
  );
}

export { CatalogueErrorBoundary as ErrorBoundary } from "~/components/catalogue-error";
