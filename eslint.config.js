// Decision 142: the lint rules that guard the architecture. `npm run lint` runs this, knip and prettier --check.
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers of app/, highest first (decision 142). A module imports only from its own layer or lower ones.
const PAGES = ["app/routes", "app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx"];
const COMPONENTS = ["app/components"];
const FEATURES = [
  ...["account", "addresses", "admin", "basket", "catalogue", "checkout", "cms", "news", "orders", "punchout"],
  ...[
    "reports",
    "saved-baskets",
    "wearer-packs",
    "wish-list",
    "chrome.server.ts",
    "dashboard.server.ts",
    "root.server.ts",
  ],
].map((f) => `app/${f}`);
// the guard chain (app/auth) calls the upstream for the caller's session; the upstream client reads the cookie session
const GUARD = ["app/auth"];
const UPSTREAM = ["app/upstream"];
const SESSION = ["app/session"];
const INFRA = ["app/http", "app/utils", "app/content", "app/env.server.ts"];
const DOMAIN = ["app/domain"];
const LAYERS = [PAGES, COMPONENTS, FEATURES, GUARD, UPSTREAM, SESSION, INFRA, DOMAIN];
const above = (layer) => LAYERS.slice(0, LAYERS.indexOf(layer)).flat();
const layerZones = LAYERS.slice(1).map((layer) => ({
  target: layer,
  from: above(layer),
  message:
    "A lower layer imports a higher one (decision 142: pages → components → features → guard → upstream → session → http/utils → domain).",
}));

// Decision 002: zod is built on the server only; a page or component importing it keeps 13.5 KB gzip in the browser.
// A route module's loader and action (and what only they use) never reach the browser (decision 171); a component does.
const NO_ZOD = { name: "zod", allowTypeImports: true, message: "Decision 002: zod belongs in a loader or action." };

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "build-*/**",
      ".build-*/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "visual-review/**",
      "data/**",
      "node_modules/**",
    ],
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["*.js"] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // no-cycle reads the imported modules too: it needs the TypeScript parser for them
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: "tsconfig.json",
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...layerZones,
            {
              target: "server",
              from: "app",
              except: ["./domain"],
              message: "The provider imports nothing from the portal but the shared domain rules (decision 142).",
            },
          ],
        },
      ],
    },
  },
  // decision 144: logs go through each process's one logger; a command's output for a person through process.stdout
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "server/test/**"],
    rules: { "no-console": "error" },
  },
  {
    files: ["app/domain/**/*.ts"],
    ignores: ["app/domain/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react-dom", "react/*", "@remix-run/*"],
              message: "A domain file imports nothing from Remix or React.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/*.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [NO_ZOD] }] },
  },
);
