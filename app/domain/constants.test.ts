import { expect, it } from "vitest";
import * as constants from "./constants";

it("holds the SPEC §9 constants", () => {
  expect({ ...constants }).toEqual({
    PAGE_SIZE: 16,
    FETCH_ALL_LIMIT: 10000,
    PENDING_COUNT_LIMIT: 0,
    MIN_LOADING_DISPLAY_MS: 1000,
    MANPACK_BASKET_CLEAR_DELAY_MS: 1000,
    TOAST_TIMEOUT_MS: 3000,
    QUANTITY_TYPING_DEBOUNCE_MS: 500,
    CURRENCY_SYMBOL: "£",
    CURRENCY_DECIMALS: 2,
  });
});
