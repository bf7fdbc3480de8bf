import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";
import { articlesPlugin } from "./content/build/vite-plugin-articles.ts";
import { fontPlugin } from "./content/build/vite-plugin-font.ts";
import { imagesPlugin } from "./content/build/vite-plugin-images.ts";
import { newslettersPlugin } from "./content/build/vite-plugin-newsletters.ts";
import { socialMarksPlugin } from "./content/build/vite-plugin-social-marks.ts";
import { BUILD_ID_PLACEHOLDER, buildIdPlugin } from "./scripts/vite-plugin-build-id.ts";
import { inlineScriptPlugin } from "./scripts/vite-plugin-inline-script.ts";
import { readDeployEnv } from "./core/deploy-envs.ts";
import { deployConfigCheck } from "./scripts/deploy-config.ts";
import { TEST_ENCODED_DIR, TEST_IMAGES_DIR, TEST_PRODUCTS } from "./tests/support/test-catalogue.ts";
import { readTestCatalogueMode, testCataloguePlugin } from "./tests/support/test-catalogue-plugin.ts";

/** `CLOUDFLARE_ENV=production` (or `staging`) builds that deployed environment of `wrangler.toml`. */
const DEPLOY_ENV = readDeployEnv(process.env.CLOUDFLARE_ENV);

/** `VPF_TEST_CATALOGUE=1`: the tests' build, selling the tests' products beside the owner's (never deployed). */
const TEST_CATALOGUE = readTestCatalogueMode();
if (TEST_CATALOGUE && DEPLOY_ENV !== null) {
  throw new Error(`vite.config.ts: VPF_TEST_CATALOGUE=1 is the tests' build; unset it to build ${DEPLOY_ENV}`);
}

/**
 * The module-id test of a chunk group: `files` from the repository root, `packages` under `node_modules/`.
 *
 * @throws Error naming a listed file that does not exist, so the lists cannot drift from the code.
 */
function buildGroupTest(group: string, files: string[], packages: string[] = []): (id: string) => boolean {
  const missing = files.find((file) => !existsSync(path.join(import.meta.dirname, file)));
  if (missing) throw new Error(`vite.config.ts: the ${group} chunk lists ${missing}, which does not exist`);
  const absolute = new Set(files.map((file) => path.join(import.meta.dirname, file).replaceAll("\\", "/")));
  const prefixes = packages.map((name) => `/node_modules/${name}`);
  return (id) => {
    const normal = id.replaceAll("\\", "/");
    return absolute.has(normal) || prefixes.some((prefix) => normal.includes(prefix));
  };
}

/** What every page loads first, as one chunk: fewer requests, better compression. Lazy parts stay out. */
const IN_FIRST_LOAD = buildGroupTest(
  "app",
  [
    ...[
      "site-header",
      "logo",
      "theme-toggle",
      "cart-button",
      "article-card",
      "publication-mark",
      "responsive-image",
      "json-ld",
      "site-footer",
      "toaster-loader",
      "unexpected-error",
      "lazy-not-found-page",
    ].map((name) => `app/components/${name}.tsx`),
    ...[
      "meta",
      "nonce",
      "frame-data",
      "use-idle",
      "use-has-cart",
      "use-hydration-marker",
      "dates",
      "theme",
      "theme-storage-key",
      "toast",
    ].map((name) => `app/lib/${name}.ts`),
    "core/flags.ts",
    "core/cart-storage.ts",
    "core/inline-scripts/apply-theme.ts",
    ...["categories", "site", "article-image", "image-variants", "tags"].map((name) => `content/${name}.ts`),
  ],
  [
    "clsx/",
    "react-dom/",
    "react/",
    "scheduler/",
    ...["lucide-react", "createLucideIcon", "defaultAttributes", "Icon", "context", "shared/"].map(
      (name) => `lucide-react/dist/esm/${name}`,
    ),
  ],
);

/** The blog's newsletter prompt and its form as one chunk; the validator stays lazy (imported on submit). */
const IN_NEWSLETTER_PROMPT = buildGroupTest(
  "newsletter-prompt",
  [
    ...["newsletter-prompt", "newsletter-form", "form-needs-script", "cta-band"].map(
      (name) => `app/components/${name}.tsx`,
    ),
    "core/form-messages.ts",
    "app/lib/form-submission.ts",
  ],
  ["lucide-react/dist/esm/icons/mail.js", "lucide-react/dist/esm/icons/target.js"],
);

/** The site's build: the SSR environment becomes the worker (`build/server`); content is compiled by its plugins. */
export default defineConfig({
  plugins: [
    deployConfigCheck(DEPLOY_ENV),
    articlesPlugin(import.meta.dirname),
    newslettersPlugin(import.meta.dirname),
    ...(TEST_CATALOGUE ? [testCataloguePlugin(import.meta.dirname)] : []),
    imagesPlugin(
      import.meta.dirname,
      TEST_CATALOGUE ? { products: TEST_PRODUCTS, imagesDir: TEST_IMAGES_DIR, cacheDir: TEST_ENCODED_DIR } : undefined,
    ),
    fontPlugin(import.meta.dirname),
    socialMarksPlugin(),
    inlineScriptPlugin(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    buildIdPlugin(),
  ],
  resolve: { tsconfigPaths: true },
  define: {
    // Production bundles leave the commerce sandbox out (rule 5.7).
    __COMMERCE_SANDBOX__: JSON.stringify(DEPLOY_ENV === null),
    // Part of every page cache key; `buildIdPlugin` writes the worker bundle's hash over it.
    __BUILD_ID__: JSON.stringify(BUILD_ID_PLACEHOLDER),
  },
  environments: {
    client: {
      // `npm run dev` only. With no `index.html`, Vite's scan finds none of the browser's packages, so it found each
      // on first use and re-bundled them all: a 504 for the modules already requested, and a second copy of React
      // (a hook error, then the root's error screen). Scanning every route module and what it imports, lazily too,
      // finds them all before the first page.
      optimizeDeps: { entries: ["app/entry.client.tsx", "app/root.tsx", "app/routes/**/*.{ts,tsx}"] },
      build: {
        // Dynamic imports load their own dependencies; no preload helper in the first load.
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "app", test: IN_FIRST_LOAD },
                { name: "newsletter-prompt", test: IN_NEWSLETTER_PROMPT },
              ],
            },
          },
        },
      },
    },
  },
});
