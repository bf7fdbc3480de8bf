import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { articlesPlugin } from "./content/build/vite-plugin-articles.ts";
import { newslettersPlugin } from "./content/build/vite-plugin-newsletters.ts";
import { inlineScriptPlugin } from "./scripts/vite-plugin-inline-script.ts";
import { HANG_GUARD_MS } from "./tests/fuzz-runs.ts";
import { ARCHIVE_CONFIG, ARCHIVE_ROOT, writeArchiveMarkdown } from "./tests/support/archive-fixture.ts";
import { testCataloguePlugin } from "./tests/support/test-catalogue-plugin.ts";
import { TEST_MAILGUN_API_KEY } from "./tests/worker/mail-provider-setup.ts";

/**
 * `unit`: pure modules beside their code, in Node. `worker` and `worker-forms` (`FORMS_MODE=d1`, real local D1):
 * `tests/worker/**` inside workerd against the built worker (run `npm run build` first), real local KV.
 */
/** The receipt-signing secret of the worker tests (they read it back as `env.ORDER_SIGNING_KEY`). */
const TEST_ORDER_SIGNING_KEY = "worker-tests-order-signing-secret-0123456789";

/**
 * React's CommonJS build does not load in workerd's module runner. The source modules the worker tests import need only
 * React Router's router core (`matchRoutes`, `createContext`, `data`), which names React only to render; pages render
 * through the built worker, which bundles its own React.
 */
const ROUTER_CORE = fileURLToPath(import.meta.resolve("react-router").replace(/index\.js$/, "lib/router/utils.js"));

/** Points workerd's own resolution of `react-router` at its core, and of `react` at a module that never renders. */
function routerCoreOnly(): Plugin {
  const reactAbsent = fileURLToPath(import.meta.resolve("./tests/worker/react-absent.js"));
  return {
    name: "router-core-only",
    enforce: "pre",
    resolveId(id, _importer, options) {
      // Only the Workers pool's module fallback asks with `node-resolve`; the unit project keeps the real packages.
      if (!(options.custom && "node-resolve" in options.custom)) return;
      if (id === "react-router") return ROUTER_CORE;
      if (id === "react") return reactAbsent;
    },
  };
}

// The `worker-archive` project's content plugins read the generated archive as they start, before any global setup.
writeArchiveMarkdown(ARCHIVE_ROOT);

/** The migrations of `FORMS_DB`, handed to the tests as a binding (they apply them). */
const formsMigrations = await readD1Migrations("migrations");

/**
 * A project that runs `include` inside workerd against the built worker, with `vars` on top of the common ones; with
 * `archive`, over the generated archive of `tests/support/archive-fixture.ts` instead of the owner's content.
 */
function workerProject(
  name: string,
  include: string[],
  exclude: string[],
  vars: Record<string, string>,
  setupFiles: string[] = [],
  archive = false,
) {
  const contentRoot = archive ? ARCHIVE_ROOT : import.meta.dirname;
  return {
    resolve: { alias: { "react-router": ROUTER_CORE } },
    plugins: [
      inlineScriptPlugin(),
      // The built worker sells the tests' catalogue; modules the tests import see the same one.
      testCataloguePlugin(import.meta.dirname),
      // Tests that import worker modules (the page cache) reach the articles and issues the build compiles.
      articlesPlugin(contentRoot),
      newslettersPlugin(contentRoot),
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: archive ? ARCHIVE_CONFIG : "./build/server/wrangler.json" },
        miniflare: {
          bindings: {
            FLAGS_CACHE_TTL_MS: "0",
            COMMERCE_MODE: "live",
            COMMERCE_API_URL: inject("commerceUrl"),
            STORE_ID: "ok-default",
            CHECKOUT_ALLOWED_HOSTS: "checkout.vpf.test",
            ORDER_SIGNING_KEY: TEST_ORDER_SIGNING_KEY,
            // Far past any answer of the stand-in on a loaded machine; the tests of a hanging upstream set their own.
            COMMERCE_TIMEOUT_MS: "60000",
            DEBUG_HEADERS: "true",
            BENCH_FUZZ_RUNS: process.env.BENCH_FUZZ_RUNS ?? "",
            SITE_SWEEP: process.env.SITE_SWEEP ?? "",
            TEST_MIGRATIONS: formsMigrations,
            MAILGUN_API_URL: inject("mailProviderUrl"),
            MAILGUN_API_KEY: TEST_MAILGUN_API_KEY,
            ...vars,
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude,
      setupFiles,
      testTimeout: HANG_GUARD_MS,
      hookTimeout: HANG_GUARD_MS,
      globalSetup: [
        ...(archive ? ["tests/worker/archive-setup.ts"] : []),
        "tests/worker/commerce-stand-in.ts",
        "tests/worker/mail-provider-setup.ts",
      ],
    },
  };
}

export default defineConfig({
  plugins: [routerCoreOnly()],
  test: {
    // The on-disk module cache keys a module by the id asked for, so a catalogue served in place of
    // `content/products.ts` (`testCataloguePlugin`) came back as its own import on a second run. A fresh clone has no
    // cache to gain from anyway.
    fsModuleCache: false,
    // The worker tests mostly wait on workerd and the stand-ins: one file per core left a core idle (worker tests
    // on two cores: 88.5 s with two files at a time, 108 s with one, run back to back).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        // The inline scripts' text is compiled from their modules (`?inline-script`) in every project.
        // Unit tests see the tests' catalogue (`tests/support/test-catalogue.ts`), as the tests' build does.
        plugins: [inlineScriptPlugin(), testCataloguePlugin(import.meta.dirname)],
        // `server/` reads the running request's bindings from workerd's own module; Node has none to give.
        resolve: {
          alias: { "cloudflare:workers": fileURLToPath(import.meta.resolve("./tests/support/workers-module.ts")) },
        },
        test: {
          name: "unit",
          environment: "node",
          // A test fails for a wrong answer, never for a slow host: the only limit is the hang guard.
          testTimeout: HANG_GUARD_MS,
          hookTimeout: HANG_GUARD_MS,
          // Files share their modules rather than load them again each (a third of the unit tests' CPU); the few that
          // stub a global restore it after each test.
          isolate: false,
          include: [
            "app/**/*.test.{ts,tsx}",
            "core/**/*.test.ts",
            "worker/**/*.test.ts",
            "server/**/*.test.ts",
            "content/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
        },
      },
      workerProject(
        "worker",
        ["tests/worker/**/*.test.ts"],
        ["tests/worker/forms-*.test.ts", "tests/worker/archive-pages.test.ts"],
        {},
      ),
      // Later pages of every list, on an archive of the tests' own making that has them.
      workerProject(
        "worker-archive",
        ["tests/worker/list-pages.test.ts", "tests/worker/archive-pages.test.ts"],
        [],
        {},
        [],
        true,
      ),
      workerProject("worker-forms", ["tests/worker/forms-*.test.ts"], [], { FORMS_MODE: "d1" }, [
        "tests/worker/forms-setup.ts",
      ]),
    ],
  },
});
