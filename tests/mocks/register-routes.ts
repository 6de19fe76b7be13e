import { registerRoutes } from "~/http/route-tree.server";
import { appRouteTable } from "./route-table";

// vitest's setup for the portal's tests: the route table startPortal registers from the server build (decision 176)
registerRoutes(await appRouteTable());
