// Promotions, one file per sub-resource (decision 175):
//   promo-input.ts a promotion's input, row and answer
//   sectors.ts /api/admin/sector
//   promotions.ts /api/admin/promotion
//   live.ts the promotions a customer sees
export { PromotionService } from "./live";
export { AdminPromotionService } from "./promotions";
export { AdminSectorService } from "./sectors";
