import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import { constants as zlibConstants } from "node:zlib";
import express from "express";
import { closeGracefully } from "~/domain/graceful-close";
import { getEnv } from "../env.server";
import type { PortalLoadContext } from "./context";
import { limitRequestBodies, requestForRemix } from "./body-limit.server";
import { openRequestScope, REQUEST_SCOPE_HEADER, whenHeadersGo } from "./request-scope.server";
import { generationFromCookie, setChangesCookie } from "./changes.server";
import { installRenderRoutesMemo } from "./render-routes.server";
import { installRouteMatchCache } from "./route-match-cache.server";
import { accessLog, operationsRoutes, routeIdResolver, type Readiness } from "./operations.server";
import { setPolicyWhenHeadersGo, widenedPolicy } from "./form-action.server";
import {
  crossSiteRefusal,
  isCrossSiteEntry,
  isOffSitePath,
  isOldBrowser,
  securityHeaders,
  type CspOptions,
} from "./security.server";

installGlobals({ nativeFetch: true });

/**
 * Gives the build its route table (decision 176) through its entry module: the guard that reads it is the build's own
 * copy of app/http/route-tree.server.ts, not this file's.
 */
function registerBuildRoutes(build: ServerBuild): void {
  const entry = build.entry.module as { registerRoutes?: (routes: ServerBuild["routes"]) => void };
  if (!entry.registerRoutes) throw new Error("The server build's entry exports no registerRoutes (decision 176).");
  entry.registerRoutes(build.routes);
}

type Built = {
  build(): Promise<ServerBuild>;
  serveAssets(app: express.Express): void;
  close(): Promise<void>;
};

/** `vite build`'s output: the server build and the browser files under `build/` (PORTAL_BUILD_DIR elsewhere). */
async function productionBuild(root: string): Promise<Built> {
  const dir = path.resolve(root, process.env.PORTAL_BUILD_DIR || "build");
  const build = (await import(pathToFileURL(path.join(dir, "server/index.js")).href)) as ServerBuild;
  return {
    build: async () => build,
    serveAssets: (app) => {
      app.use("/assets", express.static(path.join(dir, "client/assets"), { immutable: true, maxAge: "1y" }));
    },
    close: async () => {},
  };
}

/** Vite's development server in this process: modules compiled on request, the browser told of each change. */
async function developmentBuild(root: string, server: Server): Promise<Built> {
  const vite = await import("vite");
  // its hot-reload socket on the portal's own port, which the page's connect-src 'self' allows
  const dev = await vite.createServer({ root, server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
  return {
    build: () => dev.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
    serveAssets: (app) => {
      app.use(dev.middlewares);
    },
    close: () => dev.close(),
  };
}

export type StartedPortal = { port: number; url: string; close(): Promise<void> };

/** The change feed (decision 157), from app/upstream, which this layer may not import: the caller hands it in. */
export type ChangeFeed = {
  /** starts polling the provider's change generation; answers how to stop */
  start(): () => void;
  /** resolves once this process has seen `generation` (or cannot): the browser's own latest write */
  catchUp(generation: number): Promise<void>;
};

/**
 * The portal's HTTP server: access log, health and metrics, static assets, security headers, CSRF check, then Remix.
 * `readiness` asks the provider (app/upstream, which this layer may not import: the caller hands it in).
 */
/**
 * Brotli with a 256 KB window (decision 187): the middleware's default encoder (quality 4, a 4 MB window) was made for
 * each answer and cost ~4.5 ms of CPU even on a 6 KB page; every page is far smaller than 256 KB, so the bytes sent
 * are the same.
 */
const COMPRESSION = { brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } };

export async function startPortal(options: {
  port?: number;
  root?: string;
  readiness: () => Promise<Readiness>;
  /** without one (a test's portal), nothing the upstream client keeps is ever served: the caches wait for its polls */
  changes?: ChangeFeed;
  /** `npm run dev`: the app from Vite's development server, rebuilt and reloaded as files change */
  dev?: boolean;
}): Promise<StartedPortal> {
  const env = getEnv();
  installRouteMatchCache(); // decisions 095 and 171: fails the start-up if the framework no longer calls it
  installRenderRoutesMemo(); // decision 186: the same, for the render's route objects
  const root = options.root ?? process.cwd();
  const production = env.NODE_ENV === "production";
  const app = express();
  const server = createServer(app);
  const built = options.dev ? await developmentBuild(root, server) : await productionBuild(root);
  const build = await built.build();
  // the access rules each route declares beside it (decision 176); in development, each rebuilt app's
  registerBuildRoutes(build);
  const chatScriptOrigin = env.CHAT_SCRIPT_URL ? new URL(env.CHAT_SCRIPT_URL).origin : undefined;
  const paymentPageOrigin = env.stripeEnabled && env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).origin : undefined;

  app.disable("x-powered-by");
  // the browser's address (req.ip), which the provider's log-in and reset limits count by, through trusted proxies only
  app.set("trust proxy", env.trustedProxies.length > 0 ? env.trustedProxies : false);
  app.use(accessLog(routeIdResolver(build.routes))); // decision 144
  if (process.env.PORTAL_COMPRESSION !== "off") app.use(compression(COMPRESSION)); // off: a proxy compresses (decision 184)

  // `//host/…` and `/\host` are no page's address, and a redirect that echoed one would lead off the site
  app.use((req, res, next) => {
    if (!isOffSitePath(req.originalUrl)) return next();
    res.status(404).type("text/plain").send("Not found: no page of the portal has this address.");
  });

  // no session, no maintenance page (decision 145)
  app.use(operationsRoutes({ readiness: options.readiness, metricsToken: env.METRICS_TOKEN }));

  // hashed build assets never change; everything else in public/ for an hour
  built.serveAssets(app);
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    const requestId = res.locals.requestId as string; // accessLog's
    res.locals.context = { requestId, clientIp: req.ip ?? "unknown", cspNonce: nonce } satisfies PortalLoadContext;
    const csp: CspOptions = {
      nonce,
      stripe: env.stripeEnabled,
      chatScriptOrigin,
      paymentPageOrigin,
      https: env.secureCookies,
    };
    res.set(securityHeaders(csp));
    // a response whose page posts a form elsewhere (allowFormAction: the 3-D Secure hand-off, the punchout return)
    // widens its own form-action; one a procurement system may frame (allowFrameAncestor, decision 109) its
    // frame-ancestors, and then goes without X-Frame-Options, which cannot name an origin
    setPolicyWhenHeadersGo(res, () => widenedPolicy(res, csp, req.headers[REQUEST_SCOPE_HEADER]));
    if (isOldBrowser(req.method, req.path, req.get("user-agent"))) {
      res.redirect(302, "/old-browser");
      return;
    }
    const refusal = crossSiteRefusal(
      req.method,
      new Headers(req.headers as Record<string, string>),
      req.get("host"),
      req.path,
    );
    if (refusal) {
      res.status(403).type("text/plain").send(`Forbidden: ${refusal}`);
      return;
    }
    // Remix refuses a document post whose Origin is not this host; the OCI log-in's form post comes from the
    // procurement system's site by design (decision 109), so an entry point's post goes on without its Origin
    if (isCrossSiteEntry(req.method, req.path)) delete req.headers.origin;
    next();
  });

  // every body counted as it is read, chunked or not: 413 past its limit (decision 150); Remix gets it whole
  app.use(limitRequestBodies());

  const remix = createRequestHandler({
    build: options.dev
      ? async () => {
          const rebuilt = await built.build();
          registerBuildRoutes(rebuilt);
          return rebuilt;
        }
      : build,
    mode: production ? "production" : "development",
    getLoadContext: (_req, res) => res.locals.context as PortalLoadContext,
  });
  app.all("*", (req, res, next) => {
    // one scope per request, so the loaders of a page share the guard chain's upstream calls; the header is ours
    res.locals.remix = true; // the access line names the Remix route
    const scope = openRequestScope();
    req.headers[REQUEST_SCOPE_HEADER] = scope.key;
    res.on("close", scope.close);
    // a write's answer names the change generation after it, for the browser's next request (decision 157)
    whenHeadersGo(res, () => setChangesCookie(res, scope.key, env.secureCookies));
    // Remix's handler catches its own errors and hands them to next(); Express ignores the promise
    const serve = () => void remix(requestForRemix(req), res, next);
    // the browser's own latest write, made through whichever portal process: nothing kept from before it is served
    const seen = generationFromCookie(req.headers.cookie);
    if (seen === null || !options.changes) serve();
    else options.changes.catchUp(seen).then(serve, serve);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? env.PORT, resolve));
  const stopChanges = options.changes?.start();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? env.PORT);
  return {
    port,
    url: `http://localhost:${port}`,
    // the requests in flight are answered first; idle keep-alive connections do not hold the process (decision 153)
    close: async () => {
      stopChanges?.();
      await closeGracefully(server);
      await built.close();
    },
  };
}
