import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { randomUUID } from "node:crypto";
import { defineConfig } from "vite";
import { articlesPlugin } from "./content/build/vite-plugin-articles";
import { fontPlugin } from "./content/build/vite-plugin-font";
import { imagesPlugin } from "./content/build/vite-plugin-images";
import { deployConfigCheck } from "./scripts/deploy-config.ts";

/** `CLOUDFLARE_ENV=production` builds the production environment of `wrangler.toml`. */
const PRODUCTION = process.env.CLOUDFLARE_ENV === "production";

/**
 * The site's own modules every page needs on first load (header, footer,
 * theme, cards). They go into one browser chunk instead of a dozen tiny ones:
 * fewer requests and better compression. Anything loaded lazily (drawer,
 * toasts, forms, accounts) stays out of it.
 */
const FIRST_LOAD_MODULES = new RegExp(
  [
    String.raw`/app/components/(site-header|logo|theme-toggle|cart-button|deferred|article-card|responsive-image|json-ld)\.tsx$`,
    String.raw`/app/components/(site-footer|toaster-loader|unexpected-error|lazy-not-found-page)\.tsx$`,
    String.raw`/app/lib/(meta|nonce|use-flags|use-idle|use-has-cart|use-hydration-marker|dates|theme|theme-storage-key|context|toast)\.ts$`,
    String.raw`/core/(flags|cart-storage)\.ts$`,
    String.raw`/content/(categories|site|article-image|image-variants)\.ts$`,
    String.raw`/node_modules/clsx/`,
    String.raw`/node_modules/react-dom/`,
    String.raw`/node_modules/react/`,
    String.raw`/node_modules/scheduler/`,
    String.raw`/node_modules/lucide-react/dist/esm/(lucide-react|createLucideIcon|defaultAttributes|Icon|context|shared/)`,
  ].join("|"),
);

/**
 * The newsletter prompt that closes every content page (home, blog,
 * articles), with its form: one chunk for those pages instead of seven small
 * ones. The form's submit logic stays lazy (`core/forms.ts`).
 */
const NEWSLETTER_PROMPT_MODULES = new RegExp(
  [
    String.raw`/app/components/(newsletter-prompt|newsletter-form|form-needs-script|cta-band|cta-block)\.tsx$`,
    String.raw`/app/lib/(form-messages|form-machine|submissions)\.ts$`,
    String.raw`/node_modules/lucide-react/dist/esm/icons/(mail|target)\.js$`,
  ].join("|"),
);

/**
 * Vite build for the site: the Cloudflare plugin turns the SSR environment
 * into the worker (`wrangler.toml` → `build/server`), React Router builds the
 * route modules, Tailwind compiles `app/app.css`, and `articlesPlugin`
 * compiles `content/articles/*.md` (a bad file fails the build), and
 * `imagesPlugin` encodes `content/images/**` into AVIF and WebP at several widths,
 * and `fontPlugin` cuts the brand font to the characters and weights the site uses.
 */
export default defineConfig({
  plugins: [
    deployConfigCheck(PRODUCTION),
    articlesPlugin(import.meta.dirname),
    imagesPlugin(import.meta.dirname),
    fontPlugin(import.meta.dirname),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  define: {
    // Production bundles leave the commerce sandbox out (rule 5.7).
    __COMMERCE_SANDBOX__: JSON.stringify(!PRODUCTION),
    // Part of every page cache key: a new build never serves an older build's pages.
    __BUILD_ID__: JSON.stringify(randomUUID().slice(0, 8)),
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
                { name: "app", test: (id: string) => FIRST_LOAD_MODULES.test(id.replaceAll("\\", "/")) },
                {
                  name: "newsletter-prompt",
                  test: (id: string) => NEWSLETTER_PROMPT_MODULES.test(id.replaceAll("\\", "/")),
                },
              ],
            },
          },
        },
      },
    },
  },
});
