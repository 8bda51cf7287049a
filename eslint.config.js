import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** An import of app/ code: the `~/` alias or a relative path into app/. */
const NOT_APP = "^(~/|(\\.\\./)+app(/|$))";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      ".data/",
      "drizzle/",
      "test-results/",
      "playwright-report/",
    ],
  },
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
    // One way in: every request body is read by app/lib/body/, which bounds it
    // before a byte is buffered. Reading it any other way skips that limit.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/body/**", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(request|req)$/][callee.property.name=/^(formData|json|text|arrayBuffer|blob|bytes|clone)$/]",
          message:
            "Read request bodies through app/lib/body/ (readForm, requireForm, readUploadForm, readJson, readFields, readRaw), which limit their size.",
        },
        {
          selector: "MemberExpression[object.name=/^(request|req)$/][property.name='body']",
          message: "Read request bodies through app/lib/body/, which limits their size.",
        },
      ],
    },
  },
  {
    files: ["drizzle.config.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // models/ is where the driver is used (the restriction above does not apply),
    // and imports run one way: app → models → models/platform. Nothing in
    // models/ imports from app/.
    files: ["models/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: NOT_APP, message: "models/ never imports from app/: move what both need into models/." },
          ],
        },
      ],
    },
  },
  {
    // The bottom layer: platform/ imports only itself and the schema, never a domain folder.
    files: ["models/platform/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: NOT_APP, message: "models/ never imports from app/: move what both need into models/." },
            {
              regex: "^(~models/(?!platform/|schema(/|$))|\\.\\./(?!schema(/|$)))",
              message: "models/platform imports only platform/ and ../schema, never a domain folder.",
            },
          ],
        },
      ],
    },
  },
  {
    // A folder inside platform/ (storage/): ../ is platform itself, ../../schema the schema.
    files: ["models/platform/*/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: NOT_APP, message: "models/ never imports from app/: move what both need into models/." },
            {
              regex: "^(~models/(?!platform/|schema(/|$))|\\.\\./\\.\\./(?!schema(/|$)))",
              message: "models/platform imports only platform/ and ../schema, never a domain folder.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures are written ({}, use) => …, which these rules misread.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
