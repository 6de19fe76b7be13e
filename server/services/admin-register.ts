import type { Application } from "@feathersjs/koa";
import type { ProviderAuthenticationService } from "../auth/authentication";
import { AdminAuditService } from "./admin-audit";
import { AdminCategoryService, AdminMyCatalogueService, AdminProductService } from "./admin-catalogue";
import type { AdminCtx } from "./admin-common";
import { AdminLoginAttemptService } from "./admin-login-history";
import { AdminEmailService } from "./admin-emails";
import { AdminMaintenanceService } from "./admin-maintenance";
import { AdminErpFeedService, AdminErpImportService, AdminErpSourceService, alreadyQueuedIs200 } from "./admin-erp";
import { AdminOrderService } from "./admin-orders";
import { AdminPromotionService, AdminSectorService } from "./admin-promo";
import { AdminActiveSessionService, AdminViewAsService } from "./admin-sessions";
import {
  AdminAdminUserService,
  AdminCustomerService,
  AdminInvitationService,
  AdminPasswordResetService,
  AdminUserService,
  AdminUserUnitService,
} from "./admin-users";
import { AdminPromotionImageService } from "./promotion-images";
import { InvitationService } from "./recovery";
import type { BackgroundWork } from "./background";
import type { ErpSource } from "./erp-feed";

/** Every admin service and its methods (issue 20, decision 127); the evolve-user check covers each (server/app.ts). */
export const ADMIN_SERVICES: Record<string, string[]> = {
  "admin/active-session": ["find", "remove"],
  "admin/login-attempt": ["find"],
  "admin/user": ["find", "get", "patch"],
  "admin/user-unit": ["patch"],
  "admin/password-reset": ["create"],
  "admin/invitation": ["create"],
  "admin/admin-user": ["find", "create", "remove"],
  "admin/customer": ["find", "get"],
  "admin/view-as": ["find", "create", "remove"],
  "admin/order": ["find", "get"],
  "admin/audit": ["find"],
  // issue 21 (decision 131)
  "admin/product": ["find"],
  "admin/my-catalogue": ["find", "create", "patch", "remove"],
  "admin/category": ["find", "get", "patch"],
  "admin/promotion": ["find", "get", "create", "patch", "remove"],
  "admin/sector": ["find"],
  "admin/erp-import": ["find", "get", "create"],
  "admin/erp-source": ["find"],
  // issue 33 item 4 (decision 156)
  "admin/erp-feed": ["create"],
  // issue 34 item 4 (decision 165): the promotion form's uploaded image, its bytes as the body
  "admin/promotion-image": ["create"],
  // issue 32 (decision 147)
  "admin/e-mail": ["find", "patch"],
  // issue 32 item 7 (decision 151)
  "admin/maintenance": ["find", "create"],
};

export const isAdminPath = (path: string) => path.startsWith("api/admin/");

/**
 * `erpSource` is where the ERP import reads its feed; `work` this process's queue workers (none in role `api`): the
 * ERP and e-mail services wake theirs when a job is added.
 */
export function registerAdmin(
  app: Application,
  ctx: AdminCtx,
  { erpSource, work }: { erpSource: () => ErpSource; work: BackgroundWork | null },
): void {
  const auth = () => app.service("api/authentication") as unknown as ProviderAuthenticationService;
  const services: Record<string, object> = {
    "admin/active-session": new AdminActiveSessionService(ctx),
    "admin/login-attempt": new AdminLoginAttemptService(ctx),
    "admin/user": new AdminUserService(ctx),
    "admin/user-unit": new AdminUserUnitService(ctx),
    "admin/password-reset": new AdminPasswordResetService(ctx),
    "admin/invitation": new AdminInvitationService(ctx, new InvitationService(ctx)),
    "admin/admin-user": new AdminAdminUserService(ctx),
    "admin/customer": new AdminCustomerService(ctx),
    "admin/view-as": new AdminViewAsService(ctx, auth),
    "admin/order": new AdminOrderService(ctx),
    "admin/audit": new AdminAuditService(ctx),
    "admin/product": new AdminProductService(ctx),
    "admin/my-catalogue": new AdminMyCatalogueService(ctx),
    "admin/category": new AdminCategoryService(ctx),
    "admin/promotion": new AdminPromotionService(ctx),
    "admin/sector": new AdminSectorService(ctx),
    "admin/erp-import": new AdminErpImportService(ctx, erpSource, work?.erp ?? null),
    "admin/erp-source": new AdminErpSourceService(ctx, erpSource),
    "admin/erp-feed": new AdminErpFeedService(ctx),
    "admin/promotion-image": new AdminPromotionImageService(ctx),
    "admin/e-mail": new AdminEmailService(ctx, work?.mail ?? null),
    "admin/maintenance": new AdminMaintenanceService(ctx),
  };
  for (const [path, methods] of Object.entries(ADMIN_SERVICES))
    app.use(`api/${path}`, services[path] as any, { methods });
  app.service("api/admin/erp-import").hooks({ after: { create: [alreadyQueuedIs200] } });
}
