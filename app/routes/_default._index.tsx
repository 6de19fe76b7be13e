// "/" and "/dashboard" are the same screen (SPEC §2).
export { links, loader, meta, default } from "./_default.dashboard";
