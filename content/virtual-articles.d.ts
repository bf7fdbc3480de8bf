/**
 * The compiled articles, newest first, for the worker tests (content/build/vite-plugin-articles.ts); the worker reads
 * the same articles from its content files (content/content-store.server.ts).
 */
declare module "virtual:vpf/articles" {
  const articles: import("./article-schema").Article[];
  export default articles;
  export const PREVIEW: boolean;
}

/** URL of the brand font's subset (content/build/vite-plugin-font.ts). */
declare module "virtual:vpf/font" {
  const url: string;
  export default url;
}

/** URL of the footer's social-mark sprite (content/build/vite-plugin-social-marks.ts). */
declare module "virtual:vpf/social-marks" {
  const url: string;
  export default url;
}
