import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Vite build for the site: the Cloudflare plugin turns the SSR environment
 * into the worker (`wrangler.toml` → `build/server`), React Router builds the
 * route modules, Tailwind compiles `app/app.css`.
 */
export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
