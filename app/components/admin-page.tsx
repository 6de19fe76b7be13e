import type { LinksFunction, MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import ordersStyles from "~/styles/orders.css?url";
import { PageErrorBoundary } from "./page-error";

// What every admin screen says the same way (issue 36 item 4): its title, the orders stylesheet its tables and forms
// use, that its answer is one user's and never cached, and its page: a heading, a line on what it is for, its content.

const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * An admin route module's `meta`, `links` and `headers`: `export const { meta, links, headers } = adminPage("Users ·
 * Admin")` titles the page "Users · Admin · Workwear ordering portal". A page whose title names what it shows passes
 * no title and exports its own `meta`.
 */
export function adminPage(title?: string): { meta: MetaFunction; links: LinksFunction; headers: typeof headers } {
  return { meta: () => (title ? [{ title: `${title} · Workwear ordering portal` }] : []), links, headers };
}

/** An admin screen's page: its heading, then (when given) a muted line on what it is for, then its content. */
export function AdminScreen({
  title,
  name,
  intro,
  children,
}: {
  title: string;
  /** the page's own class beside "stack orders" (its styles and e2e hooks) */
  name?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={name ? `stack orders ${name}` : "stack orders"}>
      <h1>{title}</h1>
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
    </section>
  );
}

/**
 * An admin screen's ErrorBoundary: a 404 reads `notFound`, anything else "`what` could not be loaded. Please try
 * again."; then `links`, the ways on.
 */
export function adminErrorBoundary(
  what: string,
  links: readonly { to: string; label: string }[],
  notFound = "There is no such page.",
) {
  return function ErrorBoundary() {
    return (
      <PageErrorBoundary notFound={notFound} failed={`${what} could not be loaded. Please try again.`} links={links} />
    );
  };
}
