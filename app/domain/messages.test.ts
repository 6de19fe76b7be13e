import { expect, it } from "vitest";
import * as messages from "./messages";

it("copies the SPEC's user-facing strings exactly", () => {
  expect({ ...messages }).toEqual({
    TOAST_WISH_LIST_ADDED: "Added to wish list successfully",
    TOAST_WISH_LIST_REMOVED: "Removed from wish list successfully",
    TOAST_ERROR: "Error occurred",
    MULTIPLE_DELIVERY_ADDRESSES: "Multiple delivery addresses",
    NOT_AVAILABLE: "N/A",
  });
});
