// The site's own words that more than one place shows. Not in constants.ts, which holds SPEC §9's constants only.

/** The supplier's trading name as the site shows it (the logo's text, the footer, the order PDF). */
export const SITE_NAME = "Workwear ordering portal";
