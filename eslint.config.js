// Decision 142: the lint rules that guard the architecture. `npm run lint` runs this, knip and prettier --check.
import globals from "globals";
import tseslint from "typescript-eslint";

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
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: { "no-console": "error" },
  },
);
