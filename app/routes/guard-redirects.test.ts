import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { EVERY_CUSTOMER_PERMISSION } from "../../tests/mocks/permissions";
import { get, locationOf, sessionCookie, settle } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { loader as basket } from "./_basket.basket";
import { loader as activeUsers } from "./_default.admin.active-users";
import { loader as categoryManager } from "./_default.admin.category-manager";
import { loader as invitation } from "./_default.admin.invitation";
import { loader as loginHistory } from "./_default.admin.login-history._index";
import { loader as manageAdminUsers } from "./_default.admin.manage-admin-users";
import { loader as myCatalogue } from "./_default.admin.my-catalogue";
import { loader as adminMaintenance } from "./_default.admin.maintenance";
import { loader as netsuitePull } from "./_default.admin.netsuite-pull";
import { loader as adminOrders } from "./_default.admin.orders._index";
import { loader as promo } from "./_default.admin.promo._index";
import { loader as syncStatus } from "./_default.admin.sync-status._index";
import { loader as adminUser } from "./_default.admin.user.$userId";
import { loader as viewAs } from "./_default.admin.view-as";
import { loader as categories } from "./_default.categories.$type.$";
import { loader as approvals } from "./_default.order-to-approve._index";

// The redirect table the e2e suite walked through a browser (issue 20's "Done when", issue 31): each screen's own
// loader sends a user who may not open it to /, before it asks the provider for anything of its own.

const t = useRouteTest();

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
type Row = [path: string, loader: Loader, params?: Record<string, string>];

/** browse@demo.test in the seed: a customer's user, full catalogue, browse only */
const BROWSE_ONLY = ["canViewFullCatalogue", "viewOrderHistory", "browseOnly"];

// SPEC §2's twelve admin screens
const ADMIN: Row[] = [
  ["/admin/active-users", activeUsers],
  ["/admin/invitation", invitation],
  ["/admin/my-catalogue", myCatalogue],
  ["/admin/netsuite-pull", netsuitePull],
  ["/admin/maintenance", adminMaintenance],
  ["/admin/orders", adminOrders],
  ["/admin/promo", promo],
  ["/admin/sync-status", syncStatus],
  ["/admin/view-as", viewAs],
  ["/admin/user/1", adminUser, { userId: "1" }],
  ["/admin/category-manager", categoryManager],
  ["/admin/manage-admin-users", manageAdminUsers],
  ["/admin/login-history", loginHistory],
];

async function open([path, loader, params = {}]: Row, permissions: string[]): Promise<Response> {
  t.signIn({ permissions });
  const request = get(path, await sessionCookie());
  const result = await settle(() => loader({ request, params, context: testLoadContext() }));
  expect(result).toBeInstanceOf(Response);
  return result as Response;
}

describe("a user who may not open a screen is sent to / by its loader", () => {
  it.each(ADMIN)("a browse-only customer user at %s", async (...row) => {
    const result = await open(row, BROWSE_ONLY);
    expect([result.status, locationOf(result)]).toEqual([302, "/"]);
  });

  it.each<[string, Row, string[]]>([
    ["a browse-only user at the basket", ["/basket", basket], BROWSE_ONLY],
    [
      "a user without order approval at the approvals",
      ["/order-to-approve", approvals],
      ["canViewFullCatalogue", "viewOrderHistory"],
    ],
    [
      "a wearer-pack-only user at the full catalogue",
      ["/categories/full", categories, { type: "full", "*": "" }],
      ["canViewManpack", "manpackOrders"],
    ],
    [
      "a customer user with every permission at the admin orders",
      ["/admin/orders", adminOrders],
      EVERY_CUSTOMER_PERMISSION,
    ],
  ])("%s", async (_name, row, permissions) => {
    const result = await open(row, permissions);
    expect([result.status, locationOf(result)]).toEqual([302, "/"]);
  });
});
