import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useNonce, useRequestId } from "~/components/document-context";
import { ProgressBar } from "~/components/progress-bar";
import { PageToastProvider } from "~/components/toast";
import stylesheet from "~/styles/app.css?url";
import headerSearchStyles from "~/styles/header-search.css?url";
import { rootData } from "~/root.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "stylesheet", href: headerSearchStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Workwear ordering portal" }];

// public route: the document shell of every page, logged in or not; it only reads the flash toast.
export async function loader({ request }: LoaderFunctionArgs) {
  return rootData(request);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const requestId = useRequestId();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="request-id" content={requestId} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <ProgressBar />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast, chatScriptUrl } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <>
      {/* the optional marketing/chat script (SPEC §7 static loads): once, deferred, never needed for a flow */}
      {chatScriptUrl ? <script src={chatScriptUrl} nonce={nonce} defer /> : null}
      {/* each layout says the toast at the top of its page's content (decision 166) */}
      <PageToastProvider toast={toast}>
        <Outlet />
      </PageToastProvider>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRequestId();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="error-page">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We could not find that page. It may have moved, or the link may be out of date."
          : "Sorry, the portal could not show this page. Please try again in a moment."}
      </p>
      {!notFound && requestId ? (
        <p className="muted">
          If it keeps happening, quote reference <code>{requestId}</code> to customer services.
        </p>
      ) : null}
      <p>
        <a href="/">Go to the dashboard</a>
      </p>
    </main>
  );
}
