import { page } from "~/auth/route-access";

export const access = page("user");

// "/" and "/dashboard" are the same screen (SPEC §2).
export { links, loader, meta, default } from "./_default.dashboard";
