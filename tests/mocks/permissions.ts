/** The SPEC §5 path permissions a customer's user may hold all of: a user with every page open to them. */
export const EVERY_CUSTOMER_PERMISSION = [
  "canViewFullCatalogue",
  "canViewMyCatalogue",
  "canViewUserCatalogue",
  "canViewManpack",
  "viewOrderHistory",
  "orderApproval",
  "viewReporting",
  "addManpackUser",
  "addSiteUser",
  "addAddress",
];
