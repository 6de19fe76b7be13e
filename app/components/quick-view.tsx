import { lazy, Suspense } from "react";
import type { QuickViewData } from "~/catalogue/listing.server";
import { useServerQuickViewDialog } from "./document-context";

// The dialog's code (options, quick add, quantity selector) is fetched when a quick view is first shown or a
// "Quick view" link is pointed at, not with every listing page (DESIGN §6 budget, decision 061).
const load = () => import("./quick-view-dialog");
const Loaded = lazy(() => load().then((m) => ({ default: m.QuickViewDialog })));

export function preloadQuickView(): void {
  void load();
}

/**
 * The quick-view modal (SPEC §2, §4) of a listing page. The server renders it in place (it works without
 * JavaScript); in the browser the boundary stays as the server drew it until the dialog's code arrives, then
 * hydrates (React's selective hydration). The server's copy comes from entry.server, through the document context.
 */
export function QuickView({ quickView }: { quickView: QuickViewData }) {
  const Dialog = useServerQuickViewDialog() ?? Loaded;
  return (
    <Suspense fallback={null}>
      <Dialog quickView={quickView} />
    </Suspense>
  );
}
