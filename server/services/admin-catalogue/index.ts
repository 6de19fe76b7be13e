// Admin catalogue (decision 127), one file per sub-resource (decision 175):
//   products.ts products to pick
//   my-catalogue.ts a customer's my catalogue
//   category-tree.ts the trees read
//   categories.ts the category manager
export { AdminCategoryService } from "./categories";
export { AdminMyCatalogueService, newIndex } from "./my-catalogue";
export { AdminProductService, requireProduct } from "./products";
