// SPEC §9 business constants, in one place so a change to a limit is one edit.

export const PAGE_SIZE = 16;
/** Contact, address and budget fetches read everything in one page. */
export const FETCH_ALL_LIMIT = 10_000;
export const PENDING_COUNT_LIMIT = 0;

export const MIN_LOADING_DISPLAY_MS = 1000;
export const TOAST_TIMEOUT_MS = 3000;
export const QUANTITY_TYPING_DEBOUNCE_MS = 500;

export const CURRENCY_SYMBOL = "£";
export const CURRENCY_DECIMALS = 2;
