import { page } from "~/auth/route-access";

// layouts: every page below them runs their loader too
export const access = page("user");

// The basket layout (SPEC §2): the same chrome as the default layout, sidebar included (decision 087), so the basket
// and checkout sit in the portal like every other page. A layout of its own still, as the SPEC names it.
// The page itself comes from the component both layouts share, so the browser's basket layout needs nothing of
// _default's file (decision 171); the loader and headers are the default layout's.
export { headers, loader } from "./_default";
export { ChromeLayout as default } from "~/components/chrome";
export { LayoutErrorBoundary as ErrorBoundary } from "~/components/layout-error";
