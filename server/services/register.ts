import { PromotionImageService, promotionImageResponse } from "./promotion-images";
import type { Application } from "@feathersjs/koa";
import {
  AddressService,
  carriageDef,
  ContactService,
  contactBudgetsDef,
  costCentresDef,
  departmentsDef,
  GradeService,
} from "./account";
import { PasswordChangeService, SignOutEverywhereService } from "./account-sessions";
import { siteUsersDef } from "./account-users";
import { SavedBasketService, WishListService } from "./baskets";
import {
  guideFileResponse,
  NewsReadService,
  TrainingGuideFileService,
  trainingGuidesDef,
  WpCategoriesService,
  wpHeaders,
  WpPagesService,
  WpPostsService,
} from "./content";
import {
  AcceptInvitationService,
  InvitationService,
  outboxService,
  PasswordResetService,
  type MailCtx,
} from "./recovery";
import { BasketSessionService } from "./basket-session";
import { BasketLinesService } from "./basket-lines";
import { ListService } from "./base";
import { cataloguesDef, categoriesDef, CategoryTreeService, itemService } from "./catalogue";
import { DespatchService, OrderService, ReOrderService } from "./orders";
import { OrderFilterOptionsService } from "./orders/filter-options";
import { OrderQuoteService } from "./orders/quote";
import { MaintenanceStatusService } from "./admin-maintenance";
import { SelectCustomerService, SessionService } from "./session";
import { PUNCHOUT_PUBLIC_SERVICES, registerPunchout } from "./punchout";
import { ReportService } from "./reports";
import type { BackgroundWork } from "./background";

/** Services anyone may call without a session. */
export const PUBLIC_SERVICES = new Set([
  "api/maintenance-status",
  "api/password-reset",
  "api/accept-invitation",
  "api/wp/v2/posts",
  "api/wp/v2/pages",
  "api/wp/v2/categories",
  ...PUNCHOUT_PUBLIC_SERVICES,
]);

/** `work`: this process's queue workers, which the services wake when they queue a job (none in role `api`). */
export function registerServices(app: Application, ctx: MailCtx, work: BackgroundWork | null): void {
  const use = (path: string, service: object, methods: string[]) => app.use(`api/${path}`, service as any, { methods });
  use("maintenance-status", new MaintenanceStatusService(ctx), ["find"]);
  use("session", new SessionService(ctx), ["find"]);
  use("select-customer", new SelectCustomerService(ctx), ["create"]);
  use("basket-session", new BasketSessionService(ctx), ["find", "update", "patch", "remove"]);
  use("basket-lines", new BasketLinesService(ctx), ["create"]);
  use("order", new OrderService(ctx), ["find", "get", "create", "patch"]);
  use("order-quote", new OrderQuoteService(ctx), ["find"]);
  use("order-filter-options", new OrderFilterOptionsService(ctx), ["find"]);
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
  use("grade", new GradeService(ctx), ["find"]);
  use("item", itemService(ctx), ["find", "get"]);
  use("my-menu-hierarchy", itemService(ctx, "my"), ["find"]);
  use("workwear-categories", new ListService(ctx, categoriesDef()), ["find", "get"]);
  use("workwear-menu-items", new CategoryTreeService(ctx, "full"), ["find", "get"]);
  use("userCategory", new CategoryTreeService(ctx, "full"), ["find"]);
  use("customCatalogue", new ListService(ctx, cataloguesDef("custom")), ["find", "get"]);
  use("smiCustomCatalogue", new ListService(ctx, cataloguesDef("smi")), ["find", "get"]);
  // decision 122: the report worker is woken at once when it runs in this process; else a worker process polls
  use("report", new ReportService(ctx, work?.reports), ["find", "get", "create", "patch"]);
  use("password-reset", new PasswordResetService(ctx), ["get", "create"]);
  use("invitation", new InvitationService(ctx), ["find", "get", "create", "patch", "remove"]);
  use("accept-invitation", new AcceptInvitationService(ctx), ["get", "create"]);
  use("site-user", new ListService(ctx, siteUsersDef()), ["find", "get"]);
  use("password-change", new PasswordChangeService(ctx), ["create"]);
  use("sign-out-everywhere", new SignOutEverywhereService(ctx), ["create"]);
  use("outbox", outboxService(ctx), ["find", "get"]);
  use("news-read", new NewsReadService(ctx), ["find", "create"]);
  use("training-guides", new ListService(ctx, trainingGuidesDef()), ["find", "get"]);
  use("training-guides/:guideId/file", new TrainingGuideFileService(ctx), ["find"]);
  app.service("api/training-guides/:guideId/file").hooks({ after: { find: [guideFileResponse] } });
  // a promotion's uploaded image, to any logged-in caller (issue 34 item 4, decision 165)
  use("promotion-image/:imageId", new PromotionImageService(ctx), ["find"]);
  app.service("api/promotion-image/:imageId").hooks({ after: { find: [promotionImageResponse] } });
  registerPunchout(app, ctx);
  for (const path of ["posts", "pages", "categories"]) {
    const Service = path === "posts" ? WpPostsService : path === "pages" ? WpPagesService : WpCategoriesService;
    use(`wp/v2/${path}`, new Service(ctx), path === "categories" ? ["find"] : ["find", "get"]);
    app.service(`api/wp/v2/${path}`).hooks({ after: { find: [wpHeaders] } });
  }
}
