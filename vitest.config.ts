import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const shared = {
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  esbuild: { jsx: "automatic" as const },
};
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

export default defineConfig({
  ...shared,
  test: {
    ...test,
    projects: [
      {
        ...shared,
        test: {
          ...test,
          name: "portal",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
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
  },
});
