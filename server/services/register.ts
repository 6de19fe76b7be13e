import type { Application } from "@feathersjs/koa";
import { AddressService, carriageDef, ContactService, contactBudgetsDef, costCentresDef, departmentsDef } from "./account";
import { SavedBasketService, WishListService } from "./baskets";
import { BasketSessionService } from "./basket-session";
import { ListService, type Ctx } from "./base";
import { cataloguesDef, categoriesDef, CategoryTreeService, itemService } from "./catalogue";
import { DespatchService, OrderService, ReOrderService } from "./orders";
import { MaintenanceStatusService, SelectCustomerService, SessionService } from "./session";

/** Services anyone may call without a session. */
export const PUBLIC_SERVICES = new Set(["api/maintenance-status"]);

export function registerServices(app: Application, ctx: Ctx): void {
  const use = (path: string, service: object, methods: string[]) => app.use(`api/${path}`, service as any, { methods });
  use("maintenance-status", new MaintenanceStatusService(ctx), ["find"]);
  use("session", new SessionService(ctx), ["find"]);
  use("select-customer", new SelectCustomerService(ctx), ["create"]);
  use("basket-session", new BasketSessionService(ctx), ["find", "update", "patch", "remove"]);
  use("order", new OrderService(ctx), ["find", "get", "create", "patch"]);
  use("despatch", new DespatchService(ctx), ["find", "get"]);
  use("re-order", new ReOrderService(ctx), ["create"]);
  use("saved-basket", new SavedBasketService(ctx), ["find", "get", "create", "patch"]);
  use("wish-list", new WishListService(ctx), ["find", "get", "create", "remove"]);
  use("customer-address", new AddressService(ctx, "customer"), ["find", "get", "create", "patch"]);
  use("custom-addresses", new AddressService(ctx, "custom"), ["find", "get", "create"]);
  use("carriage", new ListService(ctx, carriageDef()), ["find", "get"]);
  use("department", new ListService(ctx, departmentsDef()), ["find", "get"]);
  use("cost-centre", new ListService(ctx, costCentresDef()), ["find", "get"]);
  use("contact", new ContactService(ctx), ["find", "get", "create"]);
  use("contactBudget", new ListService(ctx, contactBudgetsDef()), ["find", "get"]);
  use("item", itemService(ctx), ["find", "get"]);
  use("my-menu-hierarchy", itemService(ctx, "my"), ["find"]);
  use("workwear-categories", new ListService(ctx, categoriesDef()), ["find", "get"]);
  use("workwear-menu-items", new CategoryTreeService(ctx, "full"), ["find", "get"]);
  use("userCategory", new CategoryTreeService(ctx, "full"), ["find"]);
  use("customCatalogue", new ListService(ctx, cataloguesDef("custom")), ["find", "get"]);
  use("smiCustomCatalogue", new ListService(ctx, cataloguesDef("smi")), ["find", "get"]);
}
