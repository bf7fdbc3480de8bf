import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { articlesPlugin } from "./content/build/vite-plugin-articles";

/**
 * Vite build for the site: the Cloudflare plugin turns the SSR environment
 * into the worker (`wrangler.toml` → `build/server`), React Router builds the
 * route modules, Tailwind compiles `app/app.css`, and `articlesPlugin`
 * compiles `content/articles/*.md` (a bad file fails the build).
 */
export default defineConfig({
  plugins: [
    articlesPlugin(import.meta.dirname),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});
