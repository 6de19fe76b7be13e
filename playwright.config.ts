import { defineConfig, devices } from "@playwright/test";

// The built portal and the real provider API on their own ports and their own freshly seeded database.
// E2E_PORTAL_PORT / E2E_PROVIDER_PORT let two suites run side by side on one machine.
export const E2E_PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3100);
export const E2E_PROVIDER_PORT = Number(process.env.E2E_PROVIDER_PORT ?? 3130);
/** The stand-in for Stripe (tests/e2e/support/fake-stripe.ts): the machine has no internet. */
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? E2E_PORTAL_PORT + 60);
/** The stand-in for a buyer's procurement system (tests/e2e/support/procurement-stand-in.ts), punching out to the portal. */
export const E2E_PROCUREMENT_PORT = Number(process.env.E2E_PROCUREMENT_PORT ?? E2E_PORTAL_PORT + 70);
export const E2E_SESSION_SECRET = "e2e-session-secret-at-least-32-characters-long";
export const E2E_DB_FILE = `data/e2e-${E2E_PORTAL_PORT}.sqlite`;
/** visual-review.spec.ts writes screenshots for a person to look through: it runs on demand (`npm run test:visual`). */
const VISUAL_REVIEW = /visual-review\.spec/;
const visualOnly = Boolean(process.env.E2E_VISUAL_REVIEW);

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_500 },
  // every test on its own: a spec whose tests share a basket or other data says so with describe.configure "default"
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // the 15 slowest tests after the list (issue 31); scripts/slowest-tests.ts prints the same from a JSON report
  reporter: [["list"], ["./tests/e2e/support/slowest-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${E2E_PORTAL_PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    // *.no-js.spec.ts / *.js.spec.ts hold flows that exist only without or only with JavaScript (Stripe's hosted page,
    // Stripe Elements): each file runs in its own project instead of being skipped in the other
    {
      name: "js",
      use: { ...chromium, javaScriptEnabled: true },
      testIgnore: [/maintenance\.spec/, /\.no-js\.spec\.ts$/, ...(visualOnly ? [] : [VISUAL_REVIEW])],
    },
    // axe runs inside the page, so accessibility scans run in the JS project only (the markup is the same)
    {
      name: "no-js",
      use: { ...chromium, javaScriptEnabled: false },
      testIgnore: [/maintenance\.spec|accessibility\.spec/, /\.js\.spec\.ts$/, ...(visualOnly ? [] : [VISUAL_REVIEW])],
    },
    // maintenance switches the whole portal off, so it runs alone after the rest
    {
      name: "maintenance-js",
      use: { ...chromium, javaScriptEnabled: true },
      testMatch: /maintenance\.spec/,
      dependencies: ["js", "no-js"],
    },
    {
      name: "maintenance-no-js",
      use: { ...chromium, javaScriptEnabled: false },
      testMatch: /maintenance\.spec/,
      dependencies: ["maintenance-js"],
    },
  ],
  webServer: [
    {
      command: "tsx tests/e2e/support/fake-stripe.ts",
      url: `http://127.0.0.1:${E2E_STRIPE_PORT}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: { FAKE_STRIPE_PORT: String(E2E_STRIPE_PORT) },
    },
    {
      command: "tsx tests/e2e/support/procurement-stand-in.ts",
      url: `http://127.0.0.1:${E2E_PROCUREMENT_PORT}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      // on localhost like the portal: the same site, so the portal's cookie goes with its framed start page over http
      env: { STAND_IN_PORT: String(E2E_PROCUREMENT_PORT), PORTAL_URL: `http://localhost:${E2E_PORTAL_PORT}` },
    },
    // one portal process, not one per core as `npm start` runs it (decision 043): measured on this 2-core machine the
    // workers made the suite no faster. PORTAL_WORKERS=2 runs it as production does (each worker polls the provider's
    // change generation, decision 157, so admin-catalogue's "the menu follows" holds on either worker).
    {
      command: `rm -f ${E2E_DB_FILE} ${E2E_DB_FILE}-wal ${E2E_DB_FILE}-shm && tsx scripts/start.ts`,
      url: `http://localhost:${E2E_PORTAL_PORT}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(E2E_PORTAL_PORT),
        PROVIDER_PORT: String(E2E_PROVIDER_PORT),
        PROVIDER_DB_FILE: E2E_DB_FILE,
        SESSION_SECRETS: E2E_SESSION_SECRET,
        SECURE_COOKIES: "false",
        // warnings and errors only: an access line per request would bury the suite's own output (decision 144)
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
        // card payments on, against the stand-in (decision 072)
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
        STRIPE_API_URL: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
      },
    },
  ],
});
