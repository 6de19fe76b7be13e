import { Link } from "@remix-run/react";
import type { CategoryPageData } from "~/catalogue/category-page.server";
import { CatalogueListing, CategoryNav } from "./catalogue-listing";

/** /categories/… : breadcrumb, category tree beside the filtered, paged product grid. */
export function CataloguePage({ data }: { data: CategoryPageData }) {
  return (
    <div className="catalogue-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={data.basePath}>{data.catalogueName}</Link>
          </li>
          {data.trail.map((c) => (
            <li key={c.internalId}>
              <Link to={c.to}>{c.name}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <h1>{data.heading}</h1>
      <div className="catalogue-page__body">
        <CategoryNav categories={data.categories} activeIds={data.trail.map((c) => c.internalId)} label="Categories" />
        <div className="catalogue-page__results">
          <CatalogueListing listing={data.listing} />
        </div>
      </div>
    </div>
  );
}
