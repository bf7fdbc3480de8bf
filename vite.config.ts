import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";
import { articlesPlugin } from "./content/build/vite-plugin-articles.ts";
import { fontPlugin } from "./content/build/vite-plugin-font.ts";
import { imagesPlugin } from "./content/build/vite-plugin-images.ts";
import { socialMarksPlugin } from "./content/build/vite-plugin-social-marks.ts";
import { BUILD_ID_PLACEHOLDER, buildIdPlugin } from "./scripts/vite-plugin-build-id.ts";
import { inlineScriptPlugin } from "./scripts/vite-plugin-inline-script.ts";
import { deployConfigCheck } from "./scripts/deploy-config.ts";

/** `CLOUDFLARE_ENV=production` builds the production environment of `wrangler.toml`. */
const PRODUCTION = process.env.CLOUDFLARE_ENV === "production";

/**
 * Turns a chunk group's member list into the test Rolldown runs on each module
 * id: `files` are paths from the repository root, `packages` are folders under
 * `node_modules/` (with an optional path inside). A listed file that does not
 * exist fails the build, so the lists cannot drift from the code.
 *
 * @throws Error naming the first listed file that is missing.
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

/**
 * The site's own modules every page needs on first load (header, footer,
 * theme, cards). They go into one browser chunk instead of a dozen tiny ones:
 * fewer requests and better compression. Anything loaded lazily (drawer,
 * toasts, forms, accounts) stays out of it.
 */
const IN_FIRST_LOAD = buildGroupTest(
  "app",
  [
    ...[
      "site-header",
      "logo",
      "theme-toggle",
      "cart-button",
      "article-card",
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
    ...["categories", "site", "article-image", "image-variants"].map((name) => `content/${name}.ts`),
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

/**
 * The newsletter prompt that closes the blog and its articles, with its
 * form: one chunk for those pages instead of seven small ones. Its validation (`core/forms.ts`, with valibot) stays lazy: the form imports it on submit.
 */
const IN_NEWSLETTER_PROMPT = buildGroupTest(
  "newsletter-prompt",
  [
    ...["newsletter-prompt", "newsletter-form", "form-needs-script", "cta-band", "cta-block"].map(
      (name) => `app/components/${name}.tsx`,
    ),
    "core/form-messages.ts",
    "app/lib/form-submission.ts",
  ],
  ["lucide-react/dist/esm/icons/mail.js", "lucide-react/dist/esm/icons/target.js"],
);

/**
 * Vite build for the site: the Cloudflare plugin turns the SSR environment
 * into the worker (`wrangler.toml` → `build/server`), React Router builds the
 * route modules, Tailwind compiles `app/app.css`, and `articlesPlugin`
 * compiles `content/articles/*.md` (a bad file fails the build), and
 * `imagesPlugin` encodes `content/images/**` into AVIF and WebP at several widths,
 * `fontPlugin` cuts the brand font to the characters and weights the site uses,
 * `socialMarksPlugin` makes the footer's social-mark sprite, and
 * `inlineScriptPlugin` compiles the inline browser scripts (`?inline-script`).
 */
export default defineConfig({
  plugins: [
    deployConfigCheck(PRODUCTION),
    articlesPlugin(import.meta.dirname),
    imagesPlugin(import.meta.dirname),
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
    __COMMERCE_SANDBOX__: JSON.stringify(!PRODUCTION),
    // Part of every page cache key; `buildIdPlugin` writes the worker bundle's hash over it.
    __BUILD_ID__: JSON.stringify(BUILD_ID_PLACEHOLDER),
  },
  environments: {
    client: {
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
