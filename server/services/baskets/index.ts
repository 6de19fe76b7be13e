// Saved baskets and the wish list, one file per concern (decision 175):
//   saved-basket-list.ts which baskets a caller sees and how
//   saved-baskets.ts /api/saved-basket
//   wish-list.ts /api/wish-list
export { awaitingApprovalBy } from "./saved-basket-list";
export { SavedBasketService } from "./saved-baskets";
export { WishListService } from "./wish-list";
