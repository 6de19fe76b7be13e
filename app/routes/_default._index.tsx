// "/" and "/dashboard" are the same screen (SPEC §2).
export { loader, meta, default } from "./_default.dashboard";
