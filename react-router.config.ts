import type { Config } from "@react-router/dev/config";

/** React Router framework mode: server rendering on, app code under `app/`. */
export default {
  ssr: true,
} satisfies Config;
