import { expect, it } from "vitest";
import * as messages from "./messages";
import * as constants from "./constants";

it("copies the SPEC's user-facing strings exactly", () => {
  expect({ ...messages }).toEqual({
    TOAST_WISH_LIST_ADDED: "Added to wish list successfully",
    TOAST_WISH_LIST_REMOVED: "Removed from wish list successfully",
    TOAST_ERROR: "Error occurred",
    MULTIPLE_DELIVERY_ADDRESSES: "Multiple delivery addresses",
    NOT_AVAILABLE: "N/A",
    STORE_KEY_REQUIRED: "storeKey is required",
  });
});

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
