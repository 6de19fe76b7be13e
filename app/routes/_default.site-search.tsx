import { page } from "~/auth/route-access";

export const access = page("user");

// "/site-search" is the same screen as "/search" (SPEC §2).
export { links, loader, meta, default, ErrorBoundary } from "./_default.search";
