// ESLint flat config: TypeScript, React hooks and JSX accessibility rules.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The brand as a word; `VPF` must follow `SITE_NAME` (content/site.ts). */
const BRAND_PATTERN = "\\bVPF\\b";
/** An English weekday, singular or plural; the send day must follow `SEND_TIME_WORDS` (core/newsletter-schedule.ts). */
const WEEKDAY_PATTERN = "\\b(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)days?\\b";

/** `no-restricted-syntax` entries refusing the brand or a weekday in a string, a template's text or JSX text. */
function listOwnerFactSelectors() {
  const owned = [
    { pattern: BRAND_PATTERN, message: "Write the brand as SITE_NAME (or SITE_LONG_NAME) from content/site.ts." },
    {
      pattern: WEEKDAY_PATTERN,
      message: "Name the send day with SEND_TIME_WORDS (core/newsletter-schedule.ts), which follows SEND_SCHEDULE.",
    },
  ];
  return owned.flatMap(({ pattern, message }) =>
    ["Literal[value=/PATTERN/]", "TemplateElement[value.raw=/PATTERN/]", "JSXText[value=/PATTERN/]"].map(
      (selector) => ({
        selector: selector.replace("PATTERN", pattern),
        message,
      }),
    ),
  );
}

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      ".wrangler/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "worker-configuration.d.ts",
      // The bench is its own package (bench/package.json), outside the product's checks.
      "bench/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "jsx-a11y": jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Components and hooks live in app/; elsewhere the React Compiler's rules only cost time.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Boundaries (ARCHITECTURE.md), held against resolved paths so no spelling of an import slips through.
  {
    files: ["app/**/*.{ts,tsx}", "core/**/*.ts", "worker/**/*.ts", "server/**/*.ts", "content/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Without these, imported TypeScript modules are not parsed and `no-cycle` sees no edges.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.cloudflare.json", "tsconfig.node.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // The worker reads the articles and issues from its content files (decision 021); the compiled lists are the
      // tests' alone.
      "no-restricted-imports": [
        "error",
        {
          name: "virtual:vpf/articles",
          message: "Read articles through the content store (readContentStore, server/content.server.ts).",
        },
        {
          name: "virtual:vpf/newsletters",
          message: "Read issues through the content store (readContentStore, server/content.server.ts).",
        },
      ],
      // A cycle makes module order matter at start-up; none is allowed.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./core",
              from: ["./app", "./worker", "./server", "./scripts", "./tests"],
              message: "core/ holds pure rules and contracts: it imports only packages and content/.",
            },
            {
              target: "./content",
              from: ["./app", "./worker", "./server", "./core", "./scripts", "./tests"],
              message: "content/ is bundled content and its build: it imports only packages and content/.",
            },
            {
              target: "./worker",
              from: ["./app", "./scripts", "./tests"],
              message: "worker/ imports only packages, core/, content/ and server/.",
            },
            {
              target: "./server",
              from: ["./app", "./worker", "./scripts", "./tests"],
              message:
                "server/ is the domain loaders and the worker share: it imports only packages, core/ and content/.",
            },
            {
              target: "./app",
              from: ["./worker", "./scripts", "./tests"],
              message: "app/ imports only packages, core/, content/, server/ and app/.",
            },
            {
              // Browser modules never import server-only ones; route modules may (React Router strips loaders).
              target: ["./app/components/**", "./app/lib/**/!(*.server).ts", "./app/lib/**/!(*.server).tsx"],
              from: ["./app/**/*.server.ts", "./app/**/*.server.tsx", "./content/**/*.server.ts", "./server/**"],
              message: "Browser modules never import server-only modules (*.server.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // The owner's facts come from configuration: a literal brand or send day would stay behind when an owner changes
    // them. Comments are not syntax, so a comment may still name either.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...listOwnerFactSelectors()],
    },
  },
  {
    // A function past 80 lines hides its parts: name them instead (a sub-component, a hook, a helper). Test files
    // are exempt: their `describe` callbacks are lists of cases.
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "tests/**"],
    rules: { "max-lines-per-function": ["error", { max: 80 }] },
  },
  {
    // Ambient module declarations cannot import relative types any other way.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/consistent-type-imports": "off" },
  },
  {
    // Playwright fixtures take `({}, use)`.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
