import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Two test projects:
 * - `unit`: pure modules, beside their code (`app/**`, `content/**`, `scripts/**`), in Node.
 * - `worker`: `tests/worker/**` inside workerd against the built worker
 *   (`build/server/wrangler.json`, so run `npm run build` first) with real local KV.
 *   The flag cache is off so each test sees the KV value it wrote.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "content/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./build/server/wrangler.json" },
            miniflare: { bindings: { FLAGS_CACHE_TTL_MS: "0" } },
          }),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
        },
      },
    ],
  },
});
