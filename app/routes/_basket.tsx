// The basket layout (SPEC §2): the same chrome as the default layout, sidebar included (decision 087), so the basket
// and checkout sit in the portal like every other page. A layout of its own still, as the SPEC names it.
export { headers, loader, default, ErrorBoundary } from "./_default";
