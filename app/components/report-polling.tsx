import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** How often a page with a report still running asks again: with JavaScript, and (the meta refresh) without. */
export const POLL_MS = 2000;
export const REFRESH_SECONDS = 5;

/**
 * A report page's data, kept fresh while a report runs (issue 19 item 2, SPEC §4): a fetcher loads the page's own
 * loader every POLL_MS while `pending(data)` holds, and stops when nothing is pending. A fetcher is not a navigation,
 * so the progress bar (useNavigation) stays still. A new navigation's data replaces the polled data.
 */
export function usePolledData<T>(loaded: T, pending: (data: T) => boolean, index: boolean): T {
  const fetcher = useFetcher<T>();
  const location = useLocation();
  const [latest, setLatest] = useState<T>(loaded);
  useEffect(() => setLatest(loaded), [loaded]);
  useEffect(() => {
    if (fetcher.data !== undefined) setLatest(fetcher.data as T);
  }, [fetcher.data]);
  const waiting = pending(latest);
  const { load } = fetcher;
  useEffect(() => {
    if (!waiting) return;
    // an index route is addressed with ?index, or the fetcher would ask its parent layout
    const params = new URLSearchParams(location.search);
    if (index) params.set("index", "");
    const href = `${location.pathname}?${params.toString()}`;
    const timer = setInterval(() => load(href), POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, load, location.pathname, location.search, index]);
  return latest;
}

/**
 * Without JavaScript, a page with a report still running refreshes itself every REFRESH_SECONDS (a meta refresh inside
 * <noscript>, so a browser running scripts never sees it: the fetcher polls instead) and offers a Refresh link.
 */
export function PendingRefresh({ text }: { text: string }) {
  const location = useLocation();
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      </noscript>
      <p className="muted" role="status">
        {text}{" "}
        <Link to={`${location.pathname}${location.search}`} reloadDocument>
          Refresh
        </Link>
      </p>
    </>
  );
}
