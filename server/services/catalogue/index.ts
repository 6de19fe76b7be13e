// The catalogue, one file per sub-resource (decision 175):
//   categories.ts the category trees and catalogues
//   item-out.ts an item as the API answers it
//   items.ts /api/item
export { cataloguesDef, categoriesDef, categoryTree, CategoryTreeService } from "./categories";
export { itemOut } from "./item-out";
export { itemService } from "./items";
