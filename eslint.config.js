import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", ".data/", "drizzle/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // The data layer stays in models/: nothing else talks to the driver.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "pg", message: "Database access lives in models/." },
            { name: "@electric-sql/pglite", message: "Database access lives in models/." },
          ],
          patterns: [{ group: ["drizzle-orm/*"], message: "Database access lives in models/." }],
        },
      ],
    },
  },
  {
    files: ["models/**", "drizzle.config.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Playwright fixtures are written ({}, use) => …, which these rules misread.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
