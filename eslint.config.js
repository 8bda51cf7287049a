import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** An import of app/ code: the `~/` alias or a relative path into app/. */
const NOT_APP = "^(~/|(\\.\\./)+app(/|$))";
const NOT_APP_PATTERN = {
  regex: NOT_APP,
  message: "models/ never imports from app/: move what both need into models/.",
};

/**
 * The order of models/ (docs/decisions/0066-domain-order.md): a folder imports
 * only itself and the folders to its left. platform/ and schema/ are the bottom
 * (they import no domain); views/ (the read models that combine domains) is the
 * top, and nothing in models/ imports it.
 */
const DOMAIN_ORDER = [
  "platform",
  "schema",
  "identity",
  "content",
  "forms",
  "delivery",
  "projects",
  "billing",
  "calendar",
  "back-office",
  "chat",
  "views",
];

/** One eslint block per folder of models/: no import of a folder to its right. */
function domainOrderZones() {
  return DOMAIN_ORDER.flatMap((folder, index) => {
    const right = DOMAIN_ORDER.slice(index + 1).filter((f) => !(folder === "platform" && f === "schema"));
    if (right.length === 0) return [];
    const names = `(${right.join("|")})(/|$)`;
    const message =
      folder === "platform" || folder === "schema"
        ? `models/${folder} is the bottom layer: it imports no domain folder (docs/decisions/0066-domain-order.md).`
        : `models/${folder} imports only the folders to its left: ${DOMAIN_ORDER.slice(0, index).join(", ")} (docs/decisions/0066-domain-order.md). Move the combining code up (models/views/) or pass the lower domain a function.`;
    const zone = (files, up) => ({
      files,
      // Unit tests beside the code may check one domain's words against another's, as tests/ does.
      ignores: ["models/**/*.test.{ts,tsx}"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [NOT_APP_PATTERN, { regex: `^(~models/|${up})${names}`, message }],
          },
        ],
      },
    });
    // A file in the folder reaches a sibling with ../; one in a subfolder (platform/storage, chat/sources) with ../../.
    return [zone([`models/${folder}/*`], "\\.\\./"), zone([`models/${folder}/*/**`], "\\.\\./\\.\\./")];
  });
}

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
    // Every client loader, action and /api route reads who is asking through one function
    // (app/lib/membership.server.ts: memberOf, findMember, apiMemberOf; decision 0079), which
    // resolves the person, the organisation and the role. Only signing in and out, joining,
    // creating and switching an organisation (the person, before or between memberships), and the
    // staff back-office (its own gate, app/lib/staff-gate.server.ts), read the account itself.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: [
      "app/routes/auth/**",
      "app/routes/organisations/**",
      "app/routes/admin/**",
      "app/routes/api/admin/**",
      "app/routes/api/auth-*.ts",
      "app/routes/**/*.test.{ts,tsx}",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "pg", message: "Database access lives in models/." },
            { name: "@electric-sql/pglite", message: "Database access lives in models/." },
            {
              name: "~/lib/auth.server",
              importNames: [
                "requireUser",
                "requireUserWithSummary",
                "getUser",
                "getUserWithSummary",
                "getApiUser",
              ],
              message:
                "Client routes read who is asking through ~/lib/membership.server (memberOf, findMember, apiMemberOf) or ~/lib/member-summary.server: org data by member.accountId, person data by member.person.id (decision 0079).",
            },
            {
              name: "~/lib/api.server",
              importNames: ["requireApiUser"],
              message:
                "API routes read the caller through apiMemberOf (~/lib/membership.server) or apiInput({ auth: true }) (decision 0079).",
            },
          ],
          patterns: [{ group: ["drizzle-orm/*"], message: "Database access lives in models/." }],
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
          patterns: [NOT_APP_PATTERN],
        },
      ],
    },
  },
  ...domainOrderZones(),
  {
    // Playwright fixtures are written ({}, use) => …, which these rules misread.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
