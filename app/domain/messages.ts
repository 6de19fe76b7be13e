// User-facing strings copied exactly from SPEC §3 and §8; tests pin them so a reword is deliberate.

export const TOAST_WISH_LIST_ADDED = "Added to wish list successfully";
export const TOAST_WISH_LIST_REMOVED = "Removed from wish list successfully";
export const TOAST_ERROR = "Error occurred";

export const MULTIPLE_DELIVERY_ADDRESSES = "Multiple delivery addresses";
export const NOT_AVAILABLE = "N/A";
