// ESLint flat config: TypeScript, React hooks and JSX accessibility rules.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Boundaries (ARCHITECTURE.md "Where each concern lives"): core/ is pure and
  // shared, worker/ is the edge and never reaches into app/, and browser
  // modules never import server-only ones.
  {
    files: ["core/**/*.ts"],
    ignores: ["core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(app|worker|scripts|tests)(/|$)",
              message: "core/ holds pure rules and contracts: it imports neither app/ nor worker/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["worker/**/*.ts"],
    ignores: ["worker/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(app|scripts|tests)(/|$)",
              message: "worker/ imports only core/ and content/ (and packages).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "\\.server(\\.tsx?)?$", message: "Browser modules never import server-only modules." },
            { regex: "(^|/)worker(/|$)", message: "app/ never imports the worker." },
          ],
        },
      ],
    },
  },
  {
    // Server-only modules and route modules (whose loaders React Router strips
    // from the browser build) may import `*.server.ts`.
    files: ["app/**/*.server.ts", "app/entry.server.tsx", "app/root.tsx", "app/routes/**", "app/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)worker(/|$)", message: "app/ never imports the worker." }] },
      ],
    },
  },
  {
    // Ambient module declarations cannot import relative types any other way.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/consistent-type-imports": "off" },
  },
  {
    // Playwright fixtures take `({}, use)` and call `use`, which is not React's hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
);
