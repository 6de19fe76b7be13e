import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vitest/config";
import type { ViteUserConfig } from "vitest/config";
import { browserChunks } from "./scripts/browser-chunks";

// One configuration for the build, `npm run dev` and the unit tests (decision 171). PORTAL_BUILD_DIR lets several
// builds live side by side (the benchmark's, parallel test runs); unset, `build/` (server/ and client/ under it).
const buildDirectory = process.env.PORTAL_BUILD_DIR || "build";

// Worker threads that keep their modules between files (decision 143): a test file starts from its own msw handlers,
// provider and database, never from another file's module state; this halves the suite's time on two cores.
const test = {
  environment: "node" as const,
  pool: "threads" as const,
  isolate: false,
  testTimeout: 20_000,
  hookTimeout: 60_000,
  // the JSON logs stay quiet in tests; a test that reads them captures them (captureLogs, captureProviderLogs)
  env: { LOG_LEVEL: "silent" },
};
const shared = {
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  esbuild: { jsx: "automatic" as const },
};

// The provider's tests run on SQLite (the product's default database) every time, and again on PostgreSQL when
// TEST_DATABASE_URL names one (decision 143): two projects, each telling server/test/test-database.ts which it is.
// Files whose tests make their own SQLite database or none (not through server/test/test-database.ts) would only repeat
// themselves on PostgreSQL; seed.test.ts's PostgreSQL check runs there alone.
const SQLITE_ONLY = [
  "server/services/budget-reset.test.ts",
  "server/test/client-address.test.ts",
  "server/test/config.test.ts",
  "server/test/ids.test.ts",
  "server/test/punchout-seed.test.ts",
  "server/db/seed/images.test.ts",
];
const providerProject = (name: string, database: "sqlite" | "postgres") => ({
  ...shared,
  test: {
    ...test,
    name,
    include: ["server/**/*.test.ts"],
    exclude: database === "postgres" ? SQLITE_ONLY : [],
    env: { ...test.env, PROVIDER_TEST_DB: database },
  },
});

const unitTests: ViteUserConfig["test"] = {
  ...test,
  projects: [
    {
      ...shared,
      test: {
        ...test,
        name: "portal",
        include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
        // the route table the access guard reads, as startPortal registers it from the server build (decision 176)
        setupFiles: ["tests/mocks/register-routes.ts"],
      },
    },
    providerProject("provider-sqlite", "sqlite"),
    ...(process.env.TEST_DATABASE_URL ? [providerProject("provider-postgres", "postgres")] : []),
  ],
  reporters: ["default", "./scripts/vitest-project-summary.ts"],
  coverage: {
    provider: "v8",
    include: ["app/domain/**/*.ts"],
    exclude: ["app/domain/**/*.test.ts"],
    reporter: ["text-summary", "text"],
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  ...shared,
  // public/ is served by the portal's own server (an hour's cache), so the build does not copy it
  publicDir: false,
  build: isSsrBuild
    ? {}
    : {
        // terser with extra passes takes ~1 KB gzip off a page against Vite's default (esbuild)
        minify: "terser",
        terserOptions: {
          ecma: 2020,
          module: true,
          toplevel: true,
          compress: { passes: 3, pure_getters: true, unsafe_arrows: true, unsafe_methods: true },
        },
        rollupOptions: {
          // Vite empties a Node built-in that browser code imports and only warns; here the build fails, as Remix's
          // own rule fails it for a `.server` module a browser export still uses (decision 171)
          onwarn(warning, warn) {
            if (/externalized for browser compatibility/.test(warning.message))
              throw new Error(`Server code in the browser build: ${warning.message}`);
            warn(warning);
          },
          output: {
            manualChunks: browserChunks(),
          },
        },
      },
  plugins: [
    // vitest reads this file too; the tests import modules directly and need no Remix build
    !process.env.VITEST &&
      remix({
        buildDirectory,
        serverModuleFormat: "esm",
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
        },
      }),
  ],
  test: unitTests,
}));
