import { Form, Link, NavLink, Outlet, useFetcher, useLoaderData, useLocation, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ChromeData } from "~/chrome.server";
import { isPathWithin } from "~/domain/paths";
import { SITE_NAME } from "~/domain/site";
import { HeaderSearch } from "./header-search";
import { PunchoutBar } from "./punchout-bar";
import { PageToast } from "./toast";
import { ViewAsBanner } from "./view-as-banner";
import { countOf } from "~/domain/plural";

/**
 * Header, sidebar, banner and footer: the one chrome of the default and basket layouts (decision 087). Without data
 * it is the bare chrome (a layout's error page).
 */
/**
 * The page of the default and basket layouts (SPEC §2): header, sidebar navigation and banner around the route's own.
 * Both layout modules export it, so neither layout's browser file imports the other's (decision 171).
 */
export function ChromeLayout() {
  const chrome = useLoaderData<ChromeData>();
  return (
    <Chrome chrome={chrome}>
      <Outlet />
    </Chrome>
  );
}

export function Chrome({ chrome, children }: { chrome?: ChromeData; children: ReactNode }) {
  // the admin area is the provider's staff's own (issue 34 item 4, decision 164): no customer notice, no footer
  const adminArea = isPathWithin(useLocation().pathname, "/admin");
  return (
    <div className={adminArea ? "app-layout app-layout--admin" : "app-layout"}>
      <Header chrome={chrome} adminArea={adminArea} />
      {chrome?.viewingAs ? <ViewAsBanner name={chrome.viewingAs.name} customer={chrome.viewingAs.customer} /> : null}
      {chrome?.punchout ? <PunchoutBar punchout={chrome.punchout} /> : null}
      {chrome?.banner && !adminArea ? (
        <SiteBanner id={chrome.banner.id} message={chrome.banner.message} link={chrome.banner.link} />
      ) : null}
      <div className="app-layout__body">
        <Sidebar items={chrome?.navigation ?? [{ to: "/dashboard", label: "Dashboard", group: "Overview" }]} />
        <main id="main" className="app-layout__main">
          <PageToast />
          {children}
        </main>
      </div>
      {adminArea ? null : (
        <footer className="app-footer">
          {chrome?.footer.length ? (
            <nav aria-label="Footer" className="app-footer__nav">
              <ul>
                {chrome.footer.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <p>© 2026 {SITE_NAME} · Prices exclude VAT unless shown</p>
        </footer>
      )}
    </div>
  );
}

/** The sidebar's links in their sections, in order: one list a section, named by its visible heading (decision 164). */
function sections(items: ChromeData["navigation"]) {
  const out: Array<{ group: string; items: ChromeData["navigation"] }> = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last?.group === item.group) last.items.push(item);
    else out.push({ group: item.group, items: [item] });
  }
  return out;
}

/**
 * The sidebar. On a narrow screen it folds behind a "Menu" toggle, a checkbox CSS reads with `:checked`, so it
 * opens without JavaScript; keyed by the path, so a client-side navigation closes it again. Each section is a list
 * named by its heading (aria-labelledby): a label, not a heading element, so the page's own headings stay the only ones.
 */
function Sidebar({ items }: { items: ChromeData["navigation"] }) {
  const { pathname } = useLocation();
  return (
    <div className="sidebar">
      <input type="checkbox" id="sidebar-toggle" className="sidebar__toggle" key={pathname} />
      <label htmlFor="sidebar-toggle" className="sidebar__toggle-label">
        Menu
      </label>
      <nav className="sidebar__nav" aria-label="Main">
        {sections(items).map((section) => {
          const id = `nav-${section.group.toLowerCase().replace(/[^a-z]+/g, "-")}`;
          return (
            <div key={section.group} className="sidebar__section">
              <p className="sidebar__heading" id={id}>
                {section.group}
              </p>
              <ul aria-labelledby={id}>
                {section.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} prefetch="intent">
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
    </div>
  );
}

/**
 * "News" with the unread count (issue 18, decision 118). A page that has just read a post, or counted afresh, hands
 * the newer count in its own data (`unreadNews`): the layout's was loaded beside it, or before it on a client-side
 * navigation, and so from before the read.
 */
function NewsLink({ count }: { count: number | null }) {
  const matches = useMatches();
  const fresher = [...matches]
    .reverse()
    .find((m) => typeof (m.data as { unreadNews?: unknown } | undefined)?.unreadNews === "number");
  const unread = fresher ? (fresher.data as { unreadNews: number }).unreadNews : count;
  if (unread === null) {
    return (
      <Link to="/news" className="header-link">
        News
      </Link>
    );
  }
  return (
    <Link to="/news" className="header-link" aria-label={`News, ${unread} unread`}>
      News <span className="badge">{unread}</span>
    </Link>
  );
}

/**
 * The header. In the admin area it stays on one row at 1280 px (decision 164): no product search (the customer's
 * shopping, not an admin screen's) and the business unit's label for screen readers only.
 */
function Header({ chrome, adminArea = false }: { chrome?: ChromeData; adminArea?: boolean }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <header className="app-header">
      <Link to="/" className="brand">
        <img src="/logo.svg" alt="Workwear ordering portal" width="167" height="40" />
      </Link>
      {!adminArea && chrome?.navigation.some((item) => item.to === "/search") ? <HeaderSearch /> : null}
      {chrome ? (
        <div className="app-header__tools">
          {chrome.customer ? (
            chrome.customers.length > 1 ? (
              <Form method="post" action="/select-your-customer" className="unit-switcher">
                <input type="hidden" name="redirect" value={here} />
                <label htmlFor="business-unit" className={adminArea ? "visually-hidden" : undefined}>
                  Business unit
                </label>
                <select id="business-unit" name="contactId" defaultValue={chrome.customer.contactId}>
                  {chrome.customers.map((c) => (
                    <option key={c.contactId} value={c.contactId}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <button type="submit" className="button button--small">
                  Switch
                </button>
              </Form>
            ) : (
              <span className="app-header__customer">{chrome.customer.name}</span>
            )
          ) : null}
          <NewsLink count={chrome.unreadNews} />
          {chrome.pendingApprovals !== null ? (
            <Link to="/order-to-approve" className="header-link">
              Approvals <span className="badge">{chrome.pendingApprovals}</span>
            </Link>
          ) : null}
          {chrome.wishListCount !== null ? (
            <Link
              to="/wish-list"
              className="header-link"
              aria-label={`Wish list, ${countOf(chrome.wishListCount, "product")}`}
            >
              Wish list <span className="badge">{chrome.wishListCount}</span>
            </Link>
          ) : null}
          {chrome.basketCount !== null ? (
            <Link to="/basket" className="header-link" aria-label={`Basket, ${countOf(chrome.basketCount, "item")}`}>
              Basket <span className="badge">{chrome.basketCount}</span>
            </Link>
          ) : null}
          <span className="app-header__user">{chrome.user.name}</span>
          <Form method="post" action="/logout">
            <button type="submit" className="button button--small button--ghost">
              Log out
            </button>
          </Form>
        </div>
      ) : null}
    </header>
  );
}

function SiteBanner({
  id,
  message,
  link,
}: {
  id: string;
  message: string;
  link: { href: string; text: string } | null;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  // with JS the banner goes at once; without it the post redirects back here
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <aside className="site-banner" aria-label="Notice">
      <p>
        {message}
        {link ? (
          <>
            {" "}
            <Link to={link.href}>{link.text}</Link>
          </>
        ) : null}
      </p>
      <fetcher.Form method="post" action="/dismiss-banner">
        <input type="hidden" name="bannerId" value={id} />
        <input type="hidden" name="redirect" value={location.pathname + location.search} />
        <button type="submit" className="button button--small button--ghost">
          Dismiss<span className="visually-hidden"> notice</span>
        </button>
      </fetcher.Form>
    </aside>
  );
}
