import type { Config } from "@react-router/dev/config";

/**
 * React Router framework mode: server rendering on, app code under `app/`. `VPF_BUILD_DIR` moves the build out of
 * `build/`, so `npm run deploy` never replaces what a running `npm start` serves.
 */
export default {
  ssr: true,
  buildDirectory: process.env.VPF_BUILD_DIR ?? "build",
} satisfies Config;
